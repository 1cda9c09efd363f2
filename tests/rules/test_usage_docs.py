"""The TL4xx pages are tests too, run through `toollint usage` as a user would run it.

A section's ```python block is the source (`tools.py`) and its ```json block the logged
payloads (`logs.jsonl`: JSON Lines, or one JSON document); `toollint usage --responses
logs.jsonl tools.py` must report exactly at the `# error: [TL4xx]` marks, as on the other
pages. A mark in the json block (an orphan call is reported at the payload) is removed
before the file is written. A page shows a turn or two standing for the hundreds its prose
describes, so the run scales the thresholds to what is shown: every tool shown is judged
(`--min-offered 1`), and one called in some of the shown turns but not all is rare
(`--rare 99%`). A finding printed in the section's ```text block must be one of the marks.
"""
from __future__ import annotations

import json
import os
import re

import pytest

from test_rule_docs import _ANNOTATION, _annotations, _blocks, _pages
from toollint.commands.cli import main

_PRINTED = re.compile(r"^(?P<path>\S+):(?P<line>\d+):\d+: (?P<code>TL\d{3}) ", re.M)
SECTIONS = ("Example", "Use instead:")


def _cases():
    return [pytest.param(page, section, id=f"{page[:5]}-{section.rstrip(':').replace(' ', '-').lower()}")
            for page in _pages() if page.startswith("tl4") for section in SECTIONS]


def _one(blocks, lang, where):
    found = [b for b in blocks if b.lang == lang]
    assert len(found) == 1, f"{where}: expected one ```{lang} block, found {len(found)}"
    return found[0]


def _marks(source: str, file: str):
    return {(file, line, code) for line, code in _annotations(source)}


@pytest.mark.parametrize("page, section", _cases())
def test_usage_page_example(page, section, tmp_path, monkeypatch, capsys):
    blocks = [b for b in _blocks(page, langs=("python", "json", "text")) if b.section == section]
    where = f"{page}, '## {section}'"
    source, payloads = _one(blocks, "python", where), _one(blocks, "json", where)
    expected = _marks(source.source, "tools.py") | _marks(payloads.source, "logs.jsonl")
    if section == "Example":
        assert expected, f"{where}: an Example needs a '# error: [{source.code}]' mark"
    else:
        assert not expected, f"{where}: a 'Use instead:' section must not fire"

    (tmp_path / "tools.py").write_text(source.source, encoding="utf-8")
    unmarked = "\n".join(_ANNOTATION.sub("", line).rstrip() for line in payloads.source.splitlines())
    (tmp_path / "logs.jsonl").write_text(unmarked + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    codes = ",".join(sorted({source.code} | {code for _, _, code in expected}))
    main(["usage", "--responses", "logs.jsonl", "tools.py", "--isolated", "--select", codes,
          "--min-offered", "1", "--rare", "99%", "--output-format", "json", "-q"])
    out, err = capsys.readouterr()
    assert "warning" not in err, f"{where}: {err}"
    rows = json.loads(out)
    found = {(os.path.basename(r["filename"]), r["location"]["row"], r["code"]) for r in rows}
    messages = "\n".join(f"  {r['filename']}:{r['location']['row']} {r['code']} {r['message']}" for r in rows)
    assert found == expected, (f"{where}: findings differ from the '# error:' marks\n"
                               f"  missing: {sorted(expected - found)}\n  unexpected: {sorted(found - expected)}\n"
                               f"{messages}")

    for block in (b for b in blocks if b.lang == "text"):
        for m in _PRINTED.finditer(block.source):
            file = "tools.py" if m["path"].endswith(".py") else "logs.jsonl"
            assert (file, int(m["line"]), m["code"]) in expected, (
                f"{page} line {block.first_line}: the output shown, {m.group(0).strip()}, is at no mark")
