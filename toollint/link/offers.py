"""The lists that offer a group's framework-made tools together (issue 18; Group.offers).

A module's decorated tools are one group, so `fighter = Agent(tools=[resolve_move]);
narrator = Agent(tools=[pick_event])` had TL104 and TL107 weigh resolve_move against
pick_event, which no turn offers together. Where the project shows the lists a tool is
handed over in (Registration.offers, extract/offers.py), those lists decide its
neighbours (rulekit/turn.py):

- each list's items are matched to tools: a function to the tool made of its def (through
  imports, as link/byref.py finds defs), a tool made in place to the tool made there;
- each group gets every list that holds one of its tools, as indices into its decorated
  tools, with OUTSIDE for tools of other groups in that list (they count as neighbours;
  TL107 still compares within a group only) and for a handoff toollint does not make,
  and UNREAD when an item matched no tool or was not read: then its tools keep today's
  neighbours, the whole group;
- a tool in no list keeps them too (an MCP server offers all its tools).

Groups themselves are not changed: rules that read a group whole (TL302, TL307, the
handler rules) see what they saw.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Set, Tuple

from toollint.link.byref import function_def, listed_defs
from toollint.link.items import AT, BESIDE, HANDOFF, OUTSIDE, UNREAD, UNREAD_ITEM
from toollint.model import ModuleFacts, Tool

Lookup = Callable[[str], Optional[ModuleFacts]]

Offers = Tuple[Tuple[int, ...], ...]


def group_offers(decorated: Dict[str, List[Tool]], facts: List[ModuleFacts], module: Lookup) -> Dict[str, Offers]:
    """Group.offers of each key of `decorated` (module, or `module#Class`) that a list reaches."""
    if not decorated:
        return {}  # no list item to resolve for
    keyed = [(key, n) for key in sorted(decorated) for n in range(len(decorated[key]))]
    tools = [decorated[key][n] for key, n in keyed]
    out: Dict[str, Set[Tuple[int, ...]]] = {}
    for members, whole, beside in _lists(tools, facts, module):
        by_key: Dict[str, List[int]] = {}
        for i in members:
            by_key.setdefault(keyed[i][0], []).append(keyed[i][1])
        for key, local in by_key.items():
            extra = ([OUTSIDE] if len(by_key) > 1 or beside else []) + ([] if whole else [UNREAD_ITEM])
            out.setdefault(key, set()).add(tuple(sorted(set(local))) + tuple(extra))
    return {key: tuple(sorted(lists)) for key, lists in out.items()}


def _lists(tools: List[Tool], facts: List[ModuleFacts], module: Lookup) -> List[Tuple[Set[int], bool, bool]]:
    """(indices into tools, read whole, with a tool none of the project's) of every list
    that offers at least one of them."""
    by_def: Dict[Tuple[str, str], List[int]] = {}
    by_place: Dict[Tuple[str, str], List[int]] = {}
    for i, tool in enumerate(tools):
        if tool.function is not None:
            by_def.setdefault((tool.function.span.path, tool.function.qualname), []).append(i)
        by_place.setdefault((tool.span.path, f"{tool.span.line}:{tool.span.col}"), []).append(i)
    out: List[Tuple[Set[int], bool, bool]] = []
    for m in sorted(facts, key=lambda m: m.path):
        for offer in m.registration.offers if m.registration is not None else ():
            members: Set[int] = set()
            whole, beside = True, False
            for item in offer:
                found = _matched(item, m, tools, by_def, by_place, module)
                if not found and (item == BESIDE or item[0] == HANDOFF):
                    beside = True  # a handoff toollint does not make: a neighbour, never one of these
                    continue
                whole = whole and bool(found)
                members.update(found)
            if members:
                out.append((members, whole, beside))
    return out


def _matched(item: Tuple[str, str], m: ModuleFacts, tools: List[Tool], by_def, by_place, module: Lookup) -> List[int]:
    """The tools a list item is: [] when it is none that linking knows."""
    where, name = item
    if item == UNREAD:
        return []
    if where in (AT, HANDOFF):
        return by_place.get((m.path, name), [])
    if item == BESIDE:
        return []
    if not where:
        return _of_def(m.path, name, m, tools, by_def)
    found = function_def(f"{where}.{name}", module, 0)
    if found is not None:
        return _of_def(found[0].path, found[1], m, tools, by_def)
    # `from app.tools import TOOLS`: a list constant there, read whole, of functions that are tools
    each = [_of_def(facts.path, qualname, m, tools, by_def)
            for facts, qualname in listed_defs(f"{where}.{name}", module)]
    return [i for found in each for i in found] if each and all(each) else []


def _of_def(path: str, qualname: str, m: ModuleFacts, tools: List[Tool], by_def) -> List[int]:
    candidates = by_def.get((path, qualname), [])
    # `from app.tools import search` handed over in two modules is derived in each: this list's is its own
    here = [i for i in candidates if tools[i].span.path == m.path]
    return here or candidates
