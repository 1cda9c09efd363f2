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

from contextlib import contextmanager
from typing import Dict, NamedTuple

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

    @contextmanager
    def record_syntactic_position(self, node, *, start_node=None, end_node=None):
        start = Position(self.line, self.column)
        try:
            yield
        finally:
            computed = self.provider._computed
            end = computed[end_node].end if end_node is not None else Position(self.line, self.column)
            if start_node is not None:
                start = computed[start_node].start
            computed[node] = Range(start, end)


def positions(module: cst.Module) -> Dict[cst.CSTNode, Range]:
    sink = _Sink()
    state = _State(default_indent=module.default_indent, default_newline=module.default_newline,
                   provider=sink)  # type: ignore[arg-type]
    module._codegen(state)
    return sink._computed
