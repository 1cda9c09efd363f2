"""Project decorator factories that only fill in a framework decorator's arguments
(held-out rounds 64 M1, 73 M1, 81 M1): after

    def tool(name, description, read_only=True):
        return mcp.tool(name=name, description=description, annotations=Hints(readOnly=read_only))

`@tool("doctor", "Check the runtime.")` is `@mcp.tool(name="doctor", description="Check the
runtime.", annotations=Hints(readOnly=True))`, and so is the nested form

    def register_tool(server, name, **options):
        def decorator(fn):
            @functools.wraps(fn)          # the framework reads fn's signature, name and doc
            async def wrapper(*a, **k): ...
            return server.tool(name=name, **options)(wrapper)   # or (fn)
        return decorator

The factory's parameters are replaced by the call's arguments (or their defaults) in the
framework call, and recognition reads the expanded decorator as if it were written inline.
Only a factory that returns that call last (an earlier return is a configuration that
registers nothing), and never rebinds or changes a parameter; `*args` and `**kwargs`
handed on take the call's extra arguments. A call with a `*spread` or `**spread` of its
own, or one that leaves a required parameter unbound, is not expanded. A factory of
another module is not read here (extraction sees one file).

Nodes made here get the position of the decorator they replace (Context.place), so spans
of what the call site wrote (the name, the description) stay the call site's.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Mapping, Optional, Tuple

import libcst as cst

from toollint.extract.walk import changes, rebinds, stores_into

_Template = Tuple[cst.Parameters, cst.Call]
# the parameters' values, the positional arguments `*args` collects, the keywords `**kw` does
_Bound = Tuple[Dict[str, cst.BaseExpression], List[cst.Arg], List[cst.Arg]]


def expanded(node: cst.FunctionDef, lookup: Callable[[str], Optional[cst.FunctionDef]],
             place: Optional[Callable[[cst.CSTNode, cst.CSTNode], None]]) -> cst.FunctionDef:
    """`node` with each decorator that calls a decorator factory replaced by the framework
    call it makes; `node` itself when there is none (the common case: no work)."""
    if place is None:
        return node
    decorators = list(node.decorators)
    changed = False
    for i, decorator in enumerate(decorators):
        expr = decorator.decorator
        if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name)):
            continue
        factory = lookup(expr.func.value)
        found = template(factory) if factory is not None else None
        made = _substitute(found, expr) if found is not None else None
        if made is not None:
            place(made, expr)
            decorators[i] = decorator.with_changes(decorator=made)
            place(decorators[i], decorator)
            changed = True
    if not changed:
        return node
    new = node.with_changes(decorators=decorators)
    place(new, node)
    return new


def template(node: cst.FunctionDef) -> Optional[_Template]:
    """(parameters, framework call) of a decorator factory, or None."""
    call = factory_call(node)
    return (node.params, call) if call is not None and keeps_arguments(node) else None


def factory_call(node: cst.FunctionDef) -> Optional[cst.Call]:
    """The call a factory's last statement makes its decorator with: `return mcp.tool(...)`,
    or the one its returned local decorator applies. One look at the last statement: every
    module-level def is asked (extract/wrappers.py)."""
    if not isinstance(node.body, cst.IndentedBlock) or not node.body.body or node.asynchronous is not None:
        return None
    body = node.body.body
    last = _returned(body[-1])
    if isinstance(last, cst.Name):  # `def decorator(fn): ... return mcp.tool(...)(fn)`, `return decorator`
        inner = next((s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == last.value), None)
        return _applied(inner) if inner is not None else None
    return last if isinstance(last, cst.Call) else None


def keeps_arguments(node: cst.FunctionDef) -> bool:
    """Whether the factory hands its parameters on as given: it never rebinds one or
    stores into it, nor changes its `**kwargs` before the call."""
    body = node.body.body
    names = [p.name.value for p in _all_params(node.params)]
    if any(rebinds(s, n) or stores_into(s, n) for s in body for n in names):
        return False
    kwargs = node.params.star_kwarg
    # `options.pop("x")`: the keywords are not the call's
    return not (isinstance(kwargs, cst.Param) and any(changes(s, kwargs.name.value) for s in body[:-1]))


def _applied(inner: cst.FunctionDef) -> Optional[cst.Call]:
    """The framework call a decorator applies to its function: `return X(...)(fn)`, where
    fn is its parameter or a local def that `@wraps(fn)` (its signature, name and doc are fn's)."""
    params = inner.params.params
    if len(params) != 1 or not isinstance(inner.body, cst.IndentedBlock) or not inner.body.body:
        return None
    fn = params[0].name.value
    body = inner.body.body
    if any(rebinds(s, fn) or stores_into(s, fn) for s in body):
        return None  # `fn.__doc__ = ...`: what the framework reads is not what the def says
    last = _returned(body[-1])
    if not (isinstance(last, cst.Call) and isinstance(last.func, cst.Call) and len(last.args) == 1
            and not last.args[0].keyword and not last.args[0].star and isinstance(last.args[0].value, cst.Name)):
        return None
    given = last.args[0].value.value
    if given != fn:
        wrapper = next((s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == given), None)
        if wrapper is None or not _wraps(wrapper, fn):
            return None
    return last.func


def _wraps(node: cst.FunctionDef, fn: str) -> bool:
    for d in node.decorators:
        expr = d.decorator
        if isinstance(expr, cst.Call) and len(expr.args) == 1 and isinstance(expr.args[0].value, cst.Name) \
                and expr.args[0].value.value == fn:
            func = expr.func
            if (isinstance(func, cst.Name) and func.value == "wraps") or (
                    isinstance(func, cst.Attribute) and func.attr.value == "wraps"):
                return True
    return False


def _returned(stmt: cst.BaseStatement) -> Optional[cst.BaseExpression]:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Return):
        return stmt.body[0].value
    return None


