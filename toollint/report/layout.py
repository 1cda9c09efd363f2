"""Where comments are and can go in a file, as Python's tokenizer sees it: shared by
suppression (a `# noqa` after a multi-line string covers what is reported inside it) and
`--add-noqa` (which writes it there)."""
from __future__ import annotations

import io
import tokenize
from typing import Dict, List, NamedTuple, Set, Tuple

_FSTRING_START = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+: f-strings are split
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


class Layout(NamedTuple):
    open_rows: Set[int]  # rows that may end in a comment
    comments: Dict[int, Tuple[int, str]]  # row -> (0-based column, text) of its comment
    string_end: Dict[int, int]  # a row inside a multi-line string (not its last) -> its last row


def layout(text: str) -> Layout:
    """The file's Layout. A row that ends a logical or bracketed line, or holds a comment,
    may take a comment; a row inside a string or ended by a backslash has no token there
    and may not. Line breaks are made `\\n` first: tokenize splits on nothing else, and
    Python counts `\\r` too. Raises tokenize.TokenError or SyntaxError on a broken file."""
    normalized = text.replace("\r\n", "\n").replace("\r", "\n")
    rows: Set[int] = set()
    comments: Dict[int, Tuple[int, str]] = {}
    ends: Dict[int, int] = {}
    fstrings: List[int] = []
    for tok in tokenize.generate_tokens(io.StringIO(normalized).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = (tok.start[1], tok.string)
            rows.add(tok.start[0])
        elif tok.type in (tokenize.NEWLINE, tokenize.NL):
            rows.add(tok.start[0])
        elif tok.type == _FSTRING_START:
            fstrings.append(tok.start[0])
        elif tok.type == _FSTRING_END and fstrings:
            _span(ends, fstrings.pop(), tok.end[0])
        elif tok.type == tokenize.STRING and not fstrings:
            _span(ends, tok.start[0], tok.end[0])
    return Layout(rows, comments, ends)


def _span(ends: Dict[int, int], first: int, last: int) -> None:
    for row in range(first, last):
        ends.setdefault(row, last)
