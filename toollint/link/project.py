"""The project-wide step: join every module's facts into one Project of registry groups.

Resolves names imported between project modules (Ref) into their values (link.resolve),
interprets the registries (definitions, handlers, categories, always-offered) and groups
the registries that belong together: the ones in one module, and the ones whose modules
import each other. A group is what one agent offers: rules about handlers and routers
look inside it. The Project and its Groups are frozen (toollint/model/project.py): what rules ask
of the whole project is computed here, once.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Callable, Dict, Iterable, List, Optional, Set, Tuple

from toollint import toolbases
from toollint.deferred import CrewClass, ShapeClass
from toollint.frameworks.model_params import finish_all
from toollint.link.imported_names import imported_names
from toollint.link.byref import offered_tools
from toollint.link.graph import ModuleGraph, import_targets
from toollint.link.joins import join_through_importers
from toollint.link.mentions import all_mentions
from toollint.link.offers import with_offers
from toollint.link.resolve import MAX_RESOLVE_DEPTH, Resolver
from toollint.link.shapes import tool_from_value
from toollint.link.wiring import wiring
from toollint.model import (
    CallVal, Category, Const, DictVal, Group, HandlerEntry, ListVal, ModuleFacts,
    Project, Ref, Registry, RegistryDecl, Span, Str, Symbol, Tool, Unresolved, Value,
)
from toollint.rulekit.schema import properties

# Tools checked per group. Several rules compare each tool with the whole group, so a
# generated group of 2**14 copies of one tool would take minutes; no agent offers this
# many. The rest are left unchecked, and their registry is marked incomplete.
MAX_GROUP_TOOLS = 2_000


def _str(value: Value) -> Str:
    if isinstance(value, Const) and isinstance(value.value, str):
        return Str(value.value, value.span)
    return Str(None, value.span)


def interpret(decl: RegistryDecl, value: Value) -> Registry:
    """Turn a registry's resolved value into tools, handlers, categories or members."""
    if decl.kind == "loose":
        return _loose(decl, value)
    kind = decl.kind.replace("maybe-", "")
    if kind != decl.kind:
        decl = replace(decl, kind=kind)
    if decl.kind == "definitions":
        return _definitions(decl, value)
    if decl.kind == "handlers":
        return _handlers(decl, value)
    if decl.kind == "categories":
        return _categories(decl, value)
    return _always(decl, value)


def _loose(decl: RegistryDecl, value: Value) -> Registry:
    tool = tool_from_value(value, decl.name)
    if tool is None:
        return Registry("definitions", decl.name, decl.span, complete=False)
    if decl.function is not None:
        tool = replace(tool, function=decl.function)
    return Registry("definitions", decl.name, decl.span, tools=(tool,), alone=decl.alone)


def _definitions(decl: RegistryDecl, value: Value) -> Registry:
    if not isinstance(value, ListVal):
        if isinstance(value, DictVal):  # {"search": {...}, ...}: a dict of definitions
            value = ListVal(tuple(v for _, v in value.entries), value.span, value.complete)
        else:
            return Registry(decl.kind, decl.name, decl.span, complete=False)
    tools: List[Tool] = []
    unseen: List[Unresolved] = []
    complete = value.complete
    for item in value.items:
        tool = tool_from_value(item, decl.name, in_registry=True)
        if tool is None:
            complete = False  # something we could not see may be a tool
            unseen.append(_why(item))
        else:
            tools.append(tool)
    return Registry(decl.kind, decl.name, decl.span, complete, tools=tuple(tools), unresolved=tuple(unseen),
                    alone=decl.alone)


def _handlers(decl: RegistryDecl, value: Value) -> Registry:
    if not isinstance(value, DictVal):
        return Registry(decl.kind, decl.name, decl.span, complete=False)
    entries: List[HandlerEntry] = []
    complete = value.complete
    for k, v in value.entries:
        key = _str(k)
        if key.value is None:
            complete = False
        function = v.function if isinstance(v, Symbol) else None
        target = v.target if isinstance(v, Symbol) else "<unresolved>"
        entries.append(HandlerEntry(key, target, v.span, function))
    return Registry(decl.kind, decl.name, decl.span, complete, handlers=tuple(entries))


