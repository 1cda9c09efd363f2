"""The object a tool is registered on (Tool.owner): "path:scope:object".

The tools one server or agent holds are sent together; two servers or two agents in one
module are two turns, so a name once on each is no duplicate (TL302). A free-standing tool
(LangChain's `@tool`, `Tool(...)`, `function_tool`) has no object: its owner is the scope
that makes it, "path:scope:", so a module's own tools stay together while a wrapper a
method builds (`Tool(name="wait", func=bound)` around the module-level `wait`) is not
taken for a second definition sent beside the first. The scope of an object is the one
that binds it (`def build(): agent = Agent(...)`), else the module (""); an imported
object is named where it is made (link/graph.py finish_pending), so `from .server import
mcp` in two modules is one owner.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import libcst as cst

from toollint.extract.evaluate import dotted


def owner(path: str, scopes: Sequence, obj: str) -> str:
    """`scopes`: the enclosing scopes, outermost first (each with .qualname and .objects)."""
    if not obj:
        return f"{path}:{scopes[-1].qualname if scopes else ''}:"
    head = obj.partition(".")[0]
    where = next((s.qualname for s in reversed(scopes) if head in s.objects), None)
    if where is None and head == "self":  # `self.mcp` (extract/objects.py): one server per class
        where = next((s.cls for s in reversed(scopes) if getattr(s, "cls", None)), None)
    return f"{path}:{where or ''}:{obj}"


def object_of(call: cst.CSTNode, known: Callable[[str], bool]) -> str:
    """The object `x.add_tool(fn)` / `x.tool()(fn)` registers on, when `known` says `x`
    is a server or agent; "" for a class's factory (`StructuredTool.from_function`) and
    for a plain call."""
    func = call.func if isinstance(call, cst.Call) else None
    if isinstance(func, cst.Call):
        func = func.func
    base = dotted(func.value) if isinstance(func, cst.Attribute) else None
    return base if base and known(base.partition(".")[0]) else ""


def decorator_object(expr: cst.BaseExpression, method: str) -> Optional[str]:
    """`mcp` of `@mcp.tool()` when the decorator is a method of an object (`method` set)."""
    if not method:
        return None
    written = dotted(expr.func if isinstance(expr, cst.Call) else expr)
    return written.rpartition(".")[0] if written else None
