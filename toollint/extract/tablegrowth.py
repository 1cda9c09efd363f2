"""A dispatch table a function or class fills in after its literal (held-out round 117, A):
`self.tool_handlers = {"read_note": ...}` in `__init__`, then `self.tool_handlers.update({...})`
under an `if`, in another method, or `self.tool_handlers["list_notes"] = ...`. The table
handles every name so added, wherever it happens: the call that adds it may not run (a
feature off), but the tool is then not offered either, and "has no handler" would be
false for the run where it is.

A table's own function is read for a local table; every method of the class for `self.X`.
An addition whose key is not a literal (`.update(other)`, `T[name] = f`) makes the table
incomplete: whatever it adds is not known, so no name is said to be missing.
"""
from __future__ import annotations

from dataclasses import replace
from typing import List, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted, string_value
from toollint.extract.walk import walk
from toollint.model import Const, DictVal, RegistryDecl, Value


def grown_tables(registries: List[RegistryDecl], function_nodes: Sequence[Tuple[str, cst.FunctionDef]],
                 evaluator_of) -> List[RegistryDecl]:
    """`registries` with each function's or class's dispatch table grown by what it adds."""
    nodes = dict(function_nodes)
    out = []
    for decl in registries:
        function, _, target = decl.name.partition(":")
        if decl.kind == "maybe-handlers" and target and isinstance(decl.value, DictVal) and function in nodes:
            owner = function.rpartition(".")[0]
            bodies = [n for q, n in function_nodes if q.rpartition(".")[0] == owner] \
                if target.startswith("self.") and owner else [nodes[function]]
            decl = _grown(decl, target, bodies, evaluator_of(function))
        out.append(decl)
    return out


def _grown(decl: RegistryDecl, target: str, bodies: List[cst.FunctionDef], evaluator: Evaluator) -> RegistryDecl:
    additions = _Additions(target)
    for body in bodies:
        walk(body.body, additions)
    if not additions.found and additions.complete:
        return decl
    value = decl.value
    added: List[Tuple[Value, Value]] = []
    for key, expr in additions.found:
        span = evaluator.span_of(expr)
        added.append((Const(key, span), evaluator.eval(expr)))
    return replace(decl, value=replace(value, entries=value.entries + tuple(added),
                                       complete=value.complete and additions.complete))


class _Additions(cst.CSTVisitor):
    def __init__(self, target: str) -> None:
        self.target = target
        self.found: List[Tuple[str, cst.BaseExpression]] = []
        self.complete = True

    def _is_table(self, expr: cst.BaseExpression) -> bool:
        return dotted(expr) == self.target

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and self._is_table(func.value)):
            return
        method = func.attr.value
        if method == "update":
            for arg in node.args:
                if arg.keyword is not None:
                    self.found.append((arg.keyword.value, arg.value))
                elif isinstance(arg.value, cst.Dict) and not arg.star:
                    self._entries(arg.value)
                else:
                    self.complete = False
        elif method == "setdefault":
            key = string_value(node.args[0].value) if node.args else None
            if key is None or len(node.args) < 2:
                self.complete = False
            else:
                self.found.append((key, node.args[1].value))

    def _entries(self, node: cst.Dict) -> None:
        for element in node.elements:
            key = string_value(element.key) if isinstance(element, cst.DictElement) else None
            if key is None:
                self.complete = False
            else:
                self.found.append((key, element.value))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        target = node.target
        if isinstance(target, cst.Subscript) and self._is_table(target.value):
            key = _key(target)
            if key is None:
                self.complete = False
            else:
                value = self._value
                if value is not None:
                    self.found.append((key, value))

    def visit_Assign(self, node: cst.Assign) -> None:
        self._value = node.value

    _value: Optional[cst.BaseExpression] = None


def _key(target: cst.Subscript) -> Optional[str]:
    index = target.slice[0].slice if len(target.slice) == 1 else None
    return string_value(index.value) if isinstance(index, cst.Index) else None

