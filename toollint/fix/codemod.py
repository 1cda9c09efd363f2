"""The libcst transformer that performs a file's edits on the nodes their spans point at.

Nodes are found by position (the same positions extraction computed the spans from), and
each edit changes its own node only; whatever libcst does not regenerate keeps its bytes.
Lists keep their comma style: a trailing comma stays trailing, a one-line list stays on
one line, a multi-line one gets the new item on a line of its own.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Set, Tuple, Union

import libcst as cst

from toollint.extract.literals import string_value
from toollint.extract.positions import Layout, closing_paren, layout
from toollint.fix import ADD_DEFAULT, ADD_ENTRY, APPEND_ITEM, EDIT_COMMENT, REMOVE_ITEM, REPLACE_STRING, Edit

_Key = Tuple[int, int, int, int]
_Seq = Union[cst.List, cst.Tuple, cst.Set]


def new_code(new: cst.Module, where: Layout) -> Tuple[str, List[str]]:
    """The code of a transformed module, and that of its top-level nodes that changed: the
    unchanged ones (the same objects) are the original's pieces, not generated again."""
    items = (*new.header, *new.body, *new.footer)
    if not new.has_trailing_newline or not items:
        return new.code, [new.code]  # the last newline popped, or nothing at all: libcst's own way
    parts, changed = [], []
    for node in items:
        piece = where.pieces.get(node)
        if piece is None:
            piece = new.code_for_node(node)
            changed.append(piece)
        parts.append(piece)
    return "".join(parts), changed


