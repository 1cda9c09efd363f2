"""The names a function binds, for the Agents SDK's handoffs to an agent made in it
(issue 18): `def build(): billing = Agent(name="Billing"); return Agent(handoffs=[billing])`
hands over `transfer_to_billing`, as a module-level `billing = Agent(...)` does
(agents_refs.py reads the agent's `Agent(...)` call through Context.names).

Only a name the function binds once, by a plain assignment, stands for its value; one it
binds any other way (twice, a parameter, a loop target, `global`...) stands for nothing,
and hides the module's name of the same spelling, as Python's scoping does.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Dict, List, Sequence, Set

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.extract.walk import walk
from toollint.frameworks.args import all_params

if TYPE_CHECKING:  # Context.with_locals calls this: base imports it
    from toollint.frameworks.base import Context

_NOTHING = cst.Name("None")  # what a name bound other than once stands for: no Agent(...) call


def with_locals(ctx: "Context", scopes: Sequence) -> "Context":
    """`ctx` whose names are also those the functions of the enclosing `scopes` (outermost
    first, each with the `.node` of its def, None for a module or class) bind."""
    if all(s.node is None for s in scopes):
        return ctx
    names = dict(ctx.names)
    for scope in scopes:
        if scope.node is not None:
            # read once per enclosing function: every tool-making call in its body asks again
            if scope.bindings is None:
                scope.bindings = _bindings(scope.node)
            names.update(scope.bindings)
    return replace(ctx, names=names)


def bound_names(node: cst.FunctionDef) -> Set[str]:
    """Every name the function binds, however (its parameters included)."""
    return set(_bindings(node))


def _bindings(node: cst.FunctionDef) -> Dict[str, cst.BaseExpression]:
    scan = _Bindings()
    walk(node.body, scan)
    out: Dict[str, cst.BaseExpression] = {p.name.value: _NOTHING for p in all_params(node)}
    for name, values in scan.values.items():
        out[name] = values[0] if len(values) == 1 and name not in scan.other and name not in out else _NOTHING
    out.update({name: _NOTHING for name in scan.other})
    return out


class _Bindings(cst.CSTVisitor):
    def __init__(self) -> None:
        self.values: Dict[str, List[cst.BaseExpression]] = {}
        self.other: Set[str] = set()

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self.values.setdefault(node.targets[0].target.value, []).append(node.value)
        else:
            for target in node.targets:
                self._names(target.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if isinstance(node.target, cst.Name) and node.value is not None:
            self.values.setdefault(node.target.value, []).append(node.value)
        else:
            self._names(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._names(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._names(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:  # with ... as x, except E as x, import a as x
        self._names(node.name)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._names(node.target)

    def visit_Global(self, node: cst.Global) -> None:
        self.other.update(n.name.value for n in node.names)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.other.update(n.name.value for n in node.names)

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        if node.asname is None:  # `import os.path` binds os
            self.other.add((dotted(node.name) or "").partition(".")[0])

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.other.add(node.name.value)
        return False  # its own scope

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.other.add(node.name.value)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def _names(self, target: cst.CSTNode) -> None:
        """The names a target binds (`self.x` and `d[k]` bind none)."""
        if isinstance(target, cst.Name):
            self.other.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._names(element.value)
        elif isinstance(target, cst.StarredElement):
            self._names(target.value)
