"""Robustness, hostile code and text: nothing toollint reads is run, and no description, source
line or file name can add, hide or alter a finding in any output format."""
from __future__ import annotations

import contextlib
import io
import json
import re
import textwrap
from pathlib import Path
from typing import List, Tuple

import pytest

from robustcase import GOOD, LINE, _assert_inert, _strip_sgr, assert_no_crash, by_file, check, project, toollint
from toollint.commands.cli import main


# --- 6. nothing is run ---------------------------------------------------------------------------


def test_nothing_it_reads_is_run(tmp_path):
    marker = tmp_path / "RAN"
    m = repr(str(marker))
    files = {
        "pkg/__init__.py": f"open({m} + '-init', 'w').write('x')\n",
        "pkg/writes.py": f"""
            import pathlib
            pathlib.Path({m} + '-write').write_text('ran')
            TOOLS = [{{"name": "writer", "input_schema": {{"type": "object"}}}}]
            """,
        "pkg/exits.py": """
            import os, sys
            TOOLS = [{"name": "exiter", "input_schema": {"type": "object"}}]
            sys.exit(7)
            os._exit(7)
            """,
        "pkg/threads.py": f"""
            import threading, time
            def run():
                open({m} + '-thread', 'w').write('x')
            threading.Thread(target=run).start()
            time.sleep(3600)
            TOOLS = [{{"name": "threader", "input_schema": {{"type": "object"}}}}]
            """,
        "pkg/recurses.py": """
            import pkg.recurses
            from .recurses import *
            def forever(n=0):
                return forever(n + 1)
            forever()
            while True:
                pass
            TOOLS = [{"name": "recurser", "input_schema": {"type": "object"}}]
            """,
        "pkg/sneaky.py": f"""
            def default(x=open({m} + '-default', 'w')): ...
            class K:
                body = open({m} + '-class', 'w')
            @open({m} + '-decorator', 'w').write
            def f(): ...
            TOOLS = [{{"name": "sneaky", "description": __import__('os').system('touch ' + {m}),
                       "input_schema": {{"type": "object", "properties": {{"q": {{"type": "string"}}}}}}}}]
            """,
        # files named like modules toollint itself imports, in the folder it runs from
        "textwrap.py": f"open({m} + '-shadow', 'w').write('x')\n",
        "pygments.py": f"open({m} + '-shadow2', 'w').write('x')\n",
        "sitecustomize.py": f"open({m} + '-site', 'w').write('x')\n",
    }
    files = {k: textwrap.dedent(v) for k, v in files.items()}
    root = project(tmp_path, files)
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in root.rglob("*.py")}
    for args in (["--no-cache", "."], ["--show-source", "."], ["-j", "2", "."]):
        result = toollint("--isolated", *args, cwd=root, timeout=120)
        assert_no_crash(result)
        found = by_file("".join(line + "\n" for line in result.stdout.splitlines() if LINE.match(line)))
        for name in ("writes.py", "exits.py", "threads.py", "recurses.py", "sneaky.py"):
            assert found.get(name), (name, result.stdout)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("RAN")) == []
    after = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in root.rglob("*.py")}
    assert after == before  # nor is anything it reads written


# --- 7. hostile text -------------------------------------------------------------------------

HOSTILE = (
    "x\n::error file=forged.py,line=1::forged\r\n##[error]forged ##vso[task.logissue type=error]forged"
    " %0A::warning::forged \x1b[2J\x1b[31mred\x1b]8;;http://x\x07link\x1b\\ \u202eevil\u202c"
    ' "},{"code": "TL999"}] </x><x>&amp; <!-- --> ${{ secrets.X }} \x85 \u2028 \x00end'
)


