"""The parameters a tool's description or docstring names (TL108 reads them), found by
linking once for every tool, so that the rule reads facts.

What counts as naming a parameter, most certain first:

- an entry of a parameter section: Google `Args:` / `Parameters:` / `Keyword Args:`,
  NumPy `Parameters` underlined, Sphinx `:param x:` / `:type x:` / `@param x`;
- a backticked identifier next to a parameter noun: "the `limit` parameter",
  "argument `max_rows`", "`dry_run=true`" (a keyword with its value);
- a bare backticked snake_case identifier (`` `max_rows` ``) not written as a value
  ("one of `in_progress`"); the rule judges its sentence.

Plain words are never read as parameter names.
"""
from __future__ import annotations

import re
from typing import Dict, Iterable, List, Optional, Tuple

from toollint.model import Mention, Str, Tool

_PARAM_HEADER = re.compile(
    r"^(?P<indent>[ \t]*)(?:Args|Arguments|Parameters|Params|Keyword\s+Args|Keyword\s+Arguments|Kwargs"
    r"|Other\s+Parameters|Other\s+Args)[ \t]*:[ \t]*$",
    re.IGNORECASE,
)
_NUMPY_PARAM_HEADER = re.compile(r"^(?P<indent>[ \t]*)(?:Parameters|Other\s+Parameters|Keyword\s+Arguments)[ \t]*$",
                                 re.IGNORECASE)
_OTHER_HEADER = re.compile(
    r"^[ \t]*(?:Returns?|Yields?|Raises|Raise|Exceptions?|Examples?|Notes?|See\s+Also|Attributes|Warnings?"
    r"|References|Todo|Output|Response)[ \t]*:?[ \t]*$",
    re.IGNORECASE,
)
# Words a docstring puts where an entry would be ("Note: ..."): not parameter names.
_NOT_ENTRIES = frozenset(
    "note notes example examples return returns raises default defaults warning warnings see todo "
    "tip important caution usage output response eg ie".split()
)
_UNDERLINE = re.compile(r"^[ \t]*-{3,}[ \t]*$")
_ENTRY = re.compile(r"(?:[-*\u2022][ \t]+)?(?P<name>\*{0,2}[A-Za-z_]\w*)[ \t]*(?:\([^)\n]*\))?[ \t]*:(?=\s|$)")
_NUMPY_ENTRY = re.compile(r"(?P<names>\*{0,2}[A-Za-z_]\w*(?:[ \t]*,[ \t]*\*{0,2}[A-Za-z_]\w*)*)[ \t]*(?::.*)?$")
_SPHINX = re.compile(r"^[ \t]*[:@](?:param|parameter|arg|argument|key|keyword|type)\b(?P<body>[^:\n]*):",
                     re.MULTILINE | re.IGNORECASE)
_FENCE = re.compile(r"```.*?(?:```|\Z)|^[ \t]*>>>.*$", re.DOTALL | re.MULTILINE)

BACKTICKED = re.compile(r"(?<!`)(`{1,2})(?P<body>[^`\n]{1,80}?)\1(?!`)")
_IDENT = re.compile(r"[A-Za-z_]\w*")
_KEYWORD_VALUE = re.compile(r"(?P<name>[A-Za-z_]\w*)[ \t]*=(?!=)")
_SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
_NOUN = r"(?:parameters?|params?|arguments?|args?|fields?|propert(?:y|ies))"
_NOUN_BEFORE = re.compile(r"\b(?P<noun>" + _NOUN + r")[ \t]+$", re.IGNORECASE)
_NOUN_AFTER = re.compile(r"^[ \t]+(?P<noun>" + _NOUN + r")\b", re.IGNORECASE)
# Nouns that name input for certain; "field" and "property" also name output fields.
_INPUT_NOUN = re.compile(r"^(?:parameters?|params?|arguments?|args?)$", re.IGNORECASE)

# Right before a value, not a parameter: "one of `in_progress`", "status is `on_hold`".
_VALUE_BEFORE = re.compile(
    r"(?:\bone\s+of|\beither|\be\.g\.?|\bsuch\s+as|\blike|\bvalues?|\bto|\bequals?|\bis|\bare|\bor|\band|\bnot"
    r"|[=,/|(:])[ \t]*$",
    re.IGNORECASE,
)
_LIST_AFTER = re.compile(r"^[ \t]*(?:,|/|\||\bor\b|\band\b)", re.IGNORECASE)
# Right after a value or a setting of something else: "the `api_token` value", "the `x` env var".
_VALUE_AFTER = re.compile(r"^[ \t]+(?:values?|strings?|constants?|keys?|tokens?|variables?|vars?|env|column|table"
                          r"|files?|mode|status|state|setting|flag|tool|function|method|endpoint|command)\b",
                          re.IGNORECASE)



def _blank(m: "re.Match[str]") -> str:
    return re.sub(r"[^\n]", " ", m.group())