def _categories(decl: RegistryDecl, value: Value) -> Registry:
    if not isinstance(value, DictVal):
        return Registry(decl.kind, decl.name, decl.span, complete=False)
    categories: List[Category] = []
    complete = value.complete
    for k, v in value.entries:
        if isinstance(v, DictVal) and isinstance(v.get("tools"), ListVal):
            v = v.get("tools")
        if not isinstance(v, ListVal):
            complete = False
            categories.append(Category(_str(k), (), False))
            continue
        members = tuple(_str(i) for i in v.items)
        cat_complete = v.complete and all(m.value is not None for m in members)
        categories.append(Category(_str(k), members, cat_complete))
        complete = complete and cat_complete
    return Registry(decl.kind, decl.name, decl.span, complete, categories=tuple(categories))


def _always(decl: RegistryDecl, value: Value) -> Registry:
    if not isinstance(value, ListVal):
        return Registry(decl.kind, decl.name, decl.span, complete=False)
    members = tuple(_str(i) for i in value.items)
    return Registry(decl.kind, decl.name, decl.span,
                    value.complete and all(m.value is not None for m in members), members=members)


def _why(value: Value) -> Unresolved:
    if isinstance(value, Unresolved):
        return value
    if isinstance(value, Symbol):
        return Unresolved(f"'{value.target}' is not a literal definition", value.span)
    if isinstance(value, CallVal):
        return Unresolved(f"the result of {value.func}() is only known at run time", value.span)
    if isinstance(value, Ref):
        return Unresolved(f"'{value.name}' from '{value.module}' could not be read", value.span)
    return Unresolved("not a tool definition toollint recognises", value.span)


def _configured_first(decl: RegistryDecl) -> int:
    return 0 if decl.kind in ("definitions", "handlers", "categories", "always") else 1


def _promote(registry: Registry, names: Set[str], run_by_framework: Set[Optional[str]]) -> Optional[Registry]:
    """Keep a shape-found dispatch dict or router only when its strings are mostly tool names
    (for a dispatch dict, of tools no framework runs itself)."""
    if registry.kind == "handlers":
        keys = [e.key.value for e in registry.handlers]
        if all(k not in names or k in run_by_framework for k in keys):
            return None
    else:
        keys = [m.value for c in registry.categories for m in c.members]
    hits = sum(1 for k in keys if k in names)
    if registry.kind == "categories" and _record_table(registry.categories, names):
        return None
    # a branch chain whose handlers are not read needs two of its strings, where it has two: one
    # coincidence (`elif action.command == "view"` beside a tool named `view`, held-out round 87)
    # makes no dispatch of tools; a dict of the project's functions needs one
    need = 2 if registry.kind != "handlers" else 1 if any(e.function is not None for e in registry.handlers) \
        else min(2, len(keys))
    if hits >= need and hits * 2 >= len(keys):
        return registry
    return None


def _record_table(categories, names: Set[str]) -> bool:
    """`{"datasource": ("export_datasource", "update_datasource", "datasource_id")}`: rows
    of one length with a column that never holds a tool name are records that name tools
    among other strings, not a router's lists of tools."""
    widths = {len(c.members) for c in categories}
    if len(categories) < 2 or len(widths) != 1 or widths == {1}:
        return False
    return any(all(c.members[i].value not in names for c in categories) for i in range(widths.pop()))


