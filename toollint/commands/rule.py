"""`toollint rule CODE|NAME` and `toollint rule --all`: the rule catalogue for people.

Each rule's page is rules/tlNNN_name.md, shipped as package data of toollint.rules. Its
code blocks carry `# error: [TLxxx]` assertion comments for the doc tests
(tests/rules/test_rule_docs.py); `page()` strips them, since they mean nothing to a reader.
"""
from __future__ import annotations

import json
import re
import sys
from typing import Dict, List, Optional, Tuple

from toollint.config.settings import ConfigError

__all__ = ["page", "resolve", "show"]

_FENCE = re.compile(r"^[ \t]*```")
_ASSERTION = re.compile(r"[ \t]*#[ \t]*error:[ \t]*\[[^\]\n]*\][ \t]*$")


def resolve(code_or_name: str) -> str:
    """The code of a rule given its code (any case) or its kebab-case name."""
    from toollint.rulekit.registry import all_rules

    rules = all_rules()
    wanted = (code_or_name or "").strip()
    if wanted.upper() in rules:
        return wanted.upper()
    by_name = {rule.name: code for code, rule in rules.items()}
    name = wanted.lower().replace("_", "-")
    if name in by_name:
        return by_name[name]
    raise ConfigError(f"unknown rule {wanted!r}; valid codes: {', '.join(rules)} (or the rules' names)")


def _strip_assertions(text: str) -> str:
    out: List[str] = []
    in_fence = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
        elif in_fence:
            line = _ASSERTION.sub("", line)
        out.append(line)
    return "\n".join(out)


def _raw_page(code: str) -> Optional[str]:
    from toollint.rulekit.registry import doc_path

    try:
        with open(doc_path(code), encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None


def page(code_or_name: str) -> str:
    """The rule's documentation page (Markdown), without the doc-test assertion comments.

    Raises ConfigError naming the valid codes when the rule is unknown.
    """
    from toollint.rulekit.registry import all_rules

    code = resolve(code_or_name)
    text = _raw_page(code)
    if text is None:  # a rule shipped without its page: say what is known
        rule = all_rules()[code]
        text = f"# {code} {rule.name}\n\n{rule.summary}.\n"
    return _strip_assertions(text)


def _entries() -> List[Dict[str, object]]:
    from toollint.rulekit.registry import all_rules

    return [
        {"code": code, "name": rule.name, "summary": rule.summary, "default_enabled": bool(rule.default_enabled)}
        for code, rule in all_rules().items()
    ]


def _table(rows: List[Tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    lines = []
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths)] + [row[-1]]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def _write(text: str) -> None:
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:  # a console that cannot show every character of a page
        encoding = getattr(sys.stdout, "encoding", None) or "ascii"
        sys.stdout.write(text.encode(encoding, "backslashreplace").decode(encoding))
    sys.stdout.flush()


def show(rule: Optional[str], all_: bool, fmt: str) -> int:
    """Print one rule's page, or the whole catalogue; return the exit code.

    fmt "text": the page as Markdown, or a table of code, name, default and summary.
    fmt "json": {code, name, summary, default_enabled, doc}, or an array of
    {code, name, summary, default_enabled}.
    """
    if fmt not in ("text", "json"):
        raise ConfigError(f"'--output-format' must be one of text, json; got {fmt!r}")
    if all_ and rule:
        raise ConfigError("give either a rule code or name, or --all, not both")
    if not all_ and not rule:
        raise ConfigError("give a rule code or name (e.g. 'toollint rule TL101'), or --all for the catalogue")

    if all_:
        entries = _entries()
        if fmt == "json":
            _write(json.dumps(entries, indent=2, ensure_ascii=False) + "\n")
        else:
            rows = [("CODE", "NAME", "DEFAULT", "SUMMARY")]
            rows += [
                (str(e["code"]), str(e["name"]), "on" if e["default_enabled"] else "off", str(e["summary"]))
                for e in entries
            ]
            _write(_table(rows))
        return 0

    code = resolve(rule or "")
    doc = page(code)
    if fmt == "json":
        entry = next(e for e in _entries() if e["code"] == code)
        entry["doc"] = doc
        _write(json.dumps(entry, indent=2, ensure_ascii=False) + "\n")
    else:
        _write(doc if doc.endswith("\n") else doc + "\n")
    return 0
