"""Which tools a turn offers together, as far as the code shows it.

A list of definitions, a `tools=` argument and a server's decorated tools are turns. A
schema kept as a module constant and never put in a list is typically sent alone (often
with a forced tool_choice, for structured output): the turn that sends it is not seen,
and rules about neighbours or about the model's free choice say nothing about it.

A framework-made tool or a tool class handed over in lists the project shows whole
(`Agent(tools=[...])`, `bind_tools([...])`, `Agent(tools=[WebSearchTool()])`; Group.offers,
toollint/link/offers.py) is offered with the tools of those lists only; one alone in each
of its lists has no neighbour. A tool in a list not read whole is offered with the whole
group, as before; a tool in no list with the group less the tools whose lists, all read
whole, leave it out (a tool class another tool only calls, a tool never handed over).
A tool its framework makes the code hand over (LangChain's and smolagents' `@tool`, ...;
TL308) that no list holds while every list of its group is read whole is in no visible
turn at all (held-out round 12: four `@tool` functions no agent is given were each other's
siblings).
"""
from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Tuple

from toollint.link.items import OUTSIDE, UNREAD_ITEM
from toollint.model import Tool

# Frameworks whose decorator makes a tool object the code must still hand to an agent
# (the decorator as TL308 names it).
PASSED_BY_HAND = {"langchain": "@tool", "smolagents": "@tool", "openai-agents": "@function_tool",
                  "anthropic": "@beta_tool", "claude-agent-sdk": "@tool",
                  # agno's @tool makes a Function an Agent/Toolkit must be given; LiveKit's @function_tool on a
                  # module-level function (an Agent subclass's methods are its own, and are never read here)
                  "agno": "@tool", "livekit-agents": "@function_tool"}

# frameworks whose decorated tools are a server's: each server lists its own (extract/owners.py)
_SERVED = frozenset({"mcp", "fastmcp"})

# the group last asked about, the ids of its tools in no visible turn (lone constants,
# tools never handed over), per tool id (neighbour indices, one outside, the neighbours'
# ids), its tools (Group.offers' indices are into them), and the ids of those in some list
_last: list = [None, frozenset(), {}, (), frozenset()]


def _remember(group) -> None:
    if _last[0] is group:  # rules ask once per tool: one pass per group, not per tool
        return
    lone = frozenset(id(t) for r in group.definitions if r.alone for t in r.tools)
    near: Dict[int, Tuple[FrozenSet[int], bool, FrozenSet[int]]] = {}
    tools = group.tools
    lists: Dict[int, List[Tuple[int, ...]]] = {}
    if group.offers:
        for offer in group.offers:
            for i in offer:
                if i >= 0:
                    lists.setdefault(i, []).append(offer)
        for i, mine in lists.items():
            if not any(UNREAD_ITEM in offer for offer in mine):
                indices = frozenset(j for offer in mine for j in offer if j >= 0)
                near[id(tools[i])] = (indices, any(OUTSIDE in offer for offer in mine),
                                      frozenset(id(tools[j]) for j in indices))
    in_lists = frozenset(id(tools[i]) for i in lists)
    if group.offers and not any(UNREAD_ITEM in offer for offer in group.offers):
        lone |= frozenset(id(t) for t in group.decorated
                          if t.framework in PASSED_BY_HAND and id(t) not in in_lists)
    _last[:] = [group, lone, near, tools, in_lists]


def seen_in_turn(tool: Tool, group) -> bool:
    """False when the tool is only a constant of its own, whose turn is not seen, or a tool
    never handed over."""
    _remember(group)
    return id(tool) not in _last[1]


def offered_with(tool: Tool, group) -> Optional[List[Tool]]:
    """The tools of the group that visible turns offer with it, this one included; None
    when its own turn is not seen."""
    if not seen_in_turn(tool, group):
        return None
    near = _last[2].get(id(tool))
    if near is not None:
        return [_last[3][i] for i in sorted(near[0])]
    everyone = [t for r in group.definitions if not r.alone for t in r.tools] + list(group.decorated)
    if tool.framework in _SERVED and tool.owner:
        # two servers made in one module are two tool lists (`mcp = FastMCP("search")`,
        # `admin = FastMCP("admin")`): a server's tools are offered with its own
        everyone = [t for t in everyone if t is tool or (t.framework in _SERVED and t.owner == tool.owner)]
    if id(tool) in _last[4] or not _last[2]:
        return everyone  # in a list not read whole, or no list read whole: with anything
    # in no list: not with a tool whose lists, all read whole, leave it out
    # (`CurrentDateTool()._run()` inside the one tool an agent is given)
    return [t for t in everyone if t is tool or offered_together(tool, t, group)]


def offered_beyond(tool: Tool, group) -> bool:
    """Whether a list offers it with a tool of another group (a module's tools handed over
    with another module's)."""
    _remember(group)
    near = _last[2].get(id(tool))
    return near is not None and near[1]


def listed(tool: Tool, group) -> bool:
    """Whether lists the project shows whole decide the tool's neighbours."""
    _remember(group)
    return id(tool) in _last[2]


def offered_together(a: Tool, b: Tool, group) -> bool:
    """Whether the turns the project shows may offer both: neither's lists leave the other
    out, and both are in some visible turn."""
    _remember(group)
    if id(a) in _last[1] or id(b) in _last[1]:
        return False
    if a.framework in _SERVED and b.framework in _SERVED and a.owner and b.owner and a.owner != b.owner:
        return False  # the tools of two servers
    return all(near is None or id(other) in near[2]
               for near, other in ((_last[2].get(id(a)), b), (_last[2].get(id(b)), a)))