def _refs(value: Value, out: Set[str], literal: Dict[int, Value], depth: int = 0) -> None:
    """The modules of the Refs in the value, the parts resolve found literal left out."""
    if depth > MAX_RESOLVE_DEPTH or id(value) in literal:
        return
    if isinstance(value, Ref):
        out.add(value.module)
    elif isinstance(value, DictVal):
        for k, v in value.entries:
            _refs(k, out, literal, depth + 1)
            _refs(v, out, literal, depth + 1)
    elif isinstance(value, ListVal):
        for item in value.items:
            _refs(item, out, literal, depth + 1)
    elif isinstance(value, CallVal):
        for item in value.args:
            _refs(item, out, literal, depth + 1)
        for _, item in value.kwargs:
            _refs(item, out, literal, depth + 1)


@dataclass
class _Draft:
    """A group while linking gathers it; frozen into a Group once complete."""

    key: str
    definitions: List[Registry] = field(default_factory=list)
    handlers: List[Registry] = field(default_factory=list)
    categories: List[Registry] = field(default_factory=list)
    always: List[Registry] = field(default_factory=list)

    @property
    def paths(self) -> Set[str]:
        return {r.span.path for r in self.definitions + self.handlers + self.categories + self.always}

    def defined_names(self) -> Set[str]:
        return {t.name.value for r in self.definitions for t in r.tools if t.name.value is not None}

    def freeze(self) -> Group:
        return Group(self.key, tuple(self.definitions), tuple(self.handlers), tuple(self.categories),
                     tuple(self.always))


_Kept = List[Tuple[ModuleFacts, RegistryDecl, Registry]]


def link(modules: Iterable[ModuleFacts], load: Callable[[str], Optional[ModuleFacts]] = lambda name: None) -> Project:
    """One Project from the facts of every module read; `load` reads other modules on demand."""
    modules = list(modules)
    facts = [m for m in modules if m.error is None]
    by_module: Dict[str, ModuleFacts] = {m.module: m for m in facts if m.module}
    resolver = Resolver(by_module, load)
    decorated = finish_all(offered_tools(facts, resolver.module, getattr(load, "calling", None)), facts, resolver.module)  # model-typed parameters
    decorated = imported_names(decorated, resolver)  # `name=CREATE_DOCUMENT_TOOL` of another module
    kept = _registries(facts, resolver, {t.name.value for tools in decorated.values() for t in tools})
    ordered = join_through_importers(_grouped(kept, resolver.literal, resolver.module), facts)
    _attach_orphans(ordered)
    for group in ordered:
        _cap_tools(group)
    groups = [g.freeze() for g in ordered if g.paths]
    groups.extend(Group(key=f"{path}:decorated", decorated=tuple(decorated[path])) for path in sorted(decorated))
    groups = with_offers(groups, facts, resolver.module)  # which of their tools one turn offers together
    modules_by_path = {m.path: m for m in modules}
    for m in by_module.values():
        if m is not None:
            modules_by_path.setdefault(m.path, m)
    return _project(modules_by_path, tuple(groups))


def _sent_one_by_one(facts: List[ModuleFacts], resolver: Resolver) -> Set[Tuple[str, str]]:
    """(path, name) of the lists some module sends one tool at a time and none whole
    (extract/onebyone.py)."""
    turns: Dict[Tuple[str, str], bool] = {}
    for m in facts:
        for qualified, whole in m.turns:
            module, _, name = qualified.rpartition(".")
            origin = m if module == m.module else resolver.module(module) if module else None
            if origin is not None:
                key = (origin.path, name)
                turns[key] = turns.get(key, False) or whole
    return {key for key, whole in turns.items() if not whole}