class Codemod(cst.CSTTransformer):
    """Applies `edits` (index -> Edit) to one module; `done` holds the indexes it applied.

    Only the nodes whose lines hold an edit are descended into: libcst rebuilds every node
    a transformer visits, and a fix touches a few lines of a module (the nodes skipped are
    returned as they are, their leave hooks still called, and none of them holds an edit)."""

    def __init__(self, module: cst.Module, edits: Dict[int, Edit], where: Optional[Layout] = None) -> None:
        super().__init__()
        where = where if where is not None else layout(module)
        self.pos, self.lines = where.ranges, where.lines
        self.edit_lines = sorted({(e.span.line, e.span.end_line) for e in edits.values()})
        self.by_span: Dict[_Key, List[Tuple[int, Edit]]] = {}
        self.comments: List[Tuple[int, Edit]] = []
        for i, e in edits.items():
            if e.kind == EDIT_COMMENT:
                self.comments.append((i, e))
            else:
                s = e.span
                self.by_span.setdefault((s.line, s.col, s.end_line, s.end_col), []).append((i, e))
        self.done: Set[int] = set()
        self.emptied: Set[cst.Comment] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        lines = self.lines.get(node)
        if lines is not None and not any(lo <= lines[1] and lines[0] <= hi for lo, hi in self.edit_lines):
            return False
        return super().on_visit(node)

    # --- finding the edits of a node --------------------------------------------------

    def _key(self, node: cst.CSTNode) -> Optional[_Key]:
        r = self.pos.get(node)
        if r is None:
            return None
        end = r.end
        paren = closing_paren(node)
        if paren is not None:  # spans end where extraction's do (extract.span_of)
            end = self.pos[paren].end
        return (r.start.line, r.start.column + 1, end.line, end.column + 1)

    def _edits(self, node: cst.CSTNode, kind: str) -> List[Tuple[int, Edit]]:
        key = self._key(node)
        return [(i, e) for i, e in self.by_span.get(key, ()) if e.kind == kind] if key else []

    # --- sequences: required lists --------------------------------------------------------

    def leave_List(self, original: cst.List, updated: cst.List) -> cst.BaseExpression:
        return self._sequence(original, updated, updated.lbracket.whitespace_after)

    def leave_Tuple(self, original: cst.Tuple, updated: cst.Tuple) -> cst.BaseExpression:
        if not original.lpar:
            return updated  # `x = "a", "b"`: a bare tuple's commas are its syntax
        return self._sequence(original, updated, updated.lpar[0].whitespace_after)

    def leave_Set(self, original: cst.Set, updated: cst.Set) -> cst.BaseExpression:
        return self._sequence(original, updated, updated.lbrace.whitespace_after)

    def _sequence(self, original: _Seq, updated: _Seq, opening: cst.BaseParenthesizableWhitespace):
        elements = list(updated.elements)
        drop: Set[int] = set()
        dropped: List[int] = []
        for n, el in enumerate(original.elements):
            for i, e in self._edits(el.value, REMOVE_ITEM):
                if _string_is(el.value, e.old):
                    drop.add(n)
                    dropped.append(i)
        if drop:
            kept, updated = _drop_last(updated, elements, drop)
            if isinstance(updated, cst.Set) and not kept:
                return updated  # `{}` would be a dict
            if isinstance(updated, cst.Tuple) and len(kept) == 1 and not isinstance(kept[0].comma, cst.Comma):
                kept[0] = kept[0].with_changes(comma=cst.Comma())  # `("a",)` stays a tuple
            elements = kept
            self.done.update(dropped)
        for i, e in self._edits(original, APPEND_ITEM):
            item = cst.Element(value=cst.parse_expression(_like(original.elements, e.text)))
            elements = _append(elements, item, opening)
            self.done.add(i)
        return updated.with_changes(elements=elements) if elements != list(updated.elements) else updated

    # --- dicts: schema keywords ----------------------------------------------------------

    def leave_Dict(self, original: cst.Dict, updated: cst.Dict) -> cst.BaseExpression:
        elements = list(updated.elements)
        for i, e in self._edits(original, ADD_ENTRY):
            key, value = e.text.split("\0", 1)
            first = next((el for el in original.elements if isinstance(el, cst.DictElement)), None)
            entry = cst.DictElement(key=cst.parse_expression(_like([first] if first else [], key, attr="key")),
                                    value=cst.parse_expression(value))
            if first is not None:
                entry = entry.with_changes(whitespace_before_colon=first.whitespace_before_colon,
                                           whitespace_after_colon=first.whitespace_after_colon)
            elements = _append(elements, entry, updated.lbrace.whitespace_after)
            self.done.add(i)
        return updated.with_changes(elements=elements) if elements != list(updated.elements) else updated

    # --- strings and parameters -------------------------------------------------------

    def leave_SimpleString(self, original: cst.SimpleString, updated: cst.SimpleString) -> cst.BaseExpression:
        for i, e in self._edits(original, REPLACE_STRING):
            if _string_is(original, e.old) and not set(original.prefix.lower()) & set("bf"):
                self.done.add(i)
                return updated.with_changes(value=original.prefix + original.quote + e.text + original.quote)
        return updated

    def leave_Param(self, original: cst.Param, updated: cst.Param) -> cst.Param:
        for i, e in self._edits(original.name, ADD_DEFAULT):
            if original.default is None and original.star == "":
                self.done.add(i)
                space = cst.SimpleWhitespace(" " if original.annotation is not None else "")
                return updated.with_changes(default=cst.parse_expression(e.text),
                                            equal=cst.AssignEqual(whitespace_before=space, whitespace_after=space))
        return updated

    # --- comments: noqa directives ----------------------------------------------------

    def leave_Comment(self, original: cst.Comment, updated: cst.Comment) -> cst.Comment:
        r = self.pos.get(original)
        if r is None:
            return updated
        text = updated.value
        start = r.start.column + 1
        # right to left, so that the columns of the edits still to come hold
        for i, e in sorted(self.comments, key=lambda ie: -ie[1].span.col):
            s = e.span
            if s.line == r.start.line and start <= s.col and s.end_col <= start + len(original.value):
                a, b = s.col - start, s.end_col - start
                text = text[:a] + e.text + text[b:]
                self.done.add(i)
        if text == updated.value:
            return updated
        text = text.strip()
        if not text:
            self.emptied.add(original)
            return updated
        return updated.with_changes(value=text)

    def leave_TrailingWhitespace(self, original: cst.TrailingWhitespace,
                                 updated: cst.TrailingWhitespace) -> cst.TrailingWhitespace:
        if original.comment is not None and original.comment in self.emptied:
            return updated.with_changes(whitespace=cst.SimpleWhitespace(""), comment=None)
        return updated

    def leave_EmptyLine(self, original: cst.EmptyLine, updated: cst.EmptyLine):
        if original.comment is not None and original.comment in self.emptied:
            return cst.RemoveFromParent()
        return updated


