"""What the output-format tests share: a finding builder, rule docs, messages and paths built to
break a terminal or a CI log, and a reader of GitHub workflow commands."""
from __future__ import annotations

import re

from toollint.report.format import RuleDoc
from toollint.model import Finding, Span


DOCS = {
    "TL001": RuleDoc("TL001", "syntax-error", "A file cannot be parsed", "https://example.invalid/rules/TL001"),
    "TL101": RuleDoc(
        "TL101",
        "missing-description",
        "No description, or an empty one",
        "https://example.invalid/rules/TL101",
        explanation="The model chooses tools from their descriptions.",
    ),
    "TL203": RuleDoc("TL203", "nullable-required", "Nullable and required", "rules/tl203_nullable_required.md"),
    "TL305": RuleDoc("TL305", "unreachable-tool", "In no router category"),
}

SGR = re.compile(r"\x1b\[[0-9;]*m")


def fnd(code="TL101", message="tool has no description", path="pkg/tools.py", line=3, col=5,
        end_line=None, end_col=None, noqa_line=0, name=None):
    names = {"TL001": "syntax-error", "TL101": "missing-description", "TL203": "nullable-required"}
    span = Span(path, line, col, line if end_line is None else end_line, col + 4 if end_col is None else end_col)
    return Finding(code, name or names.get(code, "some-rule"), message, span, noqa_line)


def is_terminal_safe(text: str) -> bool:
    """Nothing a terminal acts on besides newline and tab."""
    for c in text:
        o = ord(c)
        if (o < 0x20 and c not in "\n\t") or 0x7F <= o <= 0x9F:
            return False
        if c in "\u2028\u2029\u061c\u200e\u200f" or 0x202A <= o <= 0x202E or 0x2066 <= o <= 0x2069:
            return False
    return True


HOSTILE = [
    "line one\nline two",
    "x\r\nfake.py:1:1: TL999 forged finding",
    "\x1b[2K\x1b[1Aerase the previous line",
    "\x1b]8;;http://evil\x07link\x1b]8;;\x07",
    "::error file=evil.py,line=1::forged annotation",
    "%0A::error::forged via percent",
    "a,b:c%25d%",
    '"}], "code": "TL999", "x": [{"',
    "<script>alert(1)</script>&amp;<!--",
    "]]><result/><![CDATA[",
    "\u202egnp.exe hidden order\u202c",
    "\u2028line sep\u2029para sep\x85nel",
    "\x9b31mC1 CSI\x9c",
    "\x00nul\x7fdel\x08bs\x0cff\x0bvt",
    "tab\there",
    "back\\nslash\\x1b",
    "",
]


def hostile_findings():
    return [fnd(message=m, line=i + 1) for i, m in enumerate(HOSTILE)]


GH_LINE = re.compile(r"^::(?:error|warning) (?P<props>[^:\n]*)::(?P<data>[^\n]*)$")


def gh_unescape(text: str) -> str:
    table = {"%25": "%", "%0D": "\r", "%0A": "\n", "%3A": ":", "%2C": ","}
    return re.sub(r"%(25|0D|0A|3A|2C)", lambda m: table[m.group(0)], text)


def parse_github(out: str):
    assert out.endswith("\n")
    rows = []
    for line in out[:-1].split("\n"):
        m = GH_LINE.match(line)
        assert m, line
        props = {}
        for item in m.group("props").split(","):
            key, _, value = item.partition("=")
            props[key] = gh_unescape(value)
        rows.append((props, gh_unescape(m.group("data"))))
    return rows