def _registries(facts: List[ModuleFacts], resolver: Resolver, decorated_names: Set[Optional[str]]) -> _Kept:
    """Every registry interpreted, then the shape-found ones kept only when they hold tool
    names: which strings are tool names decides whether a dict of callables is a dispatch
    table and a dict of name lists a router."""
    interpreted: _Kept = []
    seen_values: Set[Tuple[str, int, int]] = set()
    alone = _sent_one_by_one(facts, resolver)
    for m in sorted(facts, key=lambda m: m.path):
        for decl in sorted(m.registries, key=_configured_first):
            if decl.kind == "definitions" and (m.path, decl.name) in alone:
                decl = replace(decl, alone=True)
            key = (decl.value.span.path, decl.value.span.line, decl.value.span.col)
            if key in seen_values:
                continue  # `tools=TOOLS` is the TOOLS list again
            if isinstance(decl.value, CrewClass):
                from toollint.frameworks.crewai_bases import settled  # over the bases' ClassFacts

                decl = settled(decl, resolver.module)
                if decl is None:
                    continue
            if isinstance(decl.value, ShapeClass):  # also what a CrewClass falls back to
                decl = toolbases.settled(decl, resolver.module)
                if decl is None:
                    continue
            seen_values.add(key)
            interpreted.append((m, decl, interpret(decl, resolver.resolve(decl.value))))
    # a tool is where it is written; the name's place also stands for it, since a wrapper
    # (`{"type": "function", "function": SEARCH}`) gives the tool its own span (round 91)
    listed = {s for _, d, r in interpreted if d.kind == "definitions" for t in r.tools for s in (t.span, t.name.span)}
    names = {t.name.value for _, d, r in interpreted if d.kind in ("definitions", "loose") for t in r.tools}
    # tools their framework runs from the object itself: a dict naming them picks tools
    # (crewAI's `self.tools = {"yaml_name": tool}`, held-out round 22), it dispatches nothing
    run_by_framework = {t.name.value for _, d, r in interpreted if d.kind == "loose" for t in r.tools
                        if t.function is not None and t.registry and t.function.qualname.startswith(t.registry + ".")}
    run_by_framework |= decorated_names
    names |= decorated_names
    kept: _Kept = []
    offered: List[Set[Span]] = []  # each definitions list kept, by its tools
    for m, decl, registry in interpreted:
        if decl.kind == "loose" and all(t.span in listed or t.name.span in listed for t in registry.tools):
            continue  # `SEARCH = {...}` that a list holds is that list's tool
        spans = {t.span for t in registry.tools}
        if decl.kind == "definitions" and spans and registry.complete and any(spans <= o for o in offered):
            continue  # `create(tools=[WEATHER_TOOL])` again on the next turn: the same tools
        if decl.kind == "definitions":
            # `ALL = GROUP_A + GROUP_B` is a turn of its own, larger than either (held-out round 34, M1)
            offered.append(spans)
        if decl.kind.startswith("maybe-"):
            registry = _promote(registry, names, run_by_framework)
            if registry is None:
                continue
        kept.append((m, decl, registry))
    return kept


def _grouped(kept: _Kept, literal: Dict[int, Value],
             project: Callable[[str], Optional[ModuleFacts]]) -> List[_Draft]:
    """Union-find over modules that hold registries: one module, modules joined by an
    import between them, or modules whose tools one project registry makes
    (`@registry.register(name=..., ...)` with `registry` from a project module), make one group."""
    parent: Dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    holders = {m.path: m for m, _, _ in kept}
    graph = ModuleGraph(holders.values())
    for m in holders.values():
        find(m.path)
        imported = set(import_targets(m))
        for decl in m.registries:
            _refs(decl.value, imported, literal)
        for other in imported:
            target = graph.named(other, m)
            if target is not None and target.path != m.path:
                parent[find(m.path)] = find(target.path)

    made_by: Dict[Tuple[str, str, str], str] = {}
    for m, decl, _ in kept:
        key = _project_callee(m, decl, project)
        if key is not None:
            parent[find(m.path)] = find(made_by.setdefault(key, m.path))

    groups: Dict[str, _Draft] = {}
    for m, decl, registry in kept:
        group = groups.setdefault(find(m.path), _Draft(key=find(m.path)))
        getattr(group, registry.kind).append(registry)
    return sorted(groups.values(), key=lambda g: min(g.paths) if g.paths else g.key)


