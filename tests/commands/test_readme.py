"""README.md stays true: its rules table is generated from rules/ and its commands exist.

Regenerate the table after adding or changing a rule with:
    UPDATE_README=1 python -m pytest tests/commands/test_readme.py
"""
from __future__ import annotations

import os
from pathlib import Path

from toollint.rulekit.registry import all_rules

README = Path(__file__).resolve().parents[2] / "README.md"
START, END = "<!-- rules-table:start -->", "<!-- rules-table:end -->"


def rules_table() -> str:
    lines = ["| code | name | on by default | what it catches |", "|---|---|---|---|"]
    for code, rule in all_rules().items():
        summary = rule.summary.replace("|", "\\|")  # a pipe would end the table cell
        lines.append(f"| {code} | `{rule.name}` | {'yes' if rule.default_enabled else 'no'} | {summary} |")
    return "\n".join(lines)


def test_rules_table_is_current():
    text = README.read_text(encoding="utf-8")
    assert START in text and END in text, "README.md lost its rules-table markers"
    current = text.split(START, 1)[1].split(END, 1)[0].strip()
    expected = rules_table()
    if current != expected and os.environ.get("UPDATE_README"):
        head, rest = text.split(START, 1)
        tail = rest.split(END, 1)[1]
        README.write_text(f"{head}{START}\n{expected}\n{END}{tail}", encoding="utf-8")
        return
    assert current == expected, "README's rules table is stale: run UPDATE_README=1 python -m pytest tests/commands/test_readme.py"


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one():
    text = README.read_text(encoding="utf-8")
    assert "pip install . && toollint check examples/" in text
    test_command = "pip install -e '.[test]' && python -m pytest -q"
    assert test_command in text
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci


def test_configuration_reference_lists_every_key():
    from toollint.config.load import VALID_KEYS

    text = README.read_text(encoding="utf-8")
    reference = text.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    missing = [key for key in VALID_KEYS if f"`{key}`" not in reference]
    assert not missing, f"README's configuration reference does not document {missing}"
