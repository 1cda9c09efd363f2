"""Each fixable rule: its before/after fixture pair byte for byte, the re-run clean of the
rule, a case where no fix is offered, and the bytes outside the changed node untouched."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from toollint.commands.cli import main

CASES = Path(__file__).parent / "cases"
# code -> (rule selection, needs --unsafe-fixes)
RULES = {
    "TL204": ("TL204", False),
    "TL205": ("TL205", False),
    "TL202": ("TL202", True),
    "TL203": ("TL203", True),
    "TL210": ("TL210", False),
    "TL003": ("TL003,TL101,TL103,TL201,TL301", False),
    "TL209": ("TL209", True),
    "TL306": ("TL306", True),
}


def check(tmp_path, monkeypatch, capsys, *args):
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    code = main(["check", "--isolated", "--no-cache", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def place(tmp_path, case: str) -> Path:
    target = tmp_path / "tools.py"
    shutil.copyfile(CASES / case, target)
    return target


def json_findings(tmp_path, monkeypatch, capsys, select, *extra):
    _, out, _ = check(tmp_path, monkeypatch, capsys, "tools.py", "--select", select, "--output-format", "json",
                      *extra)
    return json.loads(out) if out.strip() else []


@pytest.mark.parametrize("code", sorted(RULES))
def test_fix_gives_the_after_file(code, tmp_path, monkeypatch, capsys):
    select, unsafe = RULES[code]
    target = place(tmp_path, f"{code.lower()}_before.py")
    before = [f for f in json_findings(tmp_path, monkeypatch, capsys, select) if f["code"] == code]
    assert before and all(f["fix"] is not None for f in before), before
    assert {f["fix"]["applicability"] for f in before} == {"unsafe" if unsafe else "safe"}
    args = ["tools.py", "--select", select, "--fix"] + (["--unsafe-fixes"] if unsafe else [])
    check(tmp_path, monkeypatch, capsys, *args)
    assert target.read_bytes() == (CASES / f"{code.lower()}_after.py").read_bytes()
    after = json_findings(tmp_path, monkeypatch, capsys, select)
    assert [f for f in after if f["code"] == code] == []


@pytest.mark.parametrize("code", sorted(RULES))
def test_no_fix_where_the_literal_is_not_written_there(code, tmp_path, monkeypatch, capsys):
    select, _ = RULES[code]
    target = place(tmp_path, f"{code.lower()}_nofix.py")
    found = [f for f in json_findings(tmp_path, monkeypatch, capsys, select) if f["code"] == code]
    assert found, "the rule must still fire"
    assert all(f["fix"] is None for f in found), found
    check(tmp_path, monkeypatch, capsys, "tools.py", "--select", select, "--fix", "--unsafe-fixes")
    assert target.read_bytes() == (CASES / f"{code.lower()}_nofix.py").read_bytes()


@pytest.mark.parametrize("code", sorted(RULES))
def test_bytes_outside_the_changed_node_are_identical(code, tmp_path, monkeypatch, capsys):
    """Applying a fix changes nothing outside the node its edit names (Edit.scope: the
    list, the dict, the parameter's line, the comment's line)."""
    from toollint.commands.common import linked_project  # noqa: F401 - the engine, in process
    from toollint.config.settings import Settings
    from toollint.engine.core import run
    from toollint.fix.apply import apply_file

    select, _ = RULES[code]
    target = place(tmp_path, f"{code.lower()}_before.py")
    monkeypatch.chdir(tmp_path)
    data = target.read_bytes()
    findings = [f for f in run(["tools.py"], Settings(select=tuple(select.split(","))), cache=False).findings
                if f.code == code]
    assert findings
    lines = data.decode().splitlines(keepends=True)

    def offset(line, col):
        return sum(len(x) for x in lines[:line - 1]) + col - 1

    for f in findings:
        new = apply_file("tools.py", data, [f.fix]).source.decode()
        old = data.decode()
        for edit in f.fix.edits:
            s = edit.scope
            a = offset(s.line, s.col)
            b = min(offset(s.end_line, 1) + len(lines[s.end_line - 1].rstrip("\r\n")), offset(s.end_line, s.end_col))
            assert new != old and new.startswith(old[:a]) and new.endswith(old[b:]), (code, edit)


def test_the_rule_pages_with_a_fix_section_are_the_rules_that_fix():
    from toollint.rulekit.registry import all_rules, doc_path

    with_section = {code for code in all_rules() if "\n## Fix\n" in Path(doc_path(code)).read_text()}
    assert with_section == set(RULES)