def _hostile_project(root: Path, payload: str) -> Path:
    # The payload is a tool's name (quoted in messages, its line echoed by `full`: written
    # raw, control characters and all) and a property's name (written with escapes).
    raw = payload
    for ch in "\n\r\x00\x85\u2028":  # line breaks cannot stand raw in a one-line literal
        raw = raw.replace(ch, " ")
    literal = '"' + raw.replace("\\", "\\\\").replace('"', '\\"') + '"'
    source = (
        "TOOLS = [\n"
        "    {\n"
        f"        'name': {literal},\n"
        '        "description": """Look up the status of an order by its id. Call this when the user asks\n'
        "where an order is. Do not call this for refunds.\n"
        "::error file=forged.py,line=2::forged\n"
        '""",\n'
        f"        'input_schema': {{'type': 'object', 'properties': {{{payload!r}: {{'type': 'string'}}}}}},\n"
        "    },\n"
        "]\n"
    )
    return project(root, {"tools.py": source, "good.py": GOOD})


def _parse_output(fmt: str, out: str) -> List[Tuple[str, int, int]]:
    """(code, line, column) of each finding, read back from one output format."""
    if fmt == "json":
        return [(r["code"], r["location"]["row"], r["location"]["column"]) for r in json.loads(out)]
    if fmt == "sarif":
        results = json.loads(out)["runs"][0]["results"]
        return [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"],
                 r["locations"][0]["physicalLocation"]["region"]["startColumn"]) for r in results]
    if fmt == "gitlab":
        rows = json.loads(out)
        return [(r["check_name"], r["location"]["lines"]["begin"], 0) for r in rows]
    if fmt == "github":
        found = []
        for line in out.splitlines():
            m = re.fullmatch(r"::(?:error|warning) file=([^,]*),line=(\d+),col=(\d+),endLine=\d+,endColumn=\d+,title=([^:]*)::(.*)", line)
            assert m, line
            found.append((m[5].split(" ")[0], int(m[2]), int(m[3])))
        return found
    # concise, full: finding lines, after colour codes are removed
    found = []
    for line in _strip_sgr(out).splitlines():
        m = LINE.match(line)
        if m and not line.startswith(" "):
            found.append((m["code"], int(m["line"]), int(m["col"])))
    return found


@pytest.mark.parametrize("fmt", ["concise", "full", "full-color", "json", "github", "sarif", "gitlab"])
def test_hostile_text_cannot_add_hide_or_alter_findings(tmp_path, fmt):
    args = ["--output-format", "full", "--color", "always"] if fmt == "full-color" else ["--output-format", fmt]
    benign = _hostile_project(tmp_path / "benign", "bad name with spaces")
    hostile = _hostile_project(tmp_path / "hostile", HOSTILE)

    def run(root):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["check", "--isolated", "--no-cache", *args, str(root)])
        return code, out.getvalue(), err.getvalue()

    code_b, out_b, _ = run(benign)
    code_h, out_h, err_h = run(hostile)
    assert code_b == code_h == 1
    expected = _parse_output(fmt.replace("-color", ""), out_b)
    assert expected and any(c == "TL301" for c, _, _ in expected)
    assert _parse_output(fmt.replace("-color", ""), out_h) == expected
    _assert_inert(out_h, fmt)
    _assert_inert(err_h, "stderr")
    if fmt in ("json", "sarif", "gitlab"):  # the text itself survives, escaped, exactly
        assert "##[error]forged" in json.dumps(json.loads(out_h), ensure_ascii=False)


def test_a_hostile_file_name_cannot_forge_a_finding(tmp_path, monkeypatch):
    root = project(tmp_path, {"good.py": GOOD})
    (root / "::error file=x.py,line=1::forged.py").write_text(GOOD)  # a line that starts with ::
    (root / "evil\n::warning::forged ##[error]x \x1b[31m.py").write_text(GOOD)
    monkeypatch.chdir(root)  # paths are printed relative, at the start of each line
    for fmt in ("concise", "full", "github", "json", "sarif", "gitlab"):
        code, out, err = check("--isolated", "--no-cache", "--output-format", fmt, ".")
        assert code == 1
        assert len(_parse_output(fmt, out)) == 3, out
        _assert_inert(out, fmt)


def test_terminal_output_escapes_echoed_source(tmp_path):
    root = _hostile_project(tmp_path, HOSTILE)
    code, out, _ = check("--isolated", "--no-cache", "--output-format", "full", str(root))
    assert "\\x1b[2J" in out and "\\u202e" in out  # shown, not acted on
    _assert_inert(out, "full")
