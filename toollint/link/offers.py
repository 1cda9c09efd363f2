"""The groups of framework-made tools: the tools one turn offers together (issue 18).

A module's decorated tools were one group, so `fighter = Agent(tools=[resolve_move]);
narrator = Agent(tools=[pick_event])` had TL104 and TL107 weigh resolve_move against
pick_event, which no turn offers together. Where the project shows the lists a tool is
handed over in (Registration.offers, extract/offers.py), those lists decide:

- each list's items are matched to tools: a function to the tool made of its def (through
  imports, as link/byref.py finds defs), a tool made in place to the tool made there;
- tools sharing a list are joined, across modules, into one group whose `offers` are the
  lists by index (rulekit/turn.py: a tool's neighbours are the union of its lists; a
  tool alone in every list it is in has none);
- a joined set with a list that is not read whole (an item matched to no tool, an
  unread item) keeps today's grouping for all its tools;
- a tool in no list keeps its module's group (an MCP server offers all its tools).
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Set, Tuple

from toollint.extract.offers import AT, UNREAD
from toollint.link.byref import function_def
from toollint.model import Group, ModuleFacts, Tool

Lookup = Callable[[str], Optional[ModuleFacts]]


def decorated_groups(decorated: Dict[str, List[Tool]], facts: List[ModuleFacts], module: Lookup) -> List[Group]:
    """The groups of the framework-made tools, keyed by module (or `module#Class`) in
    `decorated`: regrouped by the lists that offer them where those are read whole."""
    keyed = [(key, tool) for key in sorted(decorated) for tool in decorated[key]]
    lists = _lists(keyed, facts, module)
    parent = list(range(len(keyed)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    unread: Set[int] = set()
    for members, whole in lists:
        first = min(members)
        for i in members:
            parent[find(i)] = find(first)
        if not whole:
            unread.update(members)
    unread = {find(i) for i in unread}
    joined: Dict[int, List[int]] = {}
    for members, _ in lists:
        for i in members:
            joined.setdefault(find(i), []).append(i)
    by_root: Dict[int, List[Set[int]]] = {}
    for members, _ in lists:
        by_root.setdefault(find(min(members)), []).append(members)
    moved: Set[int] = set()
    groups: List[Group] = []
    for root in sorted(joined):
        if root in unread:
            continue
        members = sorted(set(joined[root]))
        moved.update(members)
        at = {i: n for n, i in enumerate(members)}
        offers = sorted({tuple(sorted(at[i] for i in m)) for m in by_root[root]})
        tool = keyed[members[0]][1]
        groups.append(Group(key=f"{tool.span.path}:offered:{tool.span.line}",
                            decorated=tuple(keyed[i][1] for i in members), offers=tuple(offers)))
    kept: Dict[str, List[Tool]] = {}
    for i, (key, tool) in enumerate(keyed):
        if i not in moved:
            kept.setdefault(key, []).append(tool)
    return [Group(key=f"{key}:decorated", decorated=tuple(kept[key])) for key in sorted(kept)] + groups


def _lists(keyed: List[Tuple[str, Tool]], facts: List[ModuleFacts], module: Lookup) -> List[Tuple[Set[int], bool]]:
    """(indices into keyed, read whole) of every list that offers at least one of them."""
    by_def: Dict[Tuple[str, str], List[int]] = {}
    by_place: Dict[Tuple[str, str], List[int]] = {}
    for i, (_, tool) in enumerate(keyed):
        if tool.function is not None:
            by_def.setdefault((tool.function.span.path, tool.function.qualname), []).append(i)
        by_place.setdefault((tool.span.path, f"{tool.span.line}:{tool.span.col}"), []).append(i)
    out: List[Tuple[Set[int], bool]] = []
    for m in sorted(facts, key=lambda m: m.path):
        for offer in m.registration.offers if m.registration is not None else ():
            members: Set[int] = set()
            whole = True
            for item in offer:
                found = _matched(item, m, keyed, by_def, by_place, module)
                whole = whole and bool(found)
                members.update(found)
            if members:
                out.append((members, whole))
    return out


def _matched(item: Tuple[str, str], m: ModuleFacts, keyed, by_def, by_place, module: Lookup) -> List[int]:
    """The tools a list item is: [] when it is none that linking knows."""
    where, name = item
    if item == UNREAD:
        return []
    if where == AT:
        return by_place.get((m.path, name), [])
    if where:
        found = function_def(f"{where}.{name}", module, 0)
        if found is None:
            return []
        path, qualname = found[0].path, found[1]
    else:
        path, qualname = m.path, name
    candidates = by_def.get((path, qualname), [])
    # `from app.tools import search` handed over in two modules is derived in each: this list's is its own
    here = [i for i in candidates if keyed[i][1].span.path == m.path]
    return here or candidates