def _project_callee(m: ModuleFacts, decl: RegistryDecl,
                    project: Callable[[str], Optional[ModuleFacts]]) -> Optional[Tuple[str, str, str]]:
    """(module, name, attribute path) of the project function or object a loose tool's call
    goes through, when it comes from another project module: the registry that collects it
    (held-out round 24, source-agent: 13 tools, one module each, one `registry`)."""
    value = decl.value
    if decl.kind != "loose" or not isinstance(value, CallVal):
        return None
    head, _, rest = value.func.partition(".")
    for local, module, attr in m.imports:
        if local == head:
            origin = project(module)  # a project module, by any of its names
            return (origin.path, attr, rest) if origin is not None else None
    return None


def _project(modules: Dict[str, ModuleFacts], groups: Tuple[Group, ...]) -> Project:
    """The Project, with what rules ask of the whole of it computed once."""
    vocabulary: Set[str] = set()
    for tool in (t for g in groups for t in g.tools):
        if tool.name.value:
            vocabulary.add(tool.name.value)
        props = properties(tool.schema)
        if props:
            vocabulary.update(props)
    for facts in modules.values():
        vocabulary.update(qualname.rpartition(".")[2] for qualname, _ in facts.functions)
    return Project(
        modules=MappingProxyType(modules),
        groups=groups,
        all_definitions_complete=all(g.definitions_complete for g in groups if g.definitions or g.decorated),
        all_names=frozenset(n for g in groups for n in g.defined_names),
        forced_tools=frozenset(n for m in modules.values() for n in m.forced_tools),
        vocabulary=frozenset(vocabulary),
        mentions=MappingProxyType(all_mentions(t for g in groups for t in g.tools)),
        wiring=wiring(ModuleGraph(m for m in modules.values() if m is not None and m.error is None)),
    )


def _cap_tools(group: _Draft) -> None:
    room = MAX_GROUP_TOOLS
    for i, registry in enumerate(group.definitions):
        if len(registry.tools) > room:
            dropped = Unresolved(f"more than {MAX_GROUP_TOOLS} tools in one group: the rest are not checked",
                                 registry.tools[room].span)
            registry = replace(registry, tools=registry.tools[:room], complete=False,
                               unresolved=registry.unresolved + (dropped,))
            group.definitions[i] = registry
        room -= len(registry.tools)


def _named_by(orphan: _Draft, groups: List[_Draft]) -> Optional[_Draft]:
    """The one group whose tools the orphan's handlers and categories name most: a dispatch
    module elsewhere (`dispatch/handlers.py` for `tools/defs.py`) still serves its tools."""
    keys = {e.key.value for r in orphan.handlers for e in r.handlers}
    keys |= {m.value for r in orphan.categories for c in r.categories for m in c.members}
    keys.discard(None)
    scores = sorted(((len(keys & g.defined_names()), i) for i, g in enumerate(groups)), reverse=True)
    if not scores or not scores[0][0] or scores[0][0] * 2 < len(keys) \
            or (len(scores) > 1 and scores[1][0] == scores[0][0]):
        return None
    return groups[scores[0][1]]


def _attach_orphans(groups: List[_Draft]) -> None:
    """A router or handler module that imports nothing from the definitions still belongs to
    them when the project has only one set of definitions, one in the same folder, or one
    whose tools it names."""
    with_defs = [g for g in groups if g.definitions]
    for orphan in [g for g in groups if not g.definitions]:
        home: Optional[_Draft] = None
        if len(with_defs) == 1:
            home = with_defs[0]
        else:
            folders = {os.path.dirname(p) for p in orphan.paths}
            near = [g for g in with_defs if folders & {os.path.dirname(p) for p in g.paths}]
            if len(near) == 1:
                home = near[0]
        if home is None:
            home = _named_by(orphan, with_defs)
        if home is not None:
            home.handlers.extend(orphan.handlers)
            home.categories.extend(orphan.categories)
            home.always.extend(orphan.always)
            orphan.handlers, orphan.categories, orphan.always = [], [], []
