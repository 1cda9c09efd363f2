"""The lists that offer a group's tools together (issue 18; Group.offers).

A module's decorated tools are one group, so `fighter = Agent(tools=[resolve_move]);
narrator = Agent(tools=[pick_event])` had TL104 and TL107 weigh resolve_move against
pick_event, which no turn offers together; tool classes (crewAI and LangChain `BaseTool`,
smolagents `Tool`) are one group with the modules that import theirs, so a class another
tool only calls (`CurrentDateTool()._run()`) was its neighbour. Where the project shows
the lists a tool is handed over in (Registration.offers, extract/offers.py), those lists
decide its neighbours (rulekit/turn.py):

- each list's items are matched to tools: a function to the tool made of its def (through
  imports, as link/byref.py finds defs), a tool made in place to the tool made there, an
  instance of a class (`WebSearchTool()`, through imports and re-exports) to the tool
  made of that class (spanned on the class name: ClassFacts.line); an installed library's
  class (`SerperDevTool()`) is a tool none of the project's, like a handoff toollint does
  not make;
- each group gets every list that holds one of its tools, as indices into Group.tools
  (a group of definitions is matched only through classes), with OUTSIDE for tools of
  other groups in that list and for tools none of the project's (they count as
  neighbours; TL107 still compares within a group only), and UNREAD when an item matched
  no tool or was not read: then its tools keep today's neighbours, the whole group;
- a tool in no list keeps the group, less the tools whose lists leave it out (turn.py).

Groups themselves are not changed: rules that read a group whole (TL302, TL307, the
handler rules) see what they saw.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

from toollint.link.byref import function_def, listed_defs
from toollint.classfacts import MAX_HOPS, class_map, import_map
from toollint.link.items import AT, BESIDE, HANDOFF, NEW, OUTSIDE, UNREAD, UNREAD_ITEM
from toollint.model import CallVal, Group, ModuleFacts, Tool

Lookup = Callable[[str], Optional[ModuleFacts]]

Offers = Tuple[Tuple[int, ...], ...]


def with_offers(groups: List[Group], facts: List[ModuleFacts], module: Lookup) -> List[Group]:
    """The groups, each with the lists that reach its tools as Group.offers (indices into
    Group.tools): a group's decorated tools, or the tools its definitions make of classes."""
    pools = {n: (g.decorated, True) if not g.definitions else (g.tools, False) for n, g in enumerate(groups)}
    offers = group_offers(pools, facts, module)
    return [replace(g, offers=offers[n]) if n in offers else g for n, g in enumerate(groups)]


def group_offers(pools: Dict[int, Tuple[Sequence[Tool], bool]], facts: List[ModuleFacts],
                 module: Lookup) -> Dict[int, Offers]:
    """Group.offers of each group a list reaches, by its key; `pools`: the group's tools,
    and whether they are framework-made (Group.decorated: matched to functions, places and
    classes) or definitions (matched only as the tools of classes)."""
    keyed = [(key, i) for key in sorted(pools) for i in range(len(pools[key][0]))]
    if not keyed:
        return {}  # no list item to resolve for
    tools = [pools[key][0][i] for key, i in keyed]
    made = [pools[key][1] for key, _ in keyed]
    out: Dict[int, Set[Tuple[int, ...]]] = {}
    for members, whole, beside in _lists(tools, made, facts, module):
        by_key: Dict[int, List[int]] = {}
        for i in members:
            by_key.setdefault(keyed[i][0], []).append(keyed[i][1])
        for key, local in by_key.items():
            extra = ([OUTSIDE] if len(by_key) > 1 or beside else []) + ([] if whole else [UNREAD_ITEM])
            out.setdefault(key, set()).add(tuple(sorted(set(local))) + tuple(extra))
    return {key: tuple(sorted(lists)) for key, lists in out.items()}


def _lists(tools: List[Tool], made: List[bool], facts: List[ModuleFacts],
           module: Lookup) -> List[Tuple[Set[int], bool, bool]]:
    """(indices into tools, read whole, with a tool none of the project's) of every list
    that offers at least one of them."""
    by_def: Dict[Tuple[str, str], List[int]] = {}
    by_place: Dict[Tuple[str, str], List[int]] = {}
    by_class: Dict[Tuple[str, int], List[int]] = {}  # a tool spanned on a class name: (path, line)
    for i, tool in enumerate(tools):
        by_class.setdefault((tool.span.path, tool.span.line), []).append(i)
        if not made[i]:
            continue
        if tool.function is not None:
            by_def.setdefault((tool.function.span.path, tool.function.qualname), []).append(i)
        by_place.setdefault((tool.span.path, f"{tool.span.line}:{tool.span.col}"), []).append(i)
    names = _path_names(facts)
    out: List[Tuple[Set[int], bool, bool]] = []
    for m in sorted(facts, key=lambda m: m.path):
        for offer in m.registration.offers if m.registration is not None else ():
            members: Set[int] = set()
            whole, beside = True, False
            for item in offer:
                found = _matched(item, m, tools, (by_def, by_place, by_class, names), module)
                if found is None or not found and (item == BESIDE or item[0] == HANDOFF):
                    beside = True  # a handoff toollint does not make: a neighbour, never one of these
                    continue
                whole = whole and bool(found)
                members.update(found)
            if members:
                out.append((members, whole, beside))
    return out


