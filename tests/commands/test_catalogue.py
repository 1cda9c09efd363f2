"""`toollint rule CODE|NAME` and `toollint rule --all`, through the command line."""
from __future__ import annotations

import json
import re

import pytest

from toollint.commands.rule import page
from toollint.commands.cli import main
from toollint.config.settings import ConfigError
from toollint.rulekit.registry import all_rules, doc_path

ASSERTION = re.compile(r"#\s*error:\s*\[")


def run(capsys, *argv):
    code = main(["rule", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_all_text_is_an_aligned_table(capsys):
    code, out, err = run(capsys, "--all")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["CODE", "NAME", "DEFAULT", "SUMMARY"]
    rows = lines[1:]
    assert [row.split()[0] for row in rows] == list(all_rules())
    # every column starts at the same offset on every line
    for column in ("NAME", "DEFAULT", "SUMMARY"):
        start = lines[0].index(column)
        for row in rows:
            assert row[start - 2:start] == "  " and row[start] != " ", (column, row)
    for row, (code_, rule) in zip(rows, all_rules().items()):
        name_start, default_start, summary_start = (lines[0].index(c) for c in ("NAME", "DEFAULT", "SUMMARY"))
        assert row[name_start:].split()[0] == rule.name
        assert row[default_start:].split()[0] == ("on" if rule.default_enabled else "off")
        assert row[summary_start:] == rule.summary


def test_all_json(capsys):
    code, out, _ = run(capsys, "--all", "--output-format", "json")
    assert code == 0
    data = json.loads(out)
    assert [d["code"] for d in data] == list(all_rules())
    for d in data:
        rule = all_rules()[d["code"]]
        assert d == {
            "code": rule.code,
            "name": rule.name,
            "summary": rule.summary,
            "default_enabled": rule.default_enabled,
        }


@pytest.mark.parametrize("spelling", ["TL203", "tl203", "nullable-required", "nullable_required"])
def test_one_rule_text_by_code_or_name(capsys, spelling):
    code, out, err = run(capsys, spelling)
    assert code == 0 and err == ""
    assert out.startswith("# TL203 nullable-required\n")
    assert "## What it does" in out and "## Use instead:" in out
    assert "```python" in out
    assert not ASSERTION.search(out), "doc-test assertions must not reach the reader"


def test_one_rule_json(capsys):
    code, out, _ = run(capsys, "TL305", "--output-format", "json")
    assert code == 0
    data = json.loads(out)
    rule = all_rules()["TL305"]
    assert list(data) == ["code", "name", "summary", "default_enabled", "doc"]
    assert data["code"] == "TL305" and data["name"] == rule.name == "unreachable-tool"
    assert data["summary"] == rule.summary and data["default_enabled"] is True
    assert data["doc"] == page("TL305")
    assert data["doc"].startswith("# TL305 unreachable-tool\n")


def test_page_strips_only_the_assertion_comment():
    with open(doc_path("TL102"), encoding="utf-8") as f:
        raw = f.read()
    assert ASSERTION.search(raw), "the TL102 page is expected to carry assertions"
    clean = page("TL102")
    assert not ASSERTION.search(clean)
    raw_lines, clean_lines = raw.split("\n"), clean.split("\n")
    assert len(raw_lines) == len(clean_lines)
    for before, after in zip(raw_lines, clean_lines):
        if before != after:
            # the code is kept as written, only the comment and the spaces before it go
            assert before.startswith(after) and after == after.rstrip()
            assert re.fullmatch(r"\s*#\s*error:\s*\[[A-Z0-9, ]+\]\s*", before[len(after):])
    assert '"description": "Get customer profile information.",\n' in clean


def test_every_rule_has_a_page_without_assertions():
    for code_, rule in all_rules().items():
        text = page(code_)
        assert text.startswith(f"# {code_} {rule.name}\n")
        assert not ASSERTION.search(text)


def test_unknown_rule_is_a_usage_error(capsys):
    code, out, err = run(capsys, "TL999")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("toollint: error: unknown rule 'TL999'")
    assert "TL101" in err and "TL306" in err


def test_page_raises_config_error_naming_valid_codes():
    with pytest.raises(ConfigError, match=r"unknown rule 'no-such-rule'; valid codes: TL001, ") as info:
        page("no-such-rule")
    assert all(code in str(info.value) for code in all_rules())


@pytest.mark.parametrize("argv", [[], ["TL101", "--all"]])
def test_rule_or_all_exactly_one(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("toollint: error: ") and err.count("\n") == 1


def test_rule_names_from_file_names_are_the_rules_own():
    """The CLI validates --select and the config against names read from file names, so
    that a run that judges nothing imports no rule; they must be the classes' own."""
    from toollint.rulekit.registry import all_rules, rule_names

    assert rule_names() == {code: rule.name for code, rule in all_rules().items()}
