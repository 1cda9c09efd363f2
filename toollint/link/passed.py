"""Tools declared on a function's parameter (extract/passed.py), finished from the calls
that hand that function a server: `register_tools(mcp, container)` with `mcp = FastMCP(...)`
here or in another project module. One tool per server handed over, grouped where the
server is made, as a tool declared on that server directly would be."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Optional, Tuple

from toollint.link.graph import server_at
from toollint.model import PARAM, ModuleFacts, PendingTool, Tool

Lookup = Callable[[str], Optional[ModuleFacts]]
Calls = Dict[Tuple[str, str], List[Tuple[int, str, str]]]  # (path, function) -> (position, keyword, argument)


def passed_calls(facts: List[ModuleFacts], module: Lookup, function_def: Callable) -> Calls:
    """Each project function's calls that hand it a name, by the def they reach
    (`function_def`: link/byref.py's, through re-exports)."""
    out: Calls = {}
    for m in facts:
        for callee, at, keyword, argument in m.server_args:
            found = function_def(callee, module, 0)
            if found is not None:
                out.setdefault((found[0].path, found[1]), []).append((at, keyword, argument))
    return out


def finish_param(pending: PendingTool, m: ModuleFacts, calls: Calls, module: Lookup) -> List[Tuple[Tool, str]]:
    """The tool as each server handed to the parameter derives it, with the path of the
    module that makes that server; [] when no call hands it a server."""
    function, at, name = pending.owner[len(PARAM):].rsplit(":", 2)
    position = int(at)
    servers = []
    for given, keyword, argument in calls.get((m.path, function), ()):
        if (position >= 0 and given == position) or keyword == name:
            found = server_at(argument, module)
            if found is not None and found not in servers:
                servers.append(found)
    out = []
    for framework, path, server in servers:
        tool = next((t for t in pending.candidates if t.framework == framework), None)
        if tool is not None:
            out.append((replace(tool, owner=f"{path}::{server}"), path))
    return out
