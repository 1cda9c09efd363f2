"""A file that is one JSON array, read one item at a time, so a `.json` log of any size
takes the memory of its largest record.

Each item is parsed by `json`'s own decoder (`raw_decode`), so what is valid is what
`json.loads` accepts; only the commas and whitespace between items are read here. The
text is decoded from fixed-size pieces and kept from the current item on: an item that
does not fit yet is parsed again once more text is in (the buffer doubles, so a large
item costs at most a few parses). ijson streams arrays too, but says neither the line
an item starts at nor where a bad item is, and the findings point at lines.
"""
from __future__ import annotations

import codecs
import json
from typing import Any, Iterator, List, Optional, Tuple

_WS = " \t\r\n"


class ArrayError(ValueError):
    def __init__(self, line: int, why: str):
        super().__init__(why)
        self.line, self.why = line, why


class ArrayReader:
    """`records()` yields (line, item) per item of the top-level array; afterwards `rest`
    is the text after the closing bracket (the first line's end included) and `line` its
    line, and `raw` the bytes read, as long as no item was handed on (for a fallback)."""

    def __init__(self, pieces: Iterator[bytes]):
        self._pieces = pieces
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._text, self._pos, self._line, self._counted = "", 0, 1, 0
        self._eof = False
        self._bytes = 0
        self.raw: Optional[List[bytes]] = []
        self.rest, self.line = "", 1

    def _more(self, at_least: int) -> bool:
        """Read until `at_least` more characters are buffered or the input ends."""
        self._drop_consumed()
        want = len(self._text) + at_least
        while len(self._text) < want and not self._eof:
            piece = next(self._pieces, None)
            if self.raw is not None and piece is not None:
                self.raw.append(piece)
            try:
                self._text += self._decoder.decode(piece or b"", final=piece is None)
            except UnicodeDecodeError as e:
                raise ArrayError(self._line_at(len(self._text)), f"not UTF-8 (byte {self._bytes + e.start + 1})")
            self._bytes += len(piece or b"")
            self._eof = piece is None
        return len(self._text) > self._pos

    def _drop_consumed(self) -> None:
        if self._pos > (1 << 16) and self._pos * 2 > len(self._text):
            self._line_at(self._pos)
            self._text, self._counted, self._pos = self._text[self._pos:], 0, 0

    def _line_at(self, pos: int) -> int:
        self._line += self._text.count("\n", self._counted, pos)
        self._counted = pos
        return self._line

    def _skip(self, extra: str = "") -> str:
        """The next character that is not whitespace (or one of extra), "" at the end."""
        while True:
            text, pos = self._text, self._pos
            while pos < len(text) and (text[pos] in _WS or text[pos] in extra):
                pos += 1
            self._pos = pos
            if pos < len(text) or not self._more(1 << 16):
                return text[pos] if pos < len(text) else ""

    def _item(self) -> Tuple[int, Any]:
        decode = json.JSONDecoder().raw_decode
        size = 1 << 16
        while True:
            try:
                item, end = decode(self._text, self._pos)
            except json.JSONDecodeError as e:
                if self._eof or not self._maybe_cut(e):
                    raise ArrayError(self._line_at(e.pos), f"{e.msg} at column {e.pos - self._text.rfind(chr(10), 0, e.pos)}")
                self._more(size)
                size *= 2
                continue
            except RecursionError:
                raise ArrayError(self._line_at(self._pos), "nested too deeply") from None
            if end == len(self._text) and not self._eof:  # a number may go on in the next piece
                self._more(size)
                continue
            line = self._line_at(self._pos)
            self._pos = end
            self.raw = None
            return line, item

    def _maybe_cut(self, e: json.JSONDecodeError) -> bool:
        # Whether the error may be the buffer's end and not the item's: a string still
        # open, or anything within an escape's or a literal's length of the end.
        return e.msg.startswith("Unterminated string") or e.pos >= len(self._text) - 16

    def records(self) -> Iterator[Tuple[int, Any]]:
        assert self._skip() == "["
        self._pos += 1
        first = True
        while True:
            c = self._skip()
            if c == "]":
                break
            if not first:
                if c != ",":
                    raise ArrayError(self._line_at(self._pos), "expected ',' or ']' between the array's items")
                self._pos += 1
                self._skip()
            first = False
            yield self._item()
            if self._skip() == "":
                raise ArrayError(self._line_at(self._pos), "the array ends before its closing ']'")
        self._pos += 1
        self.line = self._line_at(self._pos)
        self._more(0)
        self.rest = self._text[self._pos:]
