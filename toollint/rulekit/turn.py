"""Which tools a turn offers together, as far as the code shows it.

A list of definitions, a `tools=` argument and a server's decorated tools are turns. A
schema kept as a module constant and never put in a list is typically sent alone (often
with a forced tool_choice, for structured output): the turn that sends it is not seen,
and rules about neighbours or about the model's free choice say nothing about it.

Framework-made tools handed over in lists the project shows (`Agent(tools=[...])`,
`bind_tools([...])`) are grouped by those lists (toollint/link/offers.py): a tool's
neighbours are the tools of the lists it is in, not every tool of the group.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from toollint.model import Tool


_last: list = [None, frozenset(), {}]  # the group last asked about, the ids of its lone tools, list members


def _remember(group) -> None:
    if _last[0] is not group:  # rules ask once per tool: one pass per group, not per tool
        lone = frozenset(id(t) for r in group.definitions if r.alone for t in r.tools)
        lists: Dict[int, Set[int]] = {}
        for offer in group.offers:
            for i in offer:
                lists.setdefault(id(group.decorated[i]), set()).update(offer)
        _last[:] = [group, lone, lists]


def seen_in_turn(tool: Tool, group) -> bool:
    """False when the tool is only a constant of its own, whose turn is not seen."""
    _remember(group)
    return id(tool) not in _last[1]


def offered_with(tool: Tool, group) -> Optional[List[Tool]]:
    """The tools of the group that visible turns offer, this one included; None when its
    own turn is not seen."""
    if not seen_in_turn(tool, group):
        return None
    if group.offers:  # the union of the lists it is in
        return [group.decorated[i] for i in sorted(_last[2].get(id(tool), ()))]
    return [t for r in group.definitions if not r.alone for t in r.tools] + list(group.decorated)


def offered_together(a: Tool, b: Tool, group) -> bool:
    """Whether some turn the project shows offers both (always, for groups not split by lists)."""
    if not group.offers:
        return True
    _remember(group)
    return any(b is group.decorated[i] for i in _last[2].get(id(a), ()))


def decorated_lists(group) -> List[Tuple[Tool, ...]]:
    """The group's framework-made tools as the turns offer them: each list, or all of them."""
    if group.offers:
        return [tuple(group.decorated[i] for i in offer) for offer in group.offers]
    return [tuple(group.decorated)] if group.decorated else []
