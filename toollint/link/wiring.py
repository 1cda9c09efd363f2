"""Which functions the project hands to agents, servers and tool lists, followed across
modules (TL308 reads the result): each module's Registration (extract/registration.py)
resolved through imports, re-exports and list constants.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Dict, List, Set, Tuple

from toollint.link.graph import ModuleGraph, imported_as
from toollint.model import CallVal, ListVal, ModuleFacts, Ref, Symbol, Unresolved, Wiring

_MAX_DEPTH = 20


def wiring(graph: ModuleGraph) -> Wiring:
    builders = [m for m in graph.modules if m.registration is not None and m.registration.builds]
    holders = [m for m in graph.modules if m.decorated]
    if not builders or not holders:
        return Wiring()
    resolver = _Registered(graph)
    for m in builders:
        resolver.builder(m)
    reach = {m.path: graph.reach(m.path) for m in builders}
    agents = {}
    for d in holders:
        found = tuple(m.path for m in builders if m.path == d.path or d.path in reach[m.path])
        if found:
            agents[d.path] = found
    return Wiring(builders=tuple(m.path for m in builders), registered=frozenset(resolver.registered),
                  open=frozenset(resolver.open), agents=MappingProxyType(agents),
                  users=MappingProxyType(_users(graph.modules)))


def _users(modules: List[ModuleFacts]) -> Dict[Tuple[str, str], Tuple[str, ...]]:
    """(module, function) -> the modules that mention that function of that module in a way
    extraction does not read (`used`): through `from mod import f` or `mod.f`."""
    out: Dict[Tuple[str, str], List[str]] = {}
    for m in modules:
        if m.registration is None or not m.registration.used:
            continue
        used = set(m.registration.used)
        for local, module, attr in m.imports:
            keys = {(module, attr)} if attr and local in used else set()
            whole = f"{module}.{attr}" if attr else module
            prefix = local + "."
            keys.update((whole, u[len(prefix):]) for u in used if u.startswith(prefix))
            for key in keys:
                users = out.setdefault(key, [])
                if m.path not in users:
                    users.append(m.path)
    return {k: tuple(v) for k, v in out.items()}


class _Registered:
    """The (path, function) pairs builders hand over, and the builders we cannot read."""

    def __init__(self, graph: ModuleGraph) -> None:
        self.graph = graph
        self.by_name = graph.by_name
        self.packages = {name.split(".")[0] for name in self.by_name}
        self.registered: Set[Tuple[str, str]] = set()
        self.open: Set[str] = set()  # paths of modules that pass something unreadable

    def builder(self, m: ModuleFacts) -> None:
        r = m.registration
        for module, name in r.names:
            if not self._resolve(m, module, name, 0):
                self.open.add(m.path)
        if any(self._opaque(module) for module, _ in r.opaque):
            self.open.add(m.path)

    def _project_module(self, module: str) -> bool:
        return not module or module.split(".")[0] in self.packages

    def _opaque(self, module: str) -> bool:
        """Whether an unreadable value (a call's result) may hold one of the project's tools:
        a function of this module, a name we could not follow, or a project module's (a
        third-party loader returns its own tools)."""
        return not module or self._project_module(module)

    def _resolve(self, m: ModuleFacts, module: str, name: str, depth: int) -> bool:
        """Add what (module, name) seen from m names to self.registered; False when unreadable."""
        if depth > _MAX_DEPTH:
            return False
        if not module:
            if name in dict(m.functions):
                self.registered.add((m.path, name))
                return True
            source = imported_as(m, name)
            return bool(source and source[1]) and self._resolve(m, source[0], source[1], depth + 1)
        target = self.graph.named(module, m)  # the module beside a script too, as the graph's edges
        if target is None:
            if f"{module}.{name}" in self.by_name:
                return True  # a module passed as such: not one of these functions
            return not self._project_module(module)
        if name in dict(target.functions):
            self.registered.add((target.path, name))
            return True
        constants = dict(target.constants)
        if name in constants:
            return self._value(target, constants[name], depth + 1)
        source = imported_as(target, name)  # a re-export
        return bool(source and source[1]) and self._resolve(target, source[0], source[1], depth + 1)

    def _value(self, m: ModuleFacts, value, depth: int) -> bool:
        if depth > _MAX_DEPTH:
            return False
        if isinstance(value, ListVal):
            ok = value.complete
            for item in value.items:
                ok = self._value(m, item, depth + 1) and ok
            return ok
        if isinstance(value, Symbol):
            if value.function is not None:
                self.registered.add((m.path, value.target))
                return True
            return False
        if isinstance(value, Ref):
            return self._resolve(m, value.module, value.name, depth + 1)
        if isinstance(value, CallVal):
            inner = [v for v in value.args + tuple(v for _, v in value.kwargs) if isinstance(v, (Symbol, Ref))]
            if inner:
                return all([self._value(m, v, depth + 1) for v in inner])
            callee = imported_as(m, value.func.split(".")[0])
            return value.func.rpartition(".")[2][:1].isupper() or not self._project_module(
                callee[0] if callee else "")
        return not isinstance(value, Unresolved)  # a literal: a dict definition, a string
