"""The sibling tools a description points to (TL104's last resort, TL105's names):
"use search_orders instead", "`escalate_ticket` handles those", "prefer get_doc".

Pure functions over strings (stdlib ``re`` only); beside phrases.py, which holds the
clause detectors, and exclusions.py, the exclusion clause set.
"""
from __future__ import annotations

import re
from typing import Dict, List, Tuple

from toollint.rulekit.words import STOP, TOOL_VERBS

_ID = r"(?:``?(?P<bt>[^`\s]{1,100})``?|(?P<id>[A-Za-z][\w.\-]*[A-Za-z0-9]))"  # `x`, RST's ``x``
_TOOL_WORD = r"(?:\s+(?:tool|function))?"
_POINTER_PATTERNS = (
    # "use search_users instead", "call get_invoice instead", "use X to find people instead"
    r"\b(?:use|call|invoke|try|run|pick|choose|select)\s+(?:the\s+)?" + _ID + _TOOL_WORD
    + r"(?=[^.;\n]{0,80}?\binstead\b)",
    # "prefer lookup_order", "preferably call `x`"
    r"\bprefer(?:s|ably)?\s+(?:to\s+(?:use|call)\s+|using\s+|calling\s+)?(?:the\s+)?" + _ID,
    # "instead of delete_user", "rather than calling x"
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:calling\s+|using\s+|invoking\s+)?(?:the\s+)?" + _ID,
    # "use `search_users` for that"
    r"\b(?:use|call|try)\s+(?:the\s+)?" + _ID + _TOOL_WORD
    + r"\s+(?:for|with)\s+(?:that|this|those|these|them|it)\b",
    # "Do not use this for refunds; use issue_refund."
    r"(?:\bnot\b|n['\u2019]t\b|\bnever\b)[^.\n]{0,120}?(?:[,;:]|\s[\u2014\u2013-])\s*(?:use|call|try)\s+(?:the\s+)?"
    + _ID + _TOOL_WORD + r"(?=\s*(?:[.;,!)\n]|$))",
    # "For refunds, use issue_refund."
    # ... also without the comma: "For a segment's row count use `segment_details`" (round 46, A)
    r"(?:^|(?<=[.;:!?\n]))\s*(?:for|to|if|when|whenever)\b(?:[^.;\n]|\n(?!\s*\n)){1,80}?(?:,\s*|\s+)(?:use|call|try)\s+(?:the\s+)?"
    + _ID + _TOOL_WORD + r"(?:\s*(?:\+|&|,|\band\b|\bthen\b)\s*`?[A-Za-z][\w.\-]*`?)*"  # "use a + b"
    + r"(?=\s*(?:[.;!)\n]|$))",
    r"\b(?:handled|covered|done|served)\s+by\s+(?:the\s+)?" + _ID,
    # the sibling whose result calls for this one: "Use this tool when 'read_book_text' returns
    # has_more=True" (held-out round 64, G and M4: a stale name there is TL105's)
    r"\bwhen\s+(?:the\s+)?['\"]?" + _ID + r"['\"]?(?:\(\))?" + _TOOL_WORD + r"\s+(?:returns|gives|reports|fails)\b",
)
_POINTERS = tuple(re.compile(p, re.IGNORECASE) for p in _POINTER_PATTERNS)
# "...; escalate_ticket handles those". The identifier comes first, so this pattern
# would be tried at every word: run it only when its verb phrase is present.
_HANDLES = r"\s+(?:handles|covers|takes\s+care\s+of|is\s+for|does)\s+(?:those|that|these|them|this|it)\b"
_HANDLES_GATE = re.compile(_HANDLES, re.IGNORECASE)
_HANDLES_POINTER = re.compile(r"(?<![\w.`-])" + _ID + _TOOL_WORD + _HANDLES, re.IGNORECASE)

_IDENT = re.compile(r"[A-Za-z_][\w.\-]*")
CAMEL = re.compile(r"[a-z]{2,}[a-z0-9]*(?:[A-Z][a-z0-9]+)+")  # a camelCase name (rules/tl105 too)
_KEBAB_PARTICLES = frozenset("only in on up out off over back down through to by".split())
# Naming conventions and nouns that follow a *parameter* or field, never a tool.
_NOT_TOOLS = frozenset(
    "snake_case camelcase kebab-case pascalcase lower_case upper_case screaming_snake_case".split()
)
_FIELD_NOUNS = frozenset(
    """field fields parameter parameters param params argument arguments arg args column
    columns flag flags option options key keys value values mode format attribute
    attributes property properties variable variables header headers setting settings
    filter type style convention case naming notation syntax env""".split()
)
_NEXT_WORD = re.compile(r"\s*([A-Za-z]+)?")
_KEBAB_FOLLOW = frozenset("instead tool function for to when if rather unless".split())


def _toolish(name: str, bare: bool) -> bool:
    if name.lower() in _NOT_TOOLS or not _IDENT.fullmatch(name) or name.count(".") > 1:
        return False  # "instead of ``stepParams.botParams.text``": a field path (held-out round 52, D)
    if not bare:
        return name.lower() not in STOP
    if "_" in name:
        return True
    if CAMEL.fullmatch(name):
        return True
    if "-" in name and "." not in name:
        parts = name.lower().split("-")
        return parts[0] in TOOL_VERBS and parts[-1] not in _KEBAB_PARTICLES
    return False


def mentioned_tools(description: str) -> List[Tuple[str, int]]:
    """Identifiers an exclusion clause points to as another tool, with their offsets.

    Only tool-like identifiers count: snake_case, camelCase, verb-led kebab-case
    (``search-users``, not ``read-only``), or anything in backticks. An identifier
    followed by a field noun ("use order_id field instead") is a parameter, not a tool.
    Each name is reported once, at its first offset; results are in text order.
    """
    if not description:
        return []
    found: Dict[str, int] = {}
    patterns = _POINTERS
    if _HANDLES_GATE.search(description):
        patterns = patterns + (_HANDLES_POINTER,)
    for pattern in patterns:
        for m in pattern.finditer(description):
            bare = m.group("bt") is None
            group = "id" if bare else "bt"
            name = m.group(group)
            start = m.start(group)
            if not bare and name.endswith("()"):
                name = name[:-2]
            if not _toolish(name, bare):
                continue
            nxt = _NEXT_WORD.match(description, m.end(group) + (0 if bare else 1)).group(1)
            nxt = (nxt or "").lower()
            if nxt in _FIELD_NOUNS or nxt == "from":
                continue  # "prefer next_level from recommend_level": a value a tool returns (round 66, E)
            if bare and "-" in name and "_" not in name and nxt and nxt not in _KEBAB_FOLLOW:
                continue  # "use read-write mode": a compound adjective, not a tool
            if name not in found or start < found[name]:
                found[name] = start
    return sorted(found.items(), key=lambda kv: kv[1])