def _matched(item: Tuple[str, str], m: ModuleFacts, tools: List[Tool], by, module: Lookup) -> Optional[List[int]]:
    """The tools a list item is: [] when it is none that linking knows, None when it is a
    tool none of the project's (an installed library's class)."""
    by_def, by_place, by_class, names = by
    where, name = item
    if item == UNREAD:
        return []
    if where in (AT, HANDOFF):
        return by_place.get((m.path, name), [])
    if where == NEW:
        place, of, cls = name.split(" ")
        return by_place.get((m.path, place)) or _of_class(of or m.module, cls, by_class, module, names)
    if item == BESIDE:
        return []
    if not where:
        return _of_def(m.path, name, m, tools, by_def)
    found = function_def(f"{where}.{name}", module, 0)
    if found is not None:
        return _of_def(found[0].path, found[1], m, tools, by_def)
    made = _constant_tool(where, name, module, by_place, by_class, names) or \
        _method_tool(where, name, m, tools, by_def, module)
    if made:
        return made
    # `from app.tools import TOOLS`: a list constant there, read whole, of functions that are tools
    each = [_of_def(facts.path, qualname, m, tools, by_def)
            for facts, qualname in listed_defs(f"{where}.{name}", module)]
    if not each and name[:1].isupper():  # `[T() for T in (Search, Fetch)]`: the classes
        return _of_class(where, name, by_class, module, names) or []
    return [i for found in each for i in found] if each and all(each) else []


def _method_tool(where: str, name: str, m: ModuleFacts, tools: List[Tool], by_def, module: Lookup) -> List[int]:
    """`from tools import FormTools`, `Agent(tools=[FormTools.search_10q])`: the tool a
    decorator makes of a method of a plain class, handed over through the class (held-out
    round 14, class AA)."""
    head, _, cls = where.rpartition(".")
    facts = module(head) if head else None
    return _of_def(facts.path, f"{cls}.{name}", m, tools, by_def) if facts is not None else []


def _constant_tool(of: str, name: str, module: Lookup, by_place, by_class, names: Set[str]) -> List[int]:
    """`from app.tools import SearchTool` where app/tools.py binds `SearchTool =
    StructuredTool.from_function(...)`: the tool made there (held-out round 13, class Q);
    or binds `search = SearchTool()`: the tool of that class (held-out round 77, A)."""
    for _ in range(MAX_HOPS):
        facts = module(of) if of else None
        if facts is None:
            return []
        value = next((v for n, v in facts.constants if n == name), None)
        if value is not None:
            found = list(by_place.get((facts.path, f"{value.span.line}:{value.span.col}"), []))
            if not found and isinstance(value, CallVal) and value.func[:1].isupper() and "." not in value.func:
                found = _of_class(facts.module, value.func, by_class, module, names) or []
            return found
        source = import_map(facts).get(name)
        if source is None or not source[1]:
            return []
        of, name = source
    return []


def _of_class(of: str, cls: str, by_class, module: Lookup, names: Set[str]) -> Optional[List[int]]:
    """The tools made of the class `cls` of module `of`, through re-exports; None when an
    installed library defines it (`SerperDevTool()`: a tool, none of the project's)."""
    for _ in range(MAX_HOPS):
        facts = module(of) if of else None
        if facts is None:
            return None if of and not _project_module(of, module, names) else []
        found = class_map(facts).get(cls)
        if found is not None:
            return list(by_class.get((facts.path, found.line), [])) if found.line else []
        source = import_map(facts).get(cls)
        if source is None or not source[1]:
            return []
        of, cls = source
    return []


def _of_def(path: str, qualname: str, m: ModuleFacts, tools: List[Tool], by_def) -> List[int]:
    candidates = by_def.get((path, qualname), [])
    # `from app.tools import search` handed over in two modules is derived in each: this list's is its own
    here = [i for i in candidates if tools[i].span.path == m.path]
    return here or candidates


def _project_module(of: str, module: Lookup, names: Set[str]) -> bool:
    """Whether `of` may be a project's: relative as written, named like a folder or file of
    the project (`app.tools` of app/agents.py: a module linking may fail to find), or under
    a module linking finds (`app.tools.Toolbox`, a class of app.tools)."""
    parts = of.split(".")
    return of.startswith(".") or parts[0] in names or any(
        module(".".join(parts[:cut])) is not None for cut in range(len(parts) - 1, 0, -1))


def _path_names(facts: List[ModuleFacts]) -> Set[str]:
    parts = {part for m in facts for part in m.path.replace("\\", "/").split("/")}
    return {part[:-3] if part.endswith(".py") else part for part in parts}
