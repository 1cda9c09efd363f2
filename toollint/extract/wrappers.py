"""Project decorators that only wrap a framework's (issue 17): `def tracked_tool(fn):
log(fn); return tool(fn)`, then `@tracked_tool def search(...)`. A def decorated with one
is the framework's tool, derived as the wrapped decorator would. Only a plain delegation
counts: the last statement returns the framework's decorator applied to the function
parameter, unchanged (`tool(fn)`, `mcp.tool()(fn)`); anything else may make another tool."""
from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.frameworks.base import Use
from toollint.frameworks.recognise import recognise_expr


def wrapping_decorators(function_nodes: Sequence[Tuple[str, cst.FunctionDef]],
                        imports: Mapping[str, Tuple[str, str]],
                        names: Mapping[str, cst.BaseExpression]) -> Dict[str, Use]:
    """Module-level function name -> the framework decorator it applies to its argument."""
    out: Dict[str, Use] = {}
    for qualname, node in function_nodes:
        if "." in qualname or node.decorators or not isinstance(node.body, cst.IndentedBlock):
            continue
        params = node.params.params
        if not params or not node.body.body or any(_rebinds(s, params[0].name.value) for s in node.body.body):
            continue
        use = _delegation(node.body.body[-1], params[0].name.value, imports, names)
        if use is not None:
            out[qualname] = use
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


def _rebinds(stmt: cst.BaseStatement, name: str) -> bool:
    """Whether a statement of the wrapper assigns the function parameter (`fn = other(fn)`)."""
    found = []

    class _Visitor(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name) and node.target.value == name:
                found.append(node)

    stmt.visit(_Visitor())
    return bool(found)


def wrapped_tool(node: cst.FunctionDef, sig, ctx, wrappers: Mapping[str, Use], in_class: bool):
    """The tool `@tracked_tool` on a module-level def declares, or None."""
    if in_class or not wrappers:
        return None
    for decorator in node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Name) and expr.value in wrappers:
            use = wrappers[expr.value]
            return use.framework.derive(node, sig, use, ctx, "function")
    return None
