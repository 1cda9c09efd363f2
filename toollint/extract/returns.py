"""Small project functions that return one expression, evaluated at their call sites:
`TOOL_DEFINITIONS = [read_file_tool(), named_tool("write_file", "...")]` where each
function returns a literal dict, so list-level rules see the whole list. The call's
arguments are evaluated where the call is and bound to the parameters; a call that cannot
be bound (star arguments, a missing one, an unknown keyword) stays a call, so the list
stays incomplete (toollint.extract.evaluate)."""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.walk import walk
from toollint.model import Value

# name -> (parameters in order: (name, default or None, positional), the returned expression)
Returns = Dict[str, Tuple[Tuple[Tuple[str, Optional[cst.BaseExpression], bool], ...], cst.BaseExpression]]
# what such a function binds before it returns: its own helpers, and names bound once, in order
Helpers = Tuple[Returns, Tuple[Tuple[str, cst.BaseExpression], ...]]


def returning(function_nodes: Sequence[Tuple[str, cst.FunctionDef]], helpers: Optional[Dict[str, Helpers]] = None
              ) -> Returns:
    """The module-level functions whose body is one `return <expr>` (a docstring aside),
    undecorated and without *args/**kwargs; before it, defs of such helpers of its own may
    stand (`def tool(name, description): return {...}` then `return [tool("a", ...), ...]`,
    held-out round 82, M1: 11 tools), and names it binds once (`number3 = {...}`), which
    `helpers` gets, by the function's name."""
    out: Returns = {}
    for qualname, node in function_nodes:
        if "." in qualname or node.decorators or node.asynchronous is not None:
            continue
        listed = _params(node)
        found = _single_return(node, helpers is not None)
        if listed is None or found is None:
            continue
        expr, local, assigned = found
        out[qualname] = (listed, expr)
        if (local or assigned) and helpers is not None:
            helpers[qualname] = (returning(local), assigned)
    return out


def _params(node: cst.FunctionDef) -> Optional[Tuple[Tuple[str, Optional[cst.BaseExpression], bool], ...]]:
    params = node.params
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None:
        return None
    listed = [(p.name.value, p.default, True) for p in (*params.posonly_params, *params.params)]
    listed += [(p.name.value, p.default, False) for p in params.kwonly_params]
    return tuple(listed)