def _string_is(node: cst.CSTNode, value: Optional[str]) -> bool:
    if not isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        return False
    return value is None or string_value(node) == value  # None for an escape it cannot read


def _like(elements: Sequence, source: str, attr: str = "value") -> str:
    """A new string literal `source` ("...") in the quotes the neighbouring items use."""
    for el in elements:
        node = getattr(el, attr, None)
        if isinstance(node, cst.SimpleString) and node.quote == "'" and not node.prefix and "'" not in source[1:-1]:
            return "'" + source[1:-1] + "'"
    return source


def _without(elements: List, drop: Set[int]) -> List:
    kept = [el for n, el in enumerate(elements) if n not in drop]
    if kept and len(elements) - 1 in drop:
        # the last item went: the new last one takes its comma (trailing, or none)
        kept[-1] = kept[-1].with_changes(comma=elements[-1].comma)
    return kept


def _closing(node: _Seq):
    if isinstance(node, cst.List):
        return node.rbracket.whitespace_before
    if isinstance(node, cst.Set):
        return node.rbrace.whitespace_before
    return node.rpar[-1].whitespace_before


def _with_closing(node: _Seq, ws) -> _Seq:
    if isinstance(node, cst.List):
        return node.with_changes(rbracket=node.rbracket.with_changes(whitespace_before=ws))
    if isinstance(node, cst.Set):
        return node.with_changes(rbrace=node.rbrace.with_changes(whitespace_before=ws))
    return node.with_changes(rpar=[*node.rpar[:-1], node.rpar[-1].with_changes(whitespace_before=ws)])


def _drop_last(updated: _Seq, elements: List, drop: Set[int]) -> Tuple[List, _Seq]:
    """Without the dropped items. When the last one goes in a list written one item a
    line, the line break before the bracket is the one after the new last item (its own
    comment stays, the dropped item's goes with it)."""
    kept = _without(elements, drop)
    closing = _closing(updated)
    own = elements[max(n for n in range(len(elements)) if n not in drop)].comma if kept else None
    if kept and len(elements) - 1 in drop and isinstance(own, cst.Comma) and \
            isinstance(own.whitespace_after, cst.ParenthesizedWhitespace) and \
            isinstance(closing, cst.ParenthesizedWhitespace):
        ws = own.whitespace_after.with_changes(indent=closing.indent, last_line=closing.last_line)
        return kept, _with_closing(updated, ws)
    return kept, updated


def _bare(ws: cst.BaseParenthesizableWhitespace) -> cst.BaseParenthesizableWhitespace:
    """The whitespace between two items, without the comment that may follow one of them."""
    if isinstance(ws, cst.ParenthesizedWhitespace):
        return ws.with_changes(first_line=cst.TrailingWhitespace(), empty_lines=())
    if isinstance(ws, cst.SimpleWhitespace) and ws.value == "":
        return cst.SimpleWhitespace(" ")
    return ws


def _append(elements: List, item, opening: cst.BaseParenthesizableWhitespace) -> List:
    if not elements:
        return [item]
    last = elements[-1]
    if isinstance(last.comma, cst.Comma):  # a trailing comma: the new item keeps it
        between = elements[-2].comma.whitespace_after if len(elements) >= 2 else opening
        comma = cst.Comma(whitespace_before=last.comma.whitespace_before, whitespace_after=_bare(between))
        return elements[:-1] + [last.with_changes(comma=comma), item.with_changes(comma=last.comma)]
    return elements[:-1] + [last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))), item]
