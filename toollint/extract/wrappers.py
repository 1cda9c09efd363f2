"""Project decorators that only wrap a framework's (issue 17): `def tracked_tool(fn):
log(fn); return tool(fn)`, then `@tracked_tool def search(...)`. A def decorated with one
is the framework's tool, derived as the wrapped decorator would. Only a plain delegation
counts: the last statement returns the framework's decorator applied to the function
parameter, unchanged (`tool(fn)`, `mcp.tool()(fn)`); anything else may make another tool.

A decorator factory (`def write_tool(**kwargs): return mcp.tool(**kwargs)`, `def tool(name):
...`) is expanded at each decorator by extract/factorydeco.py, whose `template` decides what
counts as one; its entry here, keyed `name()`, tells the other readers that a def it
decorates is a tool already, and that a call of it the expansion declined registers
something unknown."""
from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.textscan import STDLIB
from toollint.frameworks.base import Use
from toollint.frameworks.recognise import recognise_expr
from toollint.extract.factorydeco import factory_call, keeps_arguments
from toollint.extract.walk import rebinds, sets_identity
from toollint.model import WRAPPED, RefTool


def wrapping_decorators(function_nodes: Sequence[Tuple[str, cst.FunctionDef]],
                        imports: Mapping[str, Tuple[str, str]],
                        names: Mapping[str, cst.BaseExpression]) -> Dict[str, Use]:
    """Module-level function name -> the framework decorator it applies to its argument."""
    out: Dict[str, Use] = {}
    for qualname, node in function_nodes:
        if "." in qualname or node.decorators or not isinstance(node.body, cst.IndentedBlock):
            continue
        params = node.params.params
        if params and node.body.body:
            # the last statement first: it is one look, where a rebinding is a walk of every statement
            use = _delegation(node.body.body[-1], params[0].name.value, imports, names)
            if use is not None and not any(rebinds(s, params[0].name.value) for s in node.body.body):
                out[qualname] = use
                continue
        # `def write_tool(**kwargs): return mcp.tool(**kwargs)`, `def tool(name): return mcp.tool(name=name)`
        call = factory_call(node)
        use = recognise_expr(call, imports, names) if call is not None else None
        if use is not None and use.call is call and keeps_arguments(node):
            out[qualname + "()"] = use
    return out


def _delegation(stmt: cst.BaseStatement, param: str, imports, names) -> Optional[Use]:
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Return) and isinstance(stmt.body[0].value, cst.Call)):
        return None
    call = stmt.body[0].value
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star \
            or not (isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == param):
        return None
    return recognise_expr(call.func, imports, names)


def is_wrapper(expr: cst.BaseExpression, wrappers: Mapping[str, Use]) -> bool:
    """Whether a decorator is one of the module's wrappers: its def is a tool already, and
    handing it to an agent too (`Agent(tools=[fn])`) makes no second one."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name):
        return expr.func.value + "()" in wrappers  # a decorator factory's call
    return isinstance(expr, cst.Name) and expr.value in wrappers


def wrapped_tool(node: cst.FunctionDef, sig, ctx, wrappers: Mapping[str, Use], in_class: bool):
    """The tool `@tracked_tool` on a module-level def declares, or None; a RefTool when the
    decorator is imported (`from app.tracking import tracked_tool`): linking reads its def."""
    if in_class:
        return None
    for decorator in node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call) and is_wrapper(expr, wrappers):
            # a factory's call extract/factorydeco.py did not expand (Python would raise, or
            # a `**spread` of the call's own): what it registers is not known
            return None
        if is_wrapper(expr, wrappers):
            use = wrappers[expr.value]
            return use.framework.derive(node, sig, use, ctx, "function")
        module, attr = ctx.imports.get(expr.value, ("", "")) if isinstance(expr, cst.Name) else ("", "")
        # `@cache` of functools wraps nothing a project wrote: no reference for linking to chase
        if attr not in ("", "*") and module.split(".")[0] not in STDLIB:
            return RefTool(target=f"{module}.{attr}", framework=WRAPPED, method=sig.qualname,
                           span=ctx.span_of(node))
    return None


def wrapper_use(function_nodes, imports, names, qualname: str) -> Optional[Use]:
    """The framework decorator the wrapper `qualname` applies, when another module's def may
    take it as its own: a plain framework function with no options (`tool(fn)`), not a
    server's method, whose tools would be that server's."""
    node = dict(function_nodes).get(qualname)
    use = wrapping_decorators([(qualname, node)], imports, names).get(qualname) if node is not None else None
    if use is None or use.method or (use.call is not None and use.call.args):
        return None
    return Use(use.framework, None)


def borrows_identity(node: cst.FunctionDef) -> bool:
    """Whether `@functools.wraps(f)` decorates the def: its `__name__` and `__doc__` are
    f's, so a framework handed it sends f's name and docstring, not the def's (issue 18)."""
    return any(isinstance(d.decorator, cst.Call) and _last(d.decorator.func) == "wraps" for d in node.decorators)


def renamed(outer: Optional[cst.FunctionDef], name: str) -> bool:
    """Whether the function a local def is in sets its identity after it: `proxy.__doc__ =
    td.description`, `proxy.__name__ = td.name` (held-out round 116, A: a proxy per remote
    tool); what a framework then reads is known at run time only."""
    return outer is not None and sets_identity(outer.body, name)


def _last(expr: cst.BaseExpression) -> str:
    return expr.value if isinstance(expr, cst.Name) else expr.attr.value if isinstance(expr, cst.Attribute) else ""
