"""Which tools a turn offers together, as far as the code shows it.

A list of definitions, a `tools=` argument and a server's decorated tools are turns. A
schema kept as a module constant and never put in a list is typically sent alone (often
with a forced tool_choice, for structured output): the turn that sends it is not seen,
and rules about neighbours or about the model's free choice say nothing about it.
"""
from __future__ import annotations

from typing import List, Optional

from toollint.model import Tool


_last: list = [None, frozenset()]  # the group last asked about, and the ids of its lone tools


def seen_in_turn(tool: Tool, group) -> bool:
    """False when the tool is only a constant of its own, whose turn is not seen."""
    if _last[0] is not group:  # rules ask once per tool: one pass per group, not per tool
        _last[:] = [group, frozenset(id(t) for r in group.definitions if r.alone for t in r.tools)]
    return id(tool) not in _last[1]


def offered_with(tool: Tool, group) -> Optional[List[Tool]]:
    """The tools of the group that visible turns offer, this one included; None when its
    own turn is not seen."""
    if not seen_in_turn(tool, group):
        return None
    return [t for r in group.definitions if not r.alone for t in r.tools] + list(group.decorated)
