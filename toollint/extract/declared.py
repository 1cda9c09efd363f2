"""A module's tools through frameworks: decorated defs, wrapping and registering calls
(the scan itself: extract/decorated.py), collected and made unique."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple

import libcst as cst

from toollint.extract.decorated import _at, _Calls, _Made
from toollint.extract.classtools import class_tools
from toollint.extract.evaluate import Evaluator
from toollint.extract.factorydeco import expanded
from toollint.extract.reassigned import assignments, reassigned
from toollint.extract.objects import branch_objects
from toollint.extract.wrappers import wrapped_tool, wrapping_decorators
from toollint.frameworks.base import Context
from toollint.frameworks.recognise import declared_tool, instance_framework
from toollint.frameworks.registry import BY_NAME
from toollint.model import FunctionSig, PendingTool, RefTool, Span, Tool


@dataclass
class Found:
    """What one module declares through frameworks, in source order."""

    tools: Tuple[Tool, ...] = ()
    pending: Tuple[PendingTool, ...] = ()
    refs: Tuple[RefTool, ...] = ()  # functions of other modules handed over here
    decorated: Tuple[Tool, ...] = ()  # those of `tools` a decorator declares on a def of the module
    servers: Tuple[Tuple[str, str], ...] = ()
    calls: Set[Tuple[int, int]] = field(default_factory=set)  # (line, col) of calls that became tools


def module_tools(tree: cst.Module, function_nodes: Sequence[Tuple[str, cst.FunctionDef]],
                 functions: Mapping[str, FunctionSig], imports: Mapping[str, Tuple[str, str]],
                 names: Mapping[str, cst.BaseExpression], span_of: Callable[[cst.CSTNode], Span],
                 evaluator: Evaluator, settings,
                 sig_of: Callable[[cst.FunctionDef, str], FunctionSig], text: str = "",
                 place: Optional[Callable[[cst.CSTNode, cst.CSTNode], None]] = None) -> Found:
    """Every tool a framework derives from a function of this module."""
    wrappers = wrapping_decorators(function_nodes, imports, names)
    classes = {stmt.name.value: stmt for stmt in tree.body if isinstance(stmt, cst.ClassDef)}
    ctx = Context(imports, names, span_of, evaluator, getattr(settings, "decorators", ()), wrappers, place, classes)
    module_defs = {q: n for q, n in function_nodes if "." not in q}
    module_assignments = lru_cache(maxsize=1)(lambda: assignments(tree.body))  # `search.description = ...`
    branches = branch_objects(tree.body, imports, names, text)  # `if ...: mcp = FastMCP(..) else: ...`
    servers = tuple((name, fw.name) for name, fw in ((n, instance_framework(n, imports, names))
                                                     for n in names if "." not in n) if fw is not None)
    servers += tuple((name, fw.name) for name, fw in branches.items())
    found: List[Tuple[Tuple[int, int], _Made]] = []
    for qualname, node in function_nodes:
        if not node.decorators:
            continue  # most defs have none: skip them before any work
        if "." not in qualname:  # `@tool("doctor", "...")`, a factory of the module filling in `mcp.tool(...)`
            node = expanded(node, module_defs.get, place)
        got = declared_tool(node, functions[qualname], ctx, branches, "." in qualname) or wrapped_tool(
            node, functions[qualname], ctx, wrappers, "." in qualname)
        if isinstance(got, Tool) and "." not in qualname:  # `search.description = "..."` below the def
            got = reassigned(got, module_assignments, node.name.value, evaluator, span_of)
        if got is not None:
            found.append((_at(span_of(node)), got))
    decorated = tuple(t for _, t in found if isinstance(t, Tool))
    scan = _Calls(ctx, dict(function_nodes), functions, sig_of, text, branches)
    try:
        scan.walk_body(tree.body)
    except RecursionError:
        pass
    found.extend(scan.found + class_tools(tree.body, ctx))
    found.sort(key=lambda item: item[0])
    tools, pending, refs = _unique(found)
    return Found(tools, pending, refs, decorated, servers, scan.calls)


def _unique(found: List[Tuple[Tuple[int, int], _Made]]) -> Tuple[Tuple[Tool, ...], Tuple[PendingTool, ...],
                                                                   Tuple[RefTool, ...]]:
    tools: List[Tool] = []
    pending: List[PendingTool] = []
    refs: Dict[Tuple[str, str, str, Optional[str], Optional[Span]], RefTool] = {}
    seen: Set[Tuple[str, Optional[str], Optional[str]]] = set()
    for _, item in found:
        if isinstance(item, PendingTool):
            pending.append(item)
            continue
        if isinstance(item, RefTool):
            # an object is handed over anew at each place, as an agent of this module is (a handoff each)
            where = item.span if item.of_object else None
            refs.setdefault((item.target, item.framework, item.method, item.registry, where), item)
            continue
        # one function offered twice the same way (Tool(fn) in two agents) is one tool
        key = (item.function.qualname if item.function else f"{item.span}", item.framework, item.name.value)
        if item.registry is not None and item.framework in BY_NAME:
            key = (item.registry, item.framework, item.name.value)
        if key not in seen:
            seen.add(key)
            tools.append(item)
    return tuple(tools), tuple(pending), tuple(refs.values())


