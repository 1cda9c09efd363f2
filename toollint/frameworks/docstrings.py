"""Docstrings as the frameworks read them: one parsed form and one grammar per style.

Google (`Args:` over indented `name (type): text`), NumPy (`Parameters` over a rule of
dashes) and Sphinx (`:param name: text`) each parse into a `Doc`. Which style a framework
picks, and what it then sends, is the framework's business (toollint.frameworks.*).
Line numbers are indexes into the docstring's lines, so a caller can point at them.
libcst-free: rules may use it.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

# name -> (text, first line, last line)
ParamDocs = Dict[str, Tuple[str, int, int]]

_SECTION = re.compile(
    r"^(args|arguments|parameters|params|keyword args|keyword arguments|other parameters|other args"
    r"|returns|return|yields|yield|raises|raise|exceptions|warns|warnings|warning|examples|example"
    r"|attributes|receives|note|notes|todo|references|see also)\s*:\s*$",
    re.IGNORECASE,
)
_PARAM_SECTIONS = {"args", "arguments", "parameters", "params", "keyword args", "keyword arguments",
                   "other parameters", "other args"}
# the type may hold one level of parentheses: `file_list (list(str)): ...`
_PARAM_LINE = re.compile(r"^(\*{0,2}\w+)\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*:\s*(.*)$")


@dataclass
class Doc:
    """A docstring split into its summary text, parameter descriptions and Returns."""

    text: Optional[str] = None  # what comes before the first section, stripped
    params: ParamDocs = field(default_factory=dict)  # name -> (text, first, last line)
    returns: Optional[str] = None
    returns_type: Optional[str] = None
    structured: bool = False

    @property
    def fields(self) -> int:
        return len(self.params) + (self.returns is not None)


def google(doc: str, join: str = "\n") -> Doc:
    """A Google-style docstring (already cleaned), as griffe and its peers read one.

    Line numbers are indexes into `doc.split("\\n")`.
    """
    lines = doc.split("\n")
    out = Doc()
    text: List[str] = []
    i = 0
    while i < len(lines):
        match = _SECTION.match(lines[i])
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not (match and nxt[:1].isspace() and nxt.strip()):
            if not out.structured:
                text.append(lines[i])
            i += 1
            continue
        out.structured = True
        kind = match.group(1).lower()
        i += 1
        block: List[Tuple[int, str]] = []
        while i < len(lines) and (not lines[i].strip() or lines[i][:1].isspace()):
            block.append((i, lines[i]))
            i += 1
        if kind in _PARAM_SECTIONS:
            param_block(block, out.params, join)
        elif kind in ("returns", "return") and out.returns is None:
            out.returns = textwrap.dedent("\n".join(l for _, l in block)).strip()
    joined = "\n".join(text).strip()
    out.text = joined or None
    return out


def param_block(block, params: ParamDocs, join: str) -> None:
    base: Optional[int] = None
    current: Optional[str] = None
    for index, line in block:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if base is None:
            base = indent
        match = _PARAM_LINE.match(line.strip()) if indent <= base else None
        if match:
            current = match.group(1).lstrip("*")
            if current not in params:
                params[current] = (match.group(2).strip(), index, index)
            else:
                current = None  # a name described twice keeps its first description
        elif current is not None:
            text, first, _ = params[current]
            params[current] = ((text + join + line.strip()) if text else line.strip(), first, index)


_SPHINX_FIELD = re.compile(r"^:(\w+)([^:]*):(.*)$")
_SPHINX_PARAMS = {"param", "parameter", "arg", "argument", "key", "keyword"}
_SPHINX_KNOWN = _SPHINX_PARAMS | {"type", "returns", "return", "rtype", "raises", "raise", "except", "exception",
                                  "var", "ivar", "cvar", "vartype"}


def sphinx(doc: str) -> Doc:
    """A Sphinx (reST field list) docstring: `:param name: text`, `:returns: text`."""
    lines = doc.split("\n")
    out = Doc()
    text: List[str] = []
    i = 0
    while i < len(lines):
        match = _SPHINX_FIELD.match(lines[i])
        if not match or match.group(1).lower() not in _SPHINX_KNOWN:
            if not out.structured:
                text.append(lines[i])
            i += 1
            continue
        out.structured = True
        kind, arg = match.group(1).lower(), match.group(2).split()
        parts = [match.group(3).strip()] if match.group(3).strip() else []
        j = i + 1
        while j < len(lines) and lines[j][:1].isspace() and lines[j].strip():
            parts.append(lines[j].strip())  # a continuation is indented under its field
            j += 1
        body = "\n".join(parts)
        if kind in _SPHINX_PARAMS and arg:
            out.params.setdefault(arg[-1].lstrip("*"), (body, i, j - 1))
        elif kind in ("returns", "return") and out.returns is None:
            out.returns = body
        elif kind == "rtype" and out.returns_type is None:
            out.returns_type = body
        i = j
    out.text = "\n".join(text).strip() or None
    return out


_NUMPY_RULE = re.compile(r"^\s*-{3,}\s*$")
_NUMPY_SECTIONS = {"parameters", "other parameters", "returns", "yields", "receives", "raises", "warns",
                   "warnings", "attributes", "methods", "functions", "classes", "modules", "see also", "notes",
                   "references", "examples", "deprecated"}


def numpy(doc: str) -> Doc:
    """A NumPy docstring: `Parameters` over a rule of dashes, `name : type` over indented text."""
    lines = doc.split("\n")
    out = Doc()
    text: List[str] = []

    def header(at: int) -> bool:
        return (at + 1 < len(lines) and bool(_NUMPY_RULE.match(lines[at + 1]))
                and lines[at].strip().lower() in _NUMPY_SECTIONS)

    i = 0
    while i < len(lines):
        if not header(i):
            if not out.structured:
                text.append(lines[i])
            i += 1
            continue
        out.structured = True
        kind = lines[i].strip().lower()
        j = i + 2
        items: List[Tuple[int, str, List[Tuple[int, str]]]] = []  # (line, head, description lines)
        while j < len(lines) and not header(j):
            line = lines[j]
            if line.strip() and not line[:1].isspace():
                items.append((j, line.strip(), []))
            elif line.strip() and items:
                items[-1][2].append((j, line.strip()))
            j += 1
        if kind in ("parameters", "other parameters"):
            for at, head, body in items:
                names = head.partition(":")[0] if " :" in head or head.endswith(":") else head
                last = body[-1][0] if body else at
                for name in names.split(","):
                    name = name.strip().lstrip("*")
                    if name and name not in out.params:
                        out.params[name] = ("\n".join(t for _, t in body), at, last)
        elif kind == "returns" and items and out.returns is None:
            at, head, body = items[0]
            out.returns = "\n".join(t for _, t in body)
            out.returns_type = head.partition(":")[2].strip() if " :" in head else head
        i = j
    out.text = "\n".join(text).strip() or None
    return out


def parse(style: str, clean: str, join: str = "\n") -> Doc:
    if style == "numpy":
        return numpy(clean)
    if style == "sphinx":
        return sphinx(clean)
    return google(clean, join)


def first_structured(clean: str) -> Doc:
    """The first of Google, NumPy, Sphinx that finds a section (fastmcp's order)."""
    for style in ("google", "numpy", "sphinx"):
        parsed = parse(style, clean)
        if parsed.structured:
            return parsed
    return Doc(text=clean or None)


def summary(parsed: Doc, clean: str) -> Optional[str]:
    """What a parser-reading framework sends: the text before the sections, or all of it."""
    return parsed.text if parsed.structured else (clean or None)
