"""A handler table whose visible calls spread the arguments (held-out round 19, M3):
`HANDLERS = {"run_shell": lambda c: shell(c)}` dispatched as `HANDLERS[name](**tool_input)`,
or `handler = HANDLERS.get(name)` then `handler(**tool_input)`; and one whose calls fill
leading parameters themselves, `fn(conn, owner_id, **tool_input)` to
`lambda conn, owner_id, **kw: check_stock(conn, **kw)` (held-out round 53, D: 40 TL205).

A one-parameter lambda reads, by its signature, as a handler given the whole arguments
dict (rulekit/schema.py call_style), so TL205/TL206 left it alone; a call that spreads
the dict hands it keywords, and the lambda's parameter is one of them. Each lambda of
such a table is bound to that call (calledsig.bind), as a dispatch branch's visible call
binds its handler. Precision first: only when every call of an item of the table this
module makes has one shape, `**x` after plain names the dispatcher holds; a table also
called `f(args)`, called two ways, or whose items are handed elsewhere, keeps the
signature's reading.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from toollint.calledsig import ARGUMENT_NAMES, Passed, bind, unknown
from toollint.extract.walk import walk
from toollint.model import DictVal, RegistryDecl, Symbol

_SPREAD = Passed("", "spread", "arguments")
Shape = Tuple[Passed, ...]


def spread_tables(tree: cst.Module, text: str, tables: Set[str]) -> Dict[str, Shape]:
    """The names of `tables` whose items every visible call gives `**x` in one shape, with
    that shape (`(other, other, spread)` for `fn(conn, owner_id, **x)`)."""
    if not tables:
        return {}
    found = _Calls(tables)
    walk(tree, found)
    return {t: next(iter(shapes)) for t, shapes in found.shapes.items()
            if t not in found.other and len(shapes) == 1}


def with_spread_calls(registries: List[RegistryDecl], tree: cst.Module, text: str) -> List[RegistryDecl]:
    tables = {r.name for r in registries if r.kind in ("handlers", "maybe-handlers") and isinstance(r.value, DictVal)
              and any(_lambda(v) for _, v in r.value.entries)}
    spread = spread_tables(tree, text, tables)
    if not spread:
        return registries
    out = []
    for r in registries:
        if r.name in spread and isinstance(r.value, DictVal) and r.kind in ("handlers", "maybe-handlers"):
            entries = tuple((k, replace(v, function=_bound(v.function, spread[r.name])) if _lambda(v) else v)
                            for k, v in r.value.entries)
            r = replace(r, value=replace(r.value, entries=entries))
        out.append(r)
    return out


def _bound(sig, shape: Shape):
    """The lambda as the table's calls reach it: given keywords by `**x`, or positional
    arguments only, of which one is the arguments dict by its name (`handler(tool_input,
    user_id)` to `lambda inp, uid: ...`: held-out round 123, A, 48 TL205/TL206 on a lambda
    whose parameters are no map of the schema) or none is known to be."""
    if any(p.kind in ("spread", "whole") for p in shape):
        return bind(sig, shape)
    return unknown(sig)


def _lambda(value) -> bool:
    return isinstance(value, Symbol) and value.function is not None and value.function.is_lambda


class _Calls(cst.CSTVisitor):
    def __init__(self, tables: Set[str]) -> None:
        self.tables = tables
        self.shapes: Dict[str, Set[Shape]] = {}
        self.other: Set[str] = set()
        self.aliases: List[Dict[str, Optional[str]]] = [{}]  # per function: `handler = HANDLERS.get(name)`

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.aliases.append({})

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.aliases.pop()

    def _table(self, expr: cst.BaseExpression) -> Optional[str]:
        """The table `T[...]` / `T.get(...)` looks an item up in."""
        if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and expr.value.value in self.tables:
            return expr.value.value
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get" \
                and isinstance(expr.func.value, cst.Name) and expr.func.value.value in self.tables:
            return expr.func.value.value
        return None

    def visit_Assign(self, node: cst.Assign) -> None:
        table = self._table(node.value)
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                scope = self.aliases[-1]
                name = target.target.value
                # bound to two things in one function: which the call reaches is not known
                scope[name] = table if scope.get(name, table) == table else None

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        table = self._table(func)
        if table is None and isinstance(func, cst.Name):
            table = self.aliases[-1].get(func.value)
            if func.value in self.aliases[-1] and table is None:
                return
        if table is None:
            return
        shape = _shape(node.args)
        if shape is None:
            self.other.add(table)
        else:
            self.shapes.setdefault(table, set()).add(shape)


def _shape(args) -> Optional[Shape]:
    """`(conn, owner_id, **x)`, `(**x, timeout=t)`: plain names or attributes the dispatcher
    holds, one `**x` whose base none of them is; `(tool_input, user_id)`: positional names
    only, the arguments dict among them by its name; None for any other call."""
    spreads = [a for a in args if a.star == "**"]
    if not spreads and args and all(not a.star and not a.keyword and isinstance(a.value, (cst.Name, cst.Attribute))
                                    for a in args):
        return tuple(Passed("", "whole" if isinstance(a.value, cst.Name) and a.value.value in ARGUMENT_NAMES
                            else "other") for a in args)
    if len(spreads) != 1 or not isinstance(spreads[0].value, cst.Name):
        return None
    base = spreads[0].value.value
    shape = []
    for arg in args:
        if arg is spreads[0]:
            shape.append(_SPREAD)
            continue
        if arg.star or not isinstance(arg.value, (cst.Name, cst.Attribute)) or _names(arg.value, base):
            return None
        shape.append(Passed(arg.keyword.value if arg.keyword else "", "other"))
    return tuple(shape)


def _names(expr: cst.BaseExpression, name: str) -> bool:
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    return isinstance(expr, cst.Name) and expr.value == name
