"""On-demand loading: the modules linking asks for that no requested file's prefilter
let through (an import of a checked module), from the cache or extraction."""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from toollint.config.settings import Settings
from toollint.engine.scan import Scan, Task, cacheable, digest, extract_file, extract_many
from toollint.front.prefilter import may_dispatch
from toollint.link.graph import import_targets
from toollint.model import Finding, ModuleFacts


class Loader:
    """`load(module)` for toollint.link: facts of a module by its dotted name, or None.

    `digests` ends up holding path -> digest of every module it loaded (b"" when
    unreadable): the run cache checks them before reusing a run's findings.
    """

    def __init__(self, found: Scan, good: Dict[str, ModuleFacts], settings: Settings, jobs: int):
        self.scan, self.good, self.settings = found, good, settings
        self.digests: Dict[str, bytes] = {}
        self._loaded: Dict[str, Optional[ModuleFacts]] = {}
        # fetching ahead pays only for a pool to share the work among
        self._early = self._prefetch(jobs) if jobs > 1 else {}

    def __call__(self, module: str) -> Optional[ModuleFacts]:
        hit = self.scan.index.get(module)
        if hit is None:
            return None
        path, pkg = hit
        if path in self.good:
            return self.good[path]
        if path not in self._loaded:
            ready = self._early.pop(path, None)
            if ready is not None and (ready[1] is None or ready[1].module == module):
                self.digests[path], self._loaded[path] = ready
            else:
                self._loaded[path] = self._load_one(path, module, pkg)
        result = self._loaded[path]
        return result if result is not None and result.error is None else None

    def _prefetch(self, jobs: int) -> Dict[str, Tuple[bytes, Optional[ModuleFacts]]]:
        """The modules linking will ask for, extracted in the pool now rather than one at a
        time while it links: those the registry modules import (a handlers module often
        fails the prefilter: it names no tool). Linking still decides what it reads; a
        module fetched here and never asked for is dropped, and one asked for under
        another name is redone."""
        store = self.scan.store
        out: Dict[str, Tuple[bytes, Optional[ModuleFacts]]] = {}
        tasks: List[Task] = []
        digests: Dict[str, bytes] = {}
        for path, (module, pkg) in sorted(self._wanted().items()):
            data = self.scan.read(path)
            if isinstance(data, Finding):
                out[path] = (b"", None)
                continue
            digests[path] = digest(data)
            hit = store.get(path, module, pkg, digests[path]) if store is not None else None
            if hit is not None:
                out[path] = (digests[path], hit)
            else:
                tasks.append((path, module, pkg, data))
        extracted = extract_many(tasks, self.settings, jobs) if tasks else {}
        for path, module, pkg, _ in tasks:
            result = extracted.get(path)
            if result is not None and store is not None and cacheable(result):
                store.put(path, module, pkg, digests[path], result)
            out[path] = (digests[path], result)
        return out

    def neighbours(self) -> List[ModuleFacts]:
        """The modules a tool-declaring module imports that the prefilter let by but that
        hold a dispatch (`from app.dispatch import handlers`, whose text never says
        "tool"): linking reads their registries as it reads the passing modules'."""
        out: List[ModuleFacts] = []
        names = self._tool_names()
        wanted = sorted(self._wanted(every=True).items()) if names else []
        for path, (module, _) in wanted:
            data = self.scan.read(path)
            if isinstance(data, Finding) or not may_dispatch(data) or not _names_one(data, names):
                self.digests.setdefault(path, b"" if isinstance(data, Finding) else digest(data))
                continue
            facts = self(module)
            if facts is not None:
                out.append(facts)
        return out

    def calling(self, functions: List[str]) -> List[ModuleFacts]:
        """The project modules the prefilter let by whose text calls one of `functions`:
        `register_all(mcp)` in a server module that never says "tool" hands the server on
        to the defs that declare tools on it (link/passed.py)."""
        if not functions:
            return []
        call = re.compile(rb"\b(?:%s)\s*\(" % b"|".join(re.escape(f.encode()) for f in sorted(set(functions))))
        out: List[ModuleFacts] = []
        seen = set(self.good)
        for module, (path, _) in sorted(self.scan.index.items()):
            if path in seen:
                continue
            seen.add(path)
            data = self.scan.read(path)
            if isinstance(data, Finding) or call.search(data) is None:
                continue
            facts = self(module)
            if facts is not None and facts.server_args:
                out.append(facts)
        return out

    def _tool_names(self) -> List[bytes]:
        """The literal names of the tools the passing modules define, as the quoted
        strings a dispatch of them must hold."""
        from toollint.link.shapes import tool_from_value

        names = set()
        for facts in self.good.values():
            for decl in facts.registries:
                if decl.kind == "definitions":
                    items = getattr(decl.value, "items", ()) or ()
                else:
                    items = (decl.value,) if decl.kind == "loose" else ()
                for item in items:
                    tool = tool_from_value(item)
                    if tool is not None and tool.name.value:
                        names.add(tool.name.value.encode())
        return sorted(names)

    def _wanted(self, every: bool = False) -> Dict[str, Tuple[str, bool]]:
        """Path -> (module, is_package) of what the registry modules (or `every` passing
        module: the `main.py` that imports both the definitions and the dispatch) import."""
        index = self.scan.index
        wanted: Dict[str, Tuple[str, bool]] = {}
        for facts in self.good.values():
            if not facts.registries and not every:
                continue
            for name in import_targets(facts):
                hit = index.get(name)
                if hit is not None and hit[0] not in self.good and hit[0] not in wanted:
                    wanted[hit[0]] = (name, hit[1])
        return wanted

    def _load_one(self, path: str, module: str, pkg: bool) -> Optional[ModuleFacts]:
        """A module linking asks for, whatever the prefilter says."""
        data = self.scan.read(path)
        if isinstance(data, Finding):
            self.digests[path] = b""
            return None
        sha = self.digests[path] = digest(data)
        store = self.scan.store
        if store is not None:
            hit = store.get(path, module, pkg, sha)
            if hit is not None:
                return hit
        result = extract_file(path, module, pkg, self.settings, data=data, prefilter=False)
        if result is not None and store is not None and cacheable(result):
            store.put(path, module, pkg, sha, result)
        return result


def _names_one(data: bytes, names: List[bytes]) -> bool:
    return any(b'"' + n + b'"' in data or b"'" + n + b"'" in data for n in names)

