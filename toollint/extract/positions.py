"""Start and end of every node of a module, as libcst's PositionProvider computes them.

libcst resolves positions by generating the module's code with a state that records
where each node starts and ends. That walk is the bulk of extraction's cost (about twice
the parse). This is the same walk with a leaner state: the generated text is not kept,
a token without a line break moves the column without a regex split, and ranges are
plain named tuples instead of frozen dataclasses. Positions are the same
(tests/engine/test_engine.py compares them with PositionProvider node for node); the
attribute names (`start.line`, `end.column`) are libcst's, so the two are interchangeable.
"""
from __future__ import annotations

from typing import Dict, List, NamedTuple, Tuple

import libcst as cst
from libcst.metadata.position_provider import NEWLINE_RE, PositionProvidingCodegenState


class Position(NamedTuple):
    line: int  # 1-based
    column: int  # 0-based, in characters


class Range(NamedTuple):
    start: Position
    end: Position


class _Sink:
    """Stands in for the provider: the state writes into its `_computed`."""

    __slots__ = ("_computed",)

    def __init__(self) -> None:
        self._computed: Dict[cst.CSTNode, Range] = {}


class _State(PositionProvidingCodegenState):
    # libcst's own state, minus the work nobody reads: of the generated tokens only the
    # first is kept, since Module asks whether there is any.

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
        self._stack.append(Position(self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        start = self._stack.pop()
        computed = self.provider._computed
        if node not in computed:  # a syntactic position recorded inside the node wins
            computed[node] = Range(start, Position(self.line, self.column))

    def record_syntactic_position(self, node, *, start_node=None, end_node=None) -> "_Recording":
        # a plain context manager: libcst enters one per node, and a @contextmanager
        # generator cost three times as much (a tenth of the walk)
        return _Recording(self, node, start_node, end_node)


class _Recording:
    __slots__ = ("state", "node", "start", "start_node", "end_node")

    def __init__(self, state: _State, node, start_node, end_node) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node
        self.start = Position(state.line, state.column)

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> bool:
        state = self.state
        computed = state.provider._computed
        end = computed[self.end_node].end if self.end_node is not None else Position(state.line, state.column)
        start = computed[self.start_node].start if self.start_node is not None else self.start
        computed[self.node] = Range(start, end)
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
        self.outer[node] = (self._stack[-1].line, self.line)
        if len(self._stack) == 2:
            self.pieces[node] = "".join(self.tokens[self._starts.pop():])
        super().after_codegen(node)


def positions(module: cst.Module) -> Dict[cst.CSTNode, Range]:
    sink = _Sink()
    state = _State(default_indent=module.default_indent, default_newline=module.default_newline,
                   provider=sink)  # type: ignore[arg-type]
    module._codegen(state)
    return sink._computed


class Layout(NamedTuple):
    """What fixing a module needs of it, from one code generation (fix/codemod.py)."""

    ranges: Dict[cst.CSTNode, Range]  # positions()
    lines: Dict[cst.CSTNode, Tuple[int, int]]  # first and last line of all a node generates
    pieces: Dict[cst.CSTNode, str]  # the code of each header, body and footer node
    code: str  # module.code


def layout(module: cst.Module) -> Layout:
    sink = _Sink()
    state = _LayoutState(default_indent=module.default_indent, default_newline=module.default_newline,
                         provider=sink)  # type: ignore[arg-type]
    state.outer, state.pieces, state._starts = {}, {}, []
    module._codegen(state)
    return Layout(sink._computed, state.outer, state.pieces, "".join(state.tokens))
