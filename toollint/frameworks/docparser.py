"""Docstrings as the `docstring_parser` package reads them (agno, camel): the short
description is the first line, the long one the rest before the sections, and the two
are sent joined by one newline; a Google parameter's `(type)` is kept apart.
libcst-free.
"""
from __future__ import annotations

import re
from typing import Dict, Optional, Tuple

from toollint.frameworks.docstrings import _SECTION, ParamDocs, first_structured, summary

_TYPED = re.compile(r"^\s*(\*{0,2}\w+)\s*\(((?:[^()]|\([^()]*\))*)\)\s*:")


def parsed(clean: str) -> Tuple[Optional[str], ParamDocs, Dict[str, str]]:
    """(description, parameter docs, each Google parameter's written type)."""
    doc = first_structured(clean)
    text = summary(doc, clean) or ""
    first, _, rest = text.strip().partition("\n")
    description = f"{first}\n{rest.strip()}" if rest.strip() else first
    lines = clean.split("\n")
    types = {}
    for name, (_, line, _) in doc.params.items():
        match = _TYPED.match(lines[line]) if line < len(lines) else None
        if match and match.group(1) == name:
            types[name] = match.group(2).strip()
    return description, doc.params, types


def description(clean: str) -> Optional[str]:
    """docstring_parser's `Docstring.description`: the short description, a blank line
    when one follows it, then the long one (the rest before the sections, stripped)."""
    lines = clean.split("\n")
    end = next((i for i, line in enumerate(lines) if _SECTION.match(line) or line.startswith(":")
                or (i + 1 < len(lines) and line.strip() and set(lines[i + 1].strip()) == {"-"})), len(lines))
    short, newline, rest = "\n".join(lines[:end] + ([""] if end < len(lines) else [])).partition("\n")
    parts = [short] if short else []
    if short and newline and rest.startswith("\n"):
        parts.append("")
    if rest.strip():
        parts.append(rest.strip())
    return "\n".join(parts) if parts else None
