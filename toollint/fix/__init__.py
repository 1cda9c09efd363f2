"""Fixes: what a rule proposes to change, as plain data (issue 20).

A rule attaches a `Fix` to its finding; nothing here imports libcst, so rules may build
fixes (they never import the CST). `toollint/fix/apply.py` turns the edits into libcst
codemods on the nodes the spans point at, leaving every other byte of the file alone.

A rule offers a fix only where the node to change is a literal written in the file of
the finding, inside the definition it reports on: a value toollint evaluated through
names or other modules is left to the user (a shared constant may serve other tools).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from toollint.model import Span

SAFE = "safe"
UNSAFE = "unsafe"

# Edit kinds: what the applier does to the node at `span`.
REMOVE_ITEM = "remove-item"  # span: a string element of a list/tuple/set literal; drop it
APPEND_ITEM = "append-item"  # span: a list/tuple literal; append `text` (a string literal)
ADD_ENTRY = "add-entry"  # span: a dict literal; add `key: value`, `text` = "key\0value" sources
REPLACE_STRING = "replace-string"  # span: a string literal whose value is `old`; new value `text`
ADD_DEFAULT = "add-default"  # span: a parameter's name; give it the default `text`
EDIT_COMMENT = "edit-comment"  # span: part of a comment (one line); replace it with `text`


@dataclass(frozen=True)
class Edit:
    kind: str
    span: Span
    text: str = ""
    old: Optional[str] = None  # for replace-string / remove-item: the value the literal must have
    scope: Optional[Span] = None  # the node the edit rewrites (a list, a dict, a line): no byte outside changes


@dataclass(frozen=True)
class Fix:
    message: str  # what applying it does, as ruff's fix `message`
    applicability: str  # SAFE: keeps what the code means; UNSAFE: changes behaviour the user did not ask to change
    edits: Tuple[Edit, ...]  # applied together or not at all, even across files

    @property
    def paths(self) -> Tuple[str, ...]:
        return tuple(dict.fromkeys(e.span.path for e in self.edits))


def written_in(inner: Span, outer: Span) -> bool:
    """True when `inner` lies inside `outer` in the same file: the literal is part of the
    definition itself, not a constant it names."""
    if inner.path != outer.path:
        return False
    return (outer.line, outer.col) <= (inner.line, inner.col) and \
        (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def quoted(value: str) -> Optional[str]:
    """`value` as a double-quoted Python string, or None when it would need escapes (a
    fix never guesses how the user writes them)."""
    if any(c in value for c in "\"'\\") or not value.isprintable():
        return None
    return f'"{value}"'