def mentions(text: str) -> List[Mention]:
    """The parameter names a description or docstring refers to, with their offsets."""
    text = _FENCE.sub(_blank, text)  # examples in code blocks call other things
    out: List[Mention] = []
    lines: List[Tuple[int, str]] = []
    offset = 0
    for line in text.split("\n"):
        lines.append((offset, line))
        offset += len(line) + 1

    prose = [True] * len(lines)  # whether backticked names on the line may be read
    i = 0
    while i < len(lines):
        start, line = lines[i]
        google = _PARAM_HEADER.match(line)
        numpy = (_NUMPY_PARAM_HEADER.match(line) if i + 1 < len(lines) and _UNDERLINE.match(lines[i + 1][1])
                 else None)
        if google or numpy:
            header = google or numpy
            end = _section(lines, i + (2 if numpy else 1), len(header.group("indent").expandtabs()),
                           bool(numpy), out)
            for j in range(i, end):
                prose[j] = False  # _section read the backticks of its lines
            i = end
            continue
        if i + 1 < len(lines) and line.strip() and _UNDERLINE.match(lines[i + 1][1]):
            # a NumPy Returns/Raises/Examples section: up to the next underlined header
            i += 2
            while i < len(lines) and not (i + 1 < len(lines) and lines[i][1].strip()
                                          and _UNDERLINE.match(lines[i + 1][1])):
                prose[i] = False
                i += 1
            continue
        if _OTHER_HEADER.match(line):
            # Returns/Raises/Examples: the names there are output fields and exceptions
            indent = _indent(line)
            i += 1
            while i < len(lines) and (not lines[i][1].strip() or _indent(lines[i][1]) > indent):
                prose[i] = False
                i += 1
            continue
        i += 1

    for m in _SPHINX.finditer(text):
        words = m.group("body").split()
        if words:
            name = words[-1].lstrip("*")
            if _IDENT.fullmatch(name):
                out.append(Mention(name, m.start("body") + m.group("body").rindex(words[-1]), "entry"))

    for (start, line), readable in zip(lines, prose):
        if readable:
            out.extend(_backticked_in(line, start))
    out.sort(key=lambda m: m.offset)
    return out


def _indent(line: str) -> int:
    return len(line.expandtabs()) - len(line.expandtabs().lstrip())


def _section(lines: List[Tuple[int, str]], i: int, header_indent: int, numpy: bool, out: List[Mention]) -> int:
    """Read the entries of a parameter section from line i; returns the line after it."""
    base: Optional[int] = None
    while i < len(lines):
        start, line = lines[i]
        if not line.strip():
            if base is not None and base <= header_indent and not numpy:
                return i  # unindented entries end at the first blank line
            i += 1
            continue
        indent = _indent(line)
        if base is None:
            if indent < header_indent or (indent == header_indent and not numpy and not _ENTRY.match(line.strip())):
                return i
            base = indent
        elif indent < base or (indent == base and base <= header_indent and not numpy
                               and not _ENTRY.match(line.strip())):
            return i
        if indent == base:
            body = line.lstrip()
            at = start + len(line) - len(body)
            underlined = i + 1 < len(lines) and _UNDERLINE.match(lines[i + 1][1])
            if _OTHER_HEADER.match(line) or _PARAM_HEADER.match(line) or underlined:
                return i
            if numpy:
                m = _NUMPY_ENTRY.match(body)
                if m:
                    for part in re.finditer(r"\*{0,2}([A-Za-z_]\w*)", m.group("names")):
                        if part.group(1).lower() not in _NOT_ENTRIES:
                            out.append(Mention(part.group(1), at + part.start(1), "entry"))
            else:
                m = _ENTRY.match(body)
                if m and m.group("name").lower() not in _NOT_ENTRIES:
                    name = m.group("name")
                    out.append(Mention(name.lstrip("*"), at + m.start("name") + len(name) - len(name.lstrip("*")),
                                        "entry"))
                    # the entry's own text may refer to another parameter
                    out.extend(_backticked_in(body[m.end():], at + m.end()))
                    i += 1
                    continue
        out.extend(_backticked_in(line, start))
        i += 1
    return i


def _backticked_in(line: str, start: int) -> List[Mention]:
    out: List[Mention] = []
    for m in BACKTICKED.finditer(line):
        body = m.group("body").strip()
        keyword = _KEYWORD_VALUE.match(body)
        if keyword and keyword.end() < len(body):
            out.append(Mention(keyword.group("name"), start + m.start("body"), "assign"))
            continue
        if not _IDENT.fullmatch(body):
            continue
        before, after = line[:m.start()], line[m.end():]
        noun = _NOUN_BEFORE.search(before) or _NOUN_AFTER.match(after)
        if noun:
            kind = "noun" if _INPUT_NOUN.match(noun.group("noun")) else "field"
            out.append(Mention(body, start + m.start("body"), kind))
        elif (_SNAKE.fullmatch(body) and not _VALUE_BEFORE.search(before) and not _LIST_AFTER.match(after)
              and not _VALUE_AFTER.match(after)):
            out.append(Mention(body, start + m.start("body"), "bare"))
    return out


def texts(tool: Tool) -> List[Tuple[str, Str]]:
    """(what it is, the text) to read: a decorated tool's docstring, then any description
    that is not that docstring."""
    out: List[Tuple[str, Str]] = []
    doc = tool.function.docstring if tool.shape == "decorated" and tool.function is not None else None
    if doc is not None and doc.value:
        out.append(("docstring", doc))
    d = tool.description
    if d is not None and d.value and (doc is None or d.span != doc.span):
        out.append(("description", d))
    return out


def all_mentions(tools: Iterable[Tool]) -> Dict[Str, Tuple[Mention, ...]]:
    """The mentions of every text `texts` reads, by that text."""
    out: Dict[Str, Tuple[Mention, ...]] = {}
    for tool in tools:
        for _, s in texts(tool):
            if s not in out:
                out[s] = tuple(mentions(s.value or ""))
    return out
