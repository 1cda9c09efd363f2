"""A handler table whose visible calls spread the arguments (held-out round 19, M3):
`HANDLERS = {"run_shell": lambda c: shell(c)}` dispatched as `HANDLERS[name](**tool_input)`,
or `handler = HANDLERS.get(name)` then `handler(**tool_input)`.

A one-parameter lambda reads, by its signature, as a handler given the whole arguments
dict (rulekit/schema.py call_style), so TL205/TL206 left it alone; a call that spreads
the dict hands it keywords, and the lambda's parameter is one of them. Each lambda of
such a table is bound to that call (calledsig.bind), as a dispatch branch's visible call
binds its handler. Precision first: only when every call of an item of the table this
module makes is `f(**x)` alone; a table also called `f(args)` or `f(client, **args)`,
or whose items are handed elsewhere, keeps the signature's reading.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Optional, Set

import libcst as cst

from toollint.calledsig import Passed, bind
from toollint.extract.walk import walk
from toollint.model import DictVal, RegistryDecl, Symbol

_SPREAD = (Passed("", "spread", "arguments"),)


def spread_tables(tree: cst.Module, text: str, tables: Set[str]) -> Set[str]:
    """The names of `tables` whose items every visible call gives `**x` alone."""
    if "**" not in text or not tables:
        return set()
    found = _Calls(tables)
    walk(tree, found)
    return {t for t in found.spread if t not in found.other}


def with_spread_calls(registries: List[RegistryDecl], tree: cst.Module, text: str) -> List[RegistryDecl]:
    tables = {r.name for r in registries if r.kind in ("handlers", "maybe-handlers") and isinstance(r.value, DictVal)
              and any(_lambda(v) for _, v in r.value.entries)}
    spread = spread_tables(tree, text, tables)
    if not spread:
        return registries
    out = []
    for r in registries:
        if r.name in spread and isinstance(r.value, DictVal) and r.kind in ("handlers", "maybe-handlers"):
            entries = tuple((k, replace(v, function=bind(v.function, _SPREAD)) if _lambda(v) else v)
                            for k, v in r.value.entries)
            r = replace(r, value=replace(r.value, entries=entries))
        out.append(r)
    return out


def _lambda(value) -> bool:
    return isinstance(value, Symbol) and value.function is not None and value.function.is_lambda


class _Calls(cst.CSTVisitor):
    def __init__(self, tables: Set[str]) -> None:
        self.tables = tables
        self.spread: Set[str] = set()
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
        spread = len(node.args) == 1 and node.args[0].star == "**"
        (self.spread if spread else self.other).add(table)
