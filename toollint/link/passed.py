"""Tools declared on a function's parameter (extract/passed.py), finished from the calls
that hand that function a server: `register_tools(mcp, container)` with `mcp = FastMCP(...)`
here or in another project module. One tool per server handed over, grouped where the
server is made, as a tool declared on that server directly would be."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Optional, Set, Tuple

from toollint.link.graph import server_at
from toollint.deferred import SUBCLASS
from toollint.model import LOCAL, PARAM, ModuleFacts, PendingTool, Tool

Lookup = Callable[[str], Optional[ModuleFacts]]
# `register_all(mcp)` -> `feature.register(mcp)` -> `@mcp.tool()`: a chain of defs handing
# their parameter on is followed this far (held-out round 17, M4); a cycle stops sooner
_MAX_CHAIN = 4
Calls = Dict[Tuple[str, str], List[Tuple[int, str, str]]]  # (path, function) -> (position, keyword, argument)


def typed_param(tool: Tool, m: ModuleFacts) -> Optional[Tuple[str, int, str]]:
    """(function, position or -1, name) when the tool is declared on a parameter a
    module-level def or a method types as a server (`def register_a(mcp: FastMCP):
    @mcp.tool()`), as extract/owners.py names its owner: "path:register_a:mcp"."""
    owner = tool.owner or ""
    if not owner.startswith(m.path + ":"):
        return None
    function, _, name = owner[len(m.path) + 1:].partition(":")
    if not function or not name or function.count(".") > 1 or "." in name or "<" in function:
        return None
    sig = dict(m.functions).get(function)
    if sig is None:
        return None
    positional = [p.name for p in sig.params if p.kind == "positional"]
    if "." in function:
        # `class IndexTools: def register_tools(self, mcp: FastMCP)`, called on an instance
        # as `IndexTools(client).register_tools(mcp)` (held-out round 43, M2): `self` is no
        # argument of the call
        if not positional or positional[0] != "self" or name == "self":
            return None
        positional = positional[1:]
    for param in sig.params:
        if param.name == name and param.annotation is not None and param.kind in ("positional", "keyword_only"):
            return function, positional.index(name) if param.kind == "positional" else -1, name
    return None


def passed_calls(facts: List[ModuleFacts], module: Lookup, function_def: Callable,
                 calling: Optional[Callable[[List[str]], List[ModuleFacts]]] = None) -> Calls:
    """Each project function's calls that hand it a name, by the def they reach
    (`function_def`: link/byref.py's, through re-exports). The modules that call a def
    declaring tools on its parameter, or a def handing its parameter on, are loaded when
    the prefilter left them out (a server module that never says "tool"), up the chain."""
    out: Calls = {}
    wanted = {p.owner[len(PARAM):].rsplit(":", 2)[0] for m in facts for p in m.pending if p.owner.startswith(PARAM)}
    wanted |= {found[0] for m in facts for found in map(lambda t: typed_param(t, m), m.decorated) if found}
    searched: Set[str] = set()
    todo = list(facts)
    for _ in range(_MAX_CHAIN + 1):
        for m in todo:
            for callee, at, keyword, argument in m.server_args:
                found = function_def(callee, module, 0)
                if found is not None:
                    out.setdefault((found[0].path, found[1]), []).append((at, keyword, argument))
                if argument.startswith(PARAM):
                    wanted.add(argument[len(PARAM):].rsplit(":", 3)[1])
        fresh = sorted(wanted - searched)
        if calling is None or not fresh:
            break
        searched.update(fresh)
        todo = calling(fresh)
    return out


def finish_param(pending: PendingTool, m: ModuleFacts, calls: Calls, module: Lookup) -> List[Tuple[Tool, str]]:
    """The tool as each server handed to the parameter derives it, with the path of the
    module that makes that server; [] when no call hands it a server."""
    function, at, name = pending.owner[len(PARAM):].rsplit(":", 2)
    servers: List[Tuple[str, str, str]] = []
    _handed(m.path, function, int(at), name, calls, module, servers, 0)
    out = []
    for framework, path, owner in servers:
        tool = next((t for t in pending.candidates if t.framework == framework), None)
        if tool is not None:
            out.append((replace(tool, owner=owner), path))
    return out


def rehomed(tool: Tool, m: ModuleFacts, calls: Calls, module: Lookup) -> List[Tuple[Tool, str]]:
    """A tool declared on a typed server parameter (`register_a(mcp: FastMCP)`), in the
    group of each server the visible calls hand that parameter, so one server's tools split
    over a dozen register functions are judged together (held-out round 17, M6b); [] when
    no call is seen: it stays a group of its module, as before."""
    found = typed_param(tool, m)
    if found is None:
        return []
    servers: List[Tuple[str, str, str]] = []
    _handed(m.path, found[0], found[1], found[2], calls, module, servers, 0)
    return [(replace(tool, owner=owner), path) for framework, path, owner in servers if framework == tool.framework]


def _handed(path: str, function: str, position: int, name: str, calls: Calls, module: Lookup,
            servers: List[Tuple[str, str, str]], depth: int) -> None:
    """The servers the calls of `function` (in the module at `path`) hand to its parameter:
    (framework, path of the module making it, its Tool.owner)."""
    for given, keyword, argument in calls.get((path, function), ()):
        if not ((position >= 0 and given == position) or keyword == name):
            continue
        if argument.startswith(PARAM):
            if depth < _MAX_CHAIN:
                dotted, caller, at, param = argument[len(PARAM):].rsplit(":", 3)
                outer = module(dotted)
                if outer is not None:
                    _handed(outer.path, caller, int(at), param, calls, module, servers, depth + 1)
            continue
        if argument.startswith(LOCAL):  # `def main(): mcp = FastMCP(...); register_all(mcp)`
            dotted, function_, name_, framework = argument[len(LOCAL):].rsplit(":", 3)
            if framework.startswith(SUBCLASS):  # `AppMCP(...)` of another module: a server class there?
                made = server_at(framework[len(SUBCLASS):], module)
                framework = made[0] if made is not None else ""
            outer = module(dotted) if framework else None
            # named as extract/owners.py names a server bound in a def: "path:function:name"
            found = (framework, outer.path, f"{outer.path}:{function_}:{name_}") if outer is not None else None
        else:
            found = server_at(argument, module)
            # as extract/owners.py names a module's server there: "path::name"
            found = (found[0], found[1], f"{found[1]}::{found[2]}") if found is not None else None
        if found is not None and found not in servers:
            servers.append(found)
