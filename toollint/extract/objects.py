"""Framework objects a name holds in every binding of it, where the module's constants
(extract/__init__.py `names`: unconditional module-level assignments) do not say (issue 18).

A server made in both branches of an `if`/`else` or a `try`/`except`
(`if SERVE: mcp = FastMCP("x", host=...) else: mcp = FastMCP("x")`) is that framework's
server whichever branch runs; a server kept on the instance (`self.mcp = FastMCP(...)` in
`__init__`) is the one `@self.mcp.tool()` in another method decorates. Precision first:
the name counts only when every binding of it the module (or the class's methods) holds is
a call of classes of one framework; any other binding (`mcp = None`, `for mcp in ...`,
an import, a `global mcp`, `setattr`) leaves it unknown.
"""
from __future__ import annotations

import re
from typing import Dict, Iterator, List, Mapping, Optional, Set, Tuple

import libcst as cst

from toollint.extract.literals import blocks
from toollint.extract.walk import walk
from toollint.frameworks.args import qualified
from toollint.frameworks.base import Framework
from toollint.frameworks.registry import CLASSES

Imports = Mapping[str, Tuple[str, str]]


def _made(value: Optional[cst.BaseExpression], imports: Imports) -> Optional[Framework]:
    """The framework of a known class's `Class(...)` (an imported project class is not read)."""
    if not isinstance(value, cst.Call):
        return None
    func = value.func.value if isinstance(value.func, cst.Subscript) else value.func
    return CLASSES.get(qualified(func, imports) or "")


def branch_objects(body, imports: Imports, names: Mapping[str, cst.BaseExpression], text: str) -> Dict[str, Framework]:
    """Module-level names bound only inside `if`/`try` blocks, each time to a server or agent
    of one framework."""
    candidates: Dict[str, Set[Framework]] = {}
    approved: Set[int] = set()
    for stmt in body:
        if isinstance(stmt, (cst.If, cst.Try)):
            for assign in _branch_assigns(stmt):
                target = assign.targets[0].target
                framework = _made(assign.value, imports) if len(assign.targets) == 1 else None
                if isinstance(target, cst.Name) and framework is not None and target.value not in names:
                    candidates.setdefault(target.value, set()).add(framework)
                    approved.add(id(assign.targets[0]))
    kept = {name for name, frameworks in candidates.items() if len(frameworks) == 1}
    if not kept:
        return {}
    kept -= rebound(body, kept, approved)
    if "globals()" in text:
        return {}
    kept = {name for name in kept if not re.search(r"\b(?:global|nonlocal)\b[^\n]*\b%s\b" % re.escape(name), text)}
    return {name: next(iter(candidates[name])) for name in kept}


def _branch_assigns(stmt: cst.CSTNode) -> Iterator[cst.Assign]:
    for block in blocks(stmt):
        for inner in block:
            if isinstance(inner, cst.SimpleStatementLine):
                yield from (s for s in inner.body if isinstance(s, cst.Assign))
            elif isinstance(inner, (cst.If, cst.Try)):
                yield from _branch_assigns(inner)


def rebound(body, names: Set[str], approved: Set[int]) -> Set[str]:
    """Those of `names` some other module-level statement binds."""
    seen = _Bindings(names, approved)
    for stmt in body:
        walk(stmt, seen)
    return seen.rebound


class _Bindings(cst.CSTVisitor):
    """Every binding of a module-level name outside functions and classes, but those approved."""

    def __init__(self, names: Set[str], approved: Set[int]) -> None:
        self.names = names
        self.approved = approved
        self.rebound: Set[str] = set()

    def _bind(self, target: Optional[cst.CSTNode]) -> None:
        for name in _target_names(target):
            if name in self.names:
                self.rebound.add(name)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self._bind(node.name)
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self._bind(node.name)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        if id(node) not in self.approved:
            self._bind(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._bind(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._bind(node.target)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._bind(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._bind(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:  # with ... as, except ... as, import ... as
        self._bind(node.name)

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        if node.asname is None:
            self._bind(cst.Name(_head(node.name)))

    def visit_Del(self, node: cst.Del) -> None:
        self._bind(node.target)

    def visit_MatchAs(self, node: cst.MatchAs) -> None:
        self._bind(node.name)

    def visit_MatchStar(self, node: cst.MatchStar) -> None:
        self._bind(node.name)


def _head(name: cst.BaseExpression) -> str:
    while isinstance(name, cst.Attribute):
        name = name.value
    return name.value if isinstance(name, cst.Name) else ""


def _target_names(target: Optional[cst.CSTNode]) -> List[str]:
    """The plain names a target binds (`a`, `a, *b`); `x.attr = ...` binds none."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in _target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []


def self_objects(node: cst.ClassDef, imports: Imports) -> Dict[str, Framework]:
    """`self.<attr>` -> framework, where every assignment to the attribute in the class's
    methods is a call of classes of one framework (`self.mcp = FastMCP(name=...)`)."""
    found = SelfStores()
    walk(node.body, found)
    if found.opaque:
        return {}
    typed = _typed_parameters(node)
    out: Dict[str, Framework] = {}
    for attr, values in found.stores.items():
        # `self.mcp = mcp` of `__init__(self, mcp: FastMCP)`: the server handed in (held-out round 55, M2)
        frameworks = {_made(value, imports) if not (isinstance(value, cst.Name) and value.value in typed)
                      else CLASSES.get(qualified(typed[value.value], imports) or "") for value in values}
        if len(frameworks) == 1 and None not in frameworks:
            out[f"self.{attr}"] = next(iter(frameworks))
    return out


def _typed_parameters(node: cst.ClassDef) -> Dict[str, cst.BaseExpression]:
    """Parameter -> its annotation, over the class's methods; a name annotated two ways is left out."""
    seen: Dict[str, Optional[cst.BaseExpression]] = {}
    for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        if isinstance(stmt, cst.FunctionDef):
            for param in stmt.params.params + stmt.params.kwonly_params:
                annotation = param.annotation.annotation if param.annotation is not None else None
                if not isinstance(annotation, (cst.Name, cst.Attribute)):
                    continue
                name = param.name.value
                known = seen.get(name, annotation)
                seen[name] = annotation if known is annotation or (
                    known is not None and known.deep_equals(annotation)) else None
    return {k: v for k, v in seen.items() if v is not None}


class SelfStores(cst.CSTVisitor):
    """Every store to `self.<attr>` in a class body (a nested class's `self` is its own)."""

    def __init__(self) -> None:
        self.stores: Dict[str, List[Optional[cst.BaseExpression]]] = {}
        self.opaque = False  # setattr(self, ...) / vars(self): stores the walk cannot name

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and node.func.value in ("setattr", "vars") or (
                isinstance(node.func, cst.Attribute) and node.func.attr.value == "__setattr__"):
            self.opaque = True

    def _store(self, target: Optional[cst.CSTNode], value: Optional[cst.BaseExpression]) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._store(element.value, None)  # unpacked: not a call we read
        elif isinstance(target, cst.StarredElement):
            self._store(target.value, None)
        elif isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
            self.stores.setdefault(target.attr.value, []).append(value)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._store(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._store(node.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._store(node.target, None)

    def visit_For(self, node: cst.For) -> None:
        self._store(node.target, None)

    def visit_AsName(self, node: cst.AsName) -> None:
        self._store(node.name, None)

    def visit_Del(self, node: cst.Del) -> None:
        self._store(node.target, None)
