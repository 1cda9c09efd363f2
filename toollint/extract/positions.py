"""Start and end of every node of a module, as libcst's PositionProvider computes them.

libcst resolves positions by generating the module's code with a state that records
where each node starts and ends. This is the same walk with a leaner state: the
generated text is not kept, a token without a line break moves the column without a
regex split, and each node's range is a plain tuple in a table keyed by the node's id,
made a Range (named tuples) only when asked for. The walk cost 4.8x libcst's plain code
generation with node-keyed named tuples, 1.3x with this (issue 22). Positions are the same
(tests/engine/test_engine.py compares them with PositionProvider node for node); the
attribute names (`start.line`, `end.column`) are libcst's, so the two are interchangeable.
"""
from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Tuple

import libcst as cst
from libcst.metadata.position_provider import NEWLINE_RE, PositionProvidingCodegenState


class Position(NamedTuple):
    line: int  # 1-based
    column: int  # 0-based, in characters


class Range(NamedTuple):
    start: Position
    end: Position


_Raw = Tuple[int, int, int, int]  # start line, start column, end line, end column


class Positions:
    """node -> Range, as libcst's PositionProvider maps them (`[node]`, `.get`, `in`).

    The table is keyed by `id(node)` and holds plain tuples: a CSTNode's `__hash__` is a
    Python function and a named tuple's `__new__` another, and with two of each per node
    the recording cost four times the code generation itself (100k nodes a large module).
    The tree is kept with the table, so no id is reused while it is read."""

    __slots__ = ("table", "tree")

    def __init__(self, table: Dict[int, _Raw], tree: cst.CSTNode) -> None:
        self.table, self.tree = table, tree

    def __getitem__(self, node: cst.CSTNode) -> Range:
        sl, sc, el, ec = self.table[id(node)]
        return Range(Position(sl, sc), Position(el, ec))

    def get(self, node: cst.CSTNode, default: Optional[Range] = None) -> Optional[Range]:
        return self[node] if id(node) in self.table else default

    def __contains__(self, node: object) -> bool:
        return id(node) in self.table

    def __len__(self) -> int:
        return len(self.table)


class _State(PositionProvidingCodegenState):
    # libcst's own state, minus the work nobody reads: of the generated tokens only the
    # first is kept, since Module asks whether there is any.
    table: Dict[int, _Raw]

    def add_indent_tokens(self) -> None:
        for token in self.indent_tokens:
            self.add_token(token)

    def add_token(self, value: str) -> None:
        if not self.tokens:
            self.tokens.append(value)
        if "\n" not in value and "\r" not in value:
            self.column += len(value)
            return
        segments = NEWLINE_RE.split(value)
        self.line += len(segments) - 1
        self.column = len(segments[-1])

    def before_codegen(self, node: cst.CSTNode) -> None:
        self._stack.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        line, column = self._stack.pop()
        # a syntactic position recorded inside the node wins
        self.table.setdefault(id(node), (line, column, self.line, self.column))

    def record_syntactic_position(self, node, *, start_node=None, end_node=None) -> "_Recording":
        # a plain context manager: libcst enters one per node, and a @contextmanager
        # generator cost three times as much (a tenth of the walk)
        return _Recording(self, node, start_node, end_node)


class _Recording:
    __slots__ = ("state", "node", "line", "column", "start_node", "end_node")

    def __init__(self, state: _State, node, start_node, end_node) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node
        self.line, self.column = state.line, state.column

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> bool:
        state = self.state
        table = state.table
        sl, sc = (self.line, self.column) if self.start_node is None else table[id(self.start_node)][:2]
        el, ec = (state.line, state.column) if self.end_node is None else table[id(self.end_node)][2:]
        table[id(self.node)] = (sl, sc, el, ec)
        return False


class _LayoutState(_State):
    """Also keeps the generated code, each top-level node's piece of it apart, and the lines
    of everything a node generates: a statement's leading comments and a def's decorators
    lie outside its range above, but inside these."""

    outer: Dict[cst.CSTNode, Tuple[int, int]]
    pieces: Dict[cst.CSTNode, str]
    _starts: List[int]

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        if "\n" not in value and "\r" not in value:
            self.column += len(value)
            return
        segments = NEWLINE_RE.split(value)
        self.line += len(segments) - 1
        self.column = len(segments[-1])

    def before_codegen(self, node: cst.CSTNode) -> None:
        if len(self._stack) == 1:  # a child of the Module
            self._starts.append(len(self.tokens))
        super().before_codegen(node)

    def after_codegen(self, node: cst.CSTNode) -> None:
        self.outer[node] = (self._stack[-1][0], self.line)
        if len(self._stack) == 2:
            self.pieces[node] = "".join(self.tokens[self._starts.pop():])
        super().after_codegen(node)


def positions(module: cst.Module) -> Positions:
    state = _State(default_indent=module.default_indent, default_newline=module.default_newline,
                   provider=None)  # type: ignore[arg-type]
    state.table = {}
    module._codegen(state)
    return Positions(state.table, module)


class Layout(NamedTuple):
    """What fixing a module needs of it, from one code generation (fix/codemod.py)."""

    ranges: Positions  # positions()
    lines: Dict[cst.CSTNode, Tuple[int, int]]  # first and last line of all a node generates
    pieces: Dict[cst.CSTNode, str]  # the code of each header, body and footer node
    code: str  # module.code


def layout(module: cst.Module) -> Layout:
    state = _LayoutState(default_indent=module.default_indent, default_newline=module.default_newline,
                         provider=None)  # type: ignore[arg-type]
    state.table, state.outer, state.pieces, state._starts = {}, {}, {}, []
    module._codegen(state)
    return Layout(Positions(state.table, module), state.outer, state.pieces, "".join(state.tokens))


def closing_paren(node: cst.CSTNode) -> Optional[cst.CSTNode]:
    """The last closing parenthesis around an expression (`(\n "text"\n)`), where its span
    ends and a suppression comment for it goes; None when there is none. A `with` or
    `class` statement's `rpar` is one parenthesis or a sentinel, not a sequence."""
    rpar = getattr(node, "rpar", None)
    return rpar[-1] if rpar and isinstance(rpar, (list, tuple)) else None