def _all_params(params: cst.Parameters) -> List[cst.Param]:
    out = [*params.posonly_params, *params.params, *params.kwonly_params]
    for extra in (params.star_arg, params.star_kwarg):
        if isinstance(extra, cst.Param):
            out.append(extra)
    return out


def _bind(params: cst.Parameters, call: cst.Call) -> Optional[_Bound]:
    """The factory's parameters bound to the call's arguments (defaults where not passed),
    and the arguments `*args` and `**options` parameters collect; None when Python would
    raise or the binding is not static."""
    if any(a.star for a in call.args):
        return None
    positional = [a.value for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: a for a in call.args if a.keyword is not None}
    ordered = [*params.posonly_params, *params.params]
    extra = [a for a in call.args if a.keyword is None][len(ordered):]
    if extra and not isinstance(params.star_arg, cst.Param):
        return None
    values: Dict[str, cst.BaseExpression] = {}
    for i, param in enumerate(ordered):
        name = param.name.value
        if i < len(positional):
            if name in keywords:
                return None
            values[name] = positional[i]
        elif name in keywords and param not in params.posonly_params:
            values[name] = keywords.pop(name).value
        elif param.default is not None:
            values[name] = param.default
    for param in params.kwonly_params:
        name = param.name.value
        if name in keywords:
            values[name] = keywords.pop(name).value
        elif param.default is not None:
            values[name] = param.default
    rest = list(keywords.values())
    if rest and not isinstance(params.star_kwarg, cst.Param):
        return None
    return values, [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in extra], rest


def _substitute(found: _Template, site: cst.Call) -> Optional[cst.Call]:
    params, call = found
    bound = _bind(params, site)
    if bound is None:
        return None
    values, extra, rest = bound
    kwargs = params.star_kwarg.name.value if isinstance(params.star_kwarg, cst.Param) else None
    star = params.star_arg.name.value if isinstance(params.star_arg, cst.Param) else None
    if {p.name.value for p in _all_params(params)} - set(values) - {kwargs, star}:
        return None  # a required parameter the call leaves out: Python raises
    sub = _Substitute(values, {kwargs: rest, star: extra})
    made = call.visit(sub)
    return made if isinstance(made, cst.Call) and not sub.failed else None


class _Substitute(cst.CSTTransformer):
    def __init__(self, values: Mapping[str, cst.BaseExpression], spreads: Mapping[Optional[str], List[cst.Arg]]) -> None:
        self.values, self.spreads = values, {k: v for k, v in spreads.items() if k}
        self.failed = False

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        if original.value in self.spreads:
            self.failed = True  # `args` or `kwargs` used but as a spread into the call: not static
        return self.values.get(original.value, updated)

    def _spread(self, node: cst.Arg) -> bool:
        return bool(node.star) and isinstance(node.value, cst.Name) and node.value.value in self.spreads

    def visit_Arg(self, node: cst.Arg) -> bool:
        return not self._spread(node)  # `*args` / `**kwargs` handed on: replaced whole, below

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg):
        if self._spread(original):
            items = self.spreads[original.value.value]
            return cst.FlattenSentinel(items) if items else cst.RemoveFromParent()
        return updated.with_changes(keyword=original.keyword)  # `name=name`: the keyword stays a keyword

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        return updated.with_changes(attr=original.attr)
