"""Reading a declaration's arguments and a function's parameters from the source, statically."""
from __future__ import annotations

from typing import List, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator
from toollint.extract.names import parameters_of
from toollint.extract.literals import qualified  # noqa: F401  # re-exported: the frameworks import it from here
from toollint.model import Const, ListVal, Ref, Str


def str_arg(expr: Optional[cst.BaseExpression], evaluator: Evaluator) -> Optional[Str]:
    """A name or description given to the decorator; None when it was not given (or None)."""
    if expr is None:
        return None
    value = evaluator.eval(expr)
    if isinstance(value, Const) and value.value is None:
        return None
    if isinstance(value, Const) and isinstance(value.value, str):
        return Str(value.value, value.span)
    if isinstance(value, Ref) and not value.spread:  # `description=SEARCH_DESCRIPTION` of another module
        return Str(None, value.span, ref=value)
    return Str(None, value.span, choices_of(value))


def choices_of(value) -> Tuple[Str, ...]:
    """The literals a conditional chooses between (`A if flag else B`), or ()."""
    return tuple(Str(c.value, c.span) for c in getattr(value, "choices", ()))


def bool_arg(expr: Optional[cst.BaseExpression], evaluator: Evaluator, default: Optional[bool]) -> Optional[bool]:
    if expr is None:
        return default
    value = evaluator.eval(expr)
    if isinstance(value, Const) and (isinstance(value.value, bool) or value.value is None):
        return value.value if value.value is not None else default
    return default  # not a literal: the framework's default is the best reading


def str_list(expr: Optional[cst.BaseExpression], evaluator: Evaluator) -> Tuple[str, ...]:
    value = evaluator.eval(expr) if expr is not None else None
    if isinstance(value, ListVal):
        return tuple(i.value for i in value.items if isinstance(i, Const) and isinstance(i.value, str))
    return ()


def first_arg(call: cst.Call) -> Optional[cst.BaseExpression]:
    args = [a.value for a in call.args if a.keyword is None and not a.star]
    return args[0] if args else None


def annotated_class(param: cst.Param) -> Optional[cst.BaseExpression]:
    """The class a parameter is annotated with: `FastMCP` of `server: FastMCP[Any]` too
    (held-out round 81: 59 tools on such register functions unseen); None for a string."""
    annotation = param.annotation.annotation if param.annotation is not None else None
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    return annotation if isinstance(annotation, (cst.Name, cst.Attribute)) else None


def all_params(node: cst.FunctionDef) -> List[cst.Param]:
    return parameters_of(node.params)


def constructed(expr: Optional[cst.BaseExpression], ctx, classes: Tuple[str, ...]) -> Optional[cst.Call]:
    """The `Class(...)` call, of one of `classes`, an agent list's item stands for: the call
    itself, a name bound to it (ctx.names: the module's and the enclosing functions'), or a
    call of a function that returns it (`handoffs=[billing_agent()]`); `Agent[Ctx](...)` too.
    `ctx` is a frameworks.base.Context (which imports this module)."""
    value = ctx.names.get(expr.value) if isinstance(expr, cst.Name) else expr
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in ctx.evaluator.final:
        value = ctx.evaluator.final[value.func.value]
    if not isinstance(value, cst.Call):
        return None
    func = value.func.value if isinstance(value.func, cst.Subscript) else value.func
    return value if qualified(func, ctx.imports) in classes else None
