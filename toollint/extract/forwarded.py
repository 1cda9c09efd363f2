"""A tool list handed through a project class's constructor (issue 18: `Graph(model,
tools=tools)`, whose `__init__` keeps `self.tools = ToolNode(tools)` and a method calls
`create_react_agent(self.model, self.tools)`): the constructor's parameter is that call's
tool list, so each call of the class hands its list to the framework.

Precision first, a parameter counts only when `__init__` never rebinds it and hands it on
unchanged: straight to a list call (`bind_tools(tools)`, `create_react_agent(m, tools)`),
or wrapped in langgraph's `ToolNode(tools)` (create_react_agent takes a ToolNode and binds
the tools it made with `tool(fn)`, langgraph/prebuilt/chat_agent_executor.py), or through
`self.<attr>` that nothing else in the class stores. Classes of this module only.
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.extract.objects import SelfStores, rebound
from toollint.extract.walk import walk
from toollint.frameworks.args import qualified
from toollint.frameworks.base import Framework, Use
from toollint.frameworks.registry import LIST_CALLS

Imports = Mapping[str, Tuple[str, str]]
Forward = Tuple[Framework, str]  # the framework and how it derives each function (ListCall.method)
_TOOL_NODE = ("langgraph.prebuilt.ToolNode", "langgraph.prebuilt.tool_node.ToolNode")


def forwarded(cls: str, nodes: Mapping[str, cst.FunctionDef], imports: Imports) -> Dict[str, Tuple[int, Forward]]:
    """`__init__`'s parameters handed on as a tool list: name -> (position in a call, how)."""
    init = nodes.get(f"{cls}.__init__")
    if init is None or not isinstance(init.body, cst.IndentedBlock):
        return {}
    params = [p.name.value for p in (*init.params.posonly_params, *init.params.params)]
    names = set(params[1:]) | {p.name.value for p in init.params.kwonly_params}
    names -= rebound(init.body.body, names, set())
    if not names:
        return {}
    methods = [node for qualname, node in nodes.items() if qualname.startswith(cls + ".") and qualname.count(".") == 1]
    stores = SelfStores()
    for method in methods:
        walk(method.body, stores)
    if stores.opaque:
        return {}
    held = {attr: given for attr, values in stores.stores.items() if len(values) == 1
            for given in [_given(values[0], names, imports)] if given is not None}
    out: Dict[str, Tuple[int, Forward]] = {}
    for method in methods:
        for call, how in _list_calls(method, imports):
            expr = Use(how[0], call, "", ("",) * how[2] + ("tools",)).kwarg("tools")
            name = _given(expr, names, imports) if method is init else None
            written = dotted(expr) if isinstance(expr, cst.Attribute) else None
            if name is None and written and written.startswith("self.") and written.count(".") == 1:
                name = held.get(written[5:])
            if name is not None:
                out[name] = (_position(name, params), (how[0], how[1]))
    return out


def _position(name: str, params: List[str]) -> int:
    """Where the argument goes in a call of the class (without `self`); -1: keyword only."""
    return params.index(name) - 1 if name in params else -1


def _given(expr: Optional[cst.BaseExpression], names, imports: Imports) -> Optional[str]:
    """The parameter an expression is: `tools`, or `ToolNode(tools)`."""
    if isinstance(expr, cst.Name):
        return expr.value if expr.value in names else None
    if isinstance(expr, cst.Call) and qualified(expr.func, imports) in _TOOL_NODE and not any(a.star for a in expr.args):
        tools = Use(None, expr, "", ("tools",)).kwarg("tools")  # ToolNode(tools, handle_tool_errors=...)
        return _given(tools, names, imports) if isinstance(tools, cst.Name) else None
    return None


def _list_calls(method: cst.FunctionDef, imports: Imports) -> List[Tuple[cst.Call, Tuple[Framework, str, int]]]:
    found = _ListCalls(imports)
    walk(method.body, found)
    return found.calls


class _ListCalls(cst.CSTVisitor):
    def __init__(self, imports: Imports) -> None:
        self.imports = imports
        self.calls: List[Tuple[cst.Call, Tuple[Framework, str, int]]] = []

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        full = qualified(func, self.imports) if isinstance(func, (cst.Name, cst.Attribute)) else None
        listing = LIST_CALLS.get(full or "") or (
            LIST_CALLS.get("." + func.attr.value) if isinstance(func, cst.Attribute) else None)
        if listing is not None:
            framework, how = listing
            self.calls.append((node, (framework, how.method, how.position)))