def _single_return(node: cst.FunctionDef, nested: bool = False) -> Optional[Tuple[
        cst.BaseExpression, List[Tuple[str, cst.FunctionDef]], Tuple[Tuple[str, cst.BaseExpression], ...]]]:
    """(the returned expression, the helper defs and the names bound once before it) of a
    body that is one return; `nested`: those may stand before it."""
    if not isinstance(node.body, cst.IndentedBlock):
        return None
    body = list(node.body.body)
    if body and isinstance(body[0], cst.SimpleStatementLine) and len(body[0].body) == 1 and isinstance(
            body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        body = body[1:]  # the docstring
    local: List[Tuple[str, cst.FunctionDef]] = []
    assigned: List[Tuple[str, cst.BaseExpression]] = []  # `number3 = {...}` used by the returned tools
    while nested and len(body) > 1:
        first = body[0]
        small = first.body[0] if isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 else None
        if isinstance(first, cst.FunctionDef) and not first.decorators and _single_return(first) is not None:
            local.append((first.name.value, first))
        elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            assigned.append((small.targets[0].target.value, small.value))
        else:
            break
        body = body[1:]
    names = [n for n, _ in local] + [n for n, _ in assigned]
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1 \
            or len(names) != len(set(names)):
        return None  # a name bound twice is not one value
    ret = body[0].body[0]
    return (ret.value, local, tuple(assigned)) if isinstance(ret, cst.Return) and ret.value is not None else None


def bind(params: Tuple[Tuple[str, Optional[cst.BaseExpression], bool], ...], call: cst.Call,
         value: Callable[[cst.BaseExpression], Value]) -> Optional[Dict[str, Value]]:
    """Parameter name -> value for the call, or None when the call cannot be bound statically."""
    bound: Dict[str, Value] = {}
    positional = [p for p in params if p[2]]
    args: List[cst.Arg] = list(call.args)
    for index, arg in enumerate(args):
        if arg.star:
            return None
        if arg.keyword is None:
            if index >= len(positional):
                return None
            bound[positional[index][0]] = value(arg.value)
        else:
            name = arg.keyword.value
            if name in bound or name not in {p[0] for p in params}:
                return None
            bound[name] = value(arg.value)
    for name, default, _ in params:
        if name not in bound:
            if default is None:
                return None
            bound[name] = value(default)
    return bound


def final_calls(function_nodes: Sequence[Tuple[str, cst.FunctionDef]]) -> Dict[str, cst.Call]:
    """Module-level functions whose last statement returns a call: `def billing_agent(): ...;
    return Agent(name="billing", ...)`, what `handoffs=[billing_agent()]` hands over; here
    and from other modules (extract/factories.py). Every other `return` must return the
    same object (the name bound to it): a function that may return something else makes
    nothing we could name."""
    out: Dict[str, cst.Call] = {}
    for qualname, node in function_nodes:
        if "." in qualname or node.decorators or node.asynchronous is not None \
                or not isinstance(node.body, cst.IndentedBlock) or not node.body.body:
            continue  # an async def's call makes a coroutine, no agent
        last = node.body.body[-1]
        if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and isinstance(last.body[0], cst.Return) \
                and isinstance(last.body[0].value, (cst.Call, cst.Name)):
            value = last.body[0].value
            call = value if isinstance(value, cst.Call) else _bound_once(node.body.body[:-1], value.value)
            if call is not None and returns_only(node, value):
                out[qualname] = call
    return out


def returns_only(node: cst.FunctionDef, value: cst.BaseExpression) -> bool:
    """Whether every `return` of the function's own body returns `value`: that very call,
    or the same name; a generator returns none of them."""
    found: List[cst.CSTNode] = []

    class _Returns(cst.CSTVisitor):
        def visit_Return(self, ret: cst.Return) -> None:
            same = ret.value is value or (isinstance(value, cst.Name) and isinstance(ret.value, cst.Name)
                                          and ret.value.value == value.value)
            found.extend([] if same else [ret])

        def visit_Yield(self, y: cst.Yield) -> None:
            found.append(y)

        def visit_FunctionDef(self, inner: cst.FunctionDef) -> bool:
            return False  # its returns are its own

        def visit_Lambda(self, inner: cst.Lambda) -> bool:
            return False

        def visit_ClassDef(self, inner: cst.ClassDef) -> bool:
            return False

    walk(node.body, _Returns())
    return not found


def _bound_once(body: Sequence[cst.BaseStatement], name: str) -> Optional[cst.Call]:
    """`agent = Agent(...)` then `return agent`: the call, when the name is bound there only,
    at the top of the body, and no attribute of it is set (`agent.name = ...`)."""
    found: List[cst.Call] = []
    others: List[cst.CSTNode] = []

    def _ours(target: cst.BaseExpression) -> bool:  # `agent` itself, or an attribute of it
        target = target.value if isinstance(target, cst.Attribute) else target
        return isinstance(target, cst.Name) and target.value == name

    class _Binds(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            others.extend([node] if _ours(node.target) else [])

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            others.extend([node] if _ours(node.target) else [])

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            others.extend([node] if _ours(node.target) else [])

        def visit_For(self, node: cst.For) -> None:
            others.extend([node] if _ours(node.target) else [])

        def visit_AsName(self, node: cst.AsName) -> None:
            others.extend([node] if _ours(node.name) else [])

        def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
            others.extend([node] if _ours(node.target) else [])

    for stmt in body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and small.targets[0].target.value == name and isinstance(small.value, cst.Call) and not found:
            found.append(small.value)
            continue
        walk(stmt, _Binds())
    return found[0] if len(found) == 1 and not others else None


def every_return(body) -> Optional[List[cst.BaseExpression]]:
    """The returned expressions of a block every path of which returns (only `if`/`else`,
    plain statements, docstrings); None when a path may fall through or loops."""
    out: List[cst.BaseExpression] = []
    for stmt in body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Return):
                    if small.value is None:
                        return None
                    out.append(small.value)
                    return out
                if not isinstance(small, (cst.Expr, cst.Pass)):
                    return None  # an assignment may change what a name means
            continue
        if isinstance(stmt, cst.If) and isinstance(stmt.body, cst.IndentedBlock):
            inner = every_return(stmt.body.body)
            if inner is None:
                return None
            out.extend(inner)
            orelse = stmt.orelse
            if orelse is None:
                continue
            rest = every_return([orelse] if isinstance(orelse, cst.If) else orelse.body.body)
            if rest is None:
                return None
            return out + rest
        return None
    return None  # the end of the body is reached: it returns None there


def property_value(node: cst.FunctionDef) -> Optional[cst.BaseExpression]:
    """What a `@property` whose body is one `return <expr>` (a docstring aside) gives: as a
    class attribute would (held-out round 127, M2: tool classes with `name`, `description`
    and `input_schema` properties returning literals)."""
    if not any(isinstance(d.decorator, cst.Name) and d.decorator.value == "property" for d in node.decorators):
        return None
    found = _single_return(node)
    return found[0] if found is not None else None
