"""Instance attributes a method reads as `self.name`, where the class's `__init__` chain
sets them statically (issue 17): MCP low-level tool classes build `Tool(name=self.name,
description=self.description, ...)` and take the values from a base `__init__`
(`self.name = name`) given a constant by the subclass (`super().__init__(TOOL_NAME)`).

Class attributes count too (`name = "analyze_buffer_cache"` beside
`get_tool_definition`). Read in the module only, bases the module defines. Precision
first, an attribute is known only when the `__init__` that runs sets it at its top level
from a literal, a module constant or a parameter bound to one (by the subclass's
`super().__init__(...)` or the parameter's default), or, when that `__init__` leaves it
alone, from the class body; one set in a branch, a loop, another method or from anything
else is not, and when an `__init__` the module does not define runs (an imported base's)
only what is set after it is. The methods of a class the module subclasses read nothing:
there `self` may be any of them.

A base imported by name from another module (`from .base import BaseHandler`) is read
while linking (toollint.extract.inherited): what the class sets itself before that base's
`__init__` runs, class attributes included, stands as a ClassAttr, the class's value when
that base and its bases provably never set the attribute, else unresolved. An attribute
the class never sets, whose `__init__` hands that base `super().__init__("list_notes")`,
stands as an InitArg: the argument for the parameter the base's `__init__` stores in it
(held-out round 43, M1), when linking finds that store to be the base's only one.
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Set, Tuple

import libcst as cst

from toollint.deferred import ClassAttr, InitArg
from toollint.extract.evaluate import Evaluator, dotted
from toollint.extract.walk import walk
from toollint.model import Const, Symbol, Unresolved, Value

_UNKNOWN = object()
_MAX_DEPTH = 8  # bases followed; deeper is a cycle or a hierarchy not worth the guess


class _If:
    """A value that holds only if the imported base never sets the attribute (linking checks)."""

    def __init__(self, value: object) -> None:
        self.value = value


class SelfEvaluator(Evaluator):
    """The module's evaluator, with `self.<attr>` standing for the values its class sets,
    read at the first `self.<attr>` it meets: nearly no method builds a tool from self, and
    every class with a method gets one of these."""

    def __init__(self, base: Evaluator, owner: str, classes: Mapping[str, cst.ClassDef]) -> None:
        self.__dict__.update(base.__dict__)
        self._self_of = (base, owner, classes)
        self._attrs: Optional[Dict[str, object]] = None
        self.imported: Optional[Tuple[str, str]] = None
        self.handed: Optional[Dict[str, object]] = None  # what `super().__init__(...)` gives that base
        self._unknown: Set[str] = set()

    def _class_attrs(self) -> Dict[str, object]:
        if self._attrs is None:
            base, owner, classes = self._self_of
            unseen: List[bool] = []
            imported: List[Tuple[str, str]] = []
            handed: List[Dict[str, object]] = []
            values = _init_values(owner, classes, base, None, 0, unseen, imported, handed)
            merged = {} if unseen else _class_values(owner, classes, base)
            if imported:
                merged = _presumed(merged)
            merged.update(values)
            self._attrs = {k: v for k, v in merged.items() if v is not _UNKNOWN}
            self._unknown = {k for k, v in merged.items() if v is _UNKNOWN}
            self.imported = imported[0] if imported else None
            self.handed = handed[0] if len(imported) == 1 and len(handed) == 1 else None
        return self._attrs

    def _attribute(self, node: cst.Attribute) -> Value:
        if isinstance(node.value, cst.Name) and node.value.value == "self" and node.attr.value in self._class_attrs():
            value = self._attrs[node.attr.value]
            if isinstance(value, _If):
                fallback = super()._attribute(node)
                return ClassAttr(value.value, fallback, *self.imported, node.attr.value, fallback.span)
            return value
        if isinstance(node.value, cst.Name) and node.value.value == "self" and self.handed is not None \
                and node.attr.value not in self._unknown:
            # `super().__init__("list_notes")` to a base of another module, which may store it
            fallback = super()._attribute(node)
            given = tuple((k, v) for k, v in self.handed.items() if v is not _UNKNOWN)
            return InitArg(given, fallback, *self.imported, node.attr.value, fallback.span)
        return super()._attribute(node)

    def _call(self, node: cst.Call, d: int) -> Value:
        return _own_method_text(self, node, d) or super()._call(node, d)


def _own_method_text(evaluator: "SelfEvaluator", node: cst.Call, d: int) -> Optional[Value]:
    """`self.description()` where the class's own method takes only self and is one `return`
    of a long text (held-out round 68, M2: `def description(self): return dedent(\"\"\"...\"\"\")`,
    sent as each tool class's description): that string; anything else is left to the call.
    The text is a literal, so reading it calls nothing back."""
    func = node.func
    if node.args or not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
                         and func.value.value == "self"):
        return None
    _, owner, classes = evaluator._self_of
    body = classes[owner].body
    method = next((s for s in (body.body if isinstance(body, cst.IndentedBlock) else ())
                   if isinstance(s, cst.FunctionDef) and s.name.value == func.attr.value), None)
    if method is None or method.decorators or len(method.params.params) != 1 \
            or not isinstance(method.body, cst.IndentedBlock):
        return None
    stmts = list(method.body.body)
    if len(stmts) == 2 and isinstance(stmts[0], cst.SimpleStatementLine) and isinstance(stmts[0].body[0], cst.Expr):
        stmts = stmts[1:]  # its docstring
    if len(stmts) != 1:
        return None
    stmt = stmts[0]
    returned = stmt.body[0].value if isinstance(stmt, cst.SimpleStatementLine) and isinstance(
        stmt.body[0], cst.Return) else None
    if returned is None or not _long_text(returned):
        return None
    value = evaluator._eval(returned, d + 1)
    return Const(value.value, evaluator.span_of(node)) if isinstance(value, Const) and isinstance(value.value, str) \
        else None


def _long_text(expr: cst.BaseExpression) -> bool:
    """A triple-quoted string, or `dedent(...)` of one."""
    if isinstance(expr, cst.Call) and (dotted(expr.func) or "").rpartition(".")[2] == "dedent" and expr.args:
        expr = expr.args[0].value
    return isinstance(expr, cst.SimpleString) and expr.value.lstrip("rRuU")[:3] in ('"""', "'''")


def method_evaluator(qualname: str, classes: Mapping[str, cst.ClassDef], evaluator: Evaluator) -> Evaluator:
    """The evaluator for the body of `qualname`: `Class.method` of a module-level class sees
    the attributes its `__init__` chain sets; anything else the module's evaluator."""
    owner, _, method = qualname.rpartition(".")
    node = classes.get(owner)
    if node is None or "." in owner or _subclassed(owner, classes):
        return evaluator
    return SelfEvaluator(evaluator, owner, classes)


def _presumed(values: Dict[str, object]) -> Dict[str, object]:
    return {k: v if v is _UNKNOWN or isinstance(v, _If) else _If(v) for k, v in values.items()}


def _imported_base(node: cst.ClassDef, evaluator: Evaluator) -> Optional[Tuple[str, str]]:
    """(module, name) of the one base when it is imported by name (`from .base import
    BaseHandler`): whether it can set an attribute is for linking to read in that module."""
    if len(node.bases) != 1 or node.keywords or not isinstance(node.bases[0].value, cst.Name):
        return None
    module, attr = evaluator.imports.get(node.bases[0].value.value, ("", ""))
    return (module, attr) if module and attr else None


def _class_values(owner: str, classes: Mapping[str, cst.ClassDef], evaluator: Evaluator) -> Dict[str, object]:
    """The class attributes (`name = "analyze_buffer_cache"`) of the class and its module
    bases, the class's own last; one a method other than `__init__` sets is not known."""
    chain: List[str] = []
    while owner and owner not in chain and len(chain) <= _MAX_DEPTH:
        chain.append(owner)
        owner = _module_base(classes[owner], classes) or ""
    out: Dict[str, object] = {}
    for name in reversed(chain):
        body = classes[name].body
        for stmt in body.body if isinstance(body, cst.IndentedBlock) else ():
            target, expr = _class_assignment(stmt)
            if target is not None:
                out[target] = _known(evaluator.eval(expr))
            elif isinstance(stmt, cst.FunctionDef) and stmt.name.value != "__init__":
                out.update({attr: _UNKNOWN for attr in _assigned_self(stmt)})
    return out


def _class_assignment(stmt: cst.BaseStatement):
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None, None
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
        return small.targets[0].target.value, small.value
    if isinstance(small, cst.AnnAssign) and small.value is not None and isinstance(small.target, cst.Name):
        return small.target.value, small.value
    return None, None


def _assigned_self(node: cst.FunctionDef) -> Set[str]:
    found: Set[str] = set()

    class _Targets(cst.CSTVisitor):
        def visit_AssignTarget(self, target: cst.AssignTarget) -> None:
            t = target.target
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == "self":
                found.add(t.attr.value)

    walk(node, _Targets())
    return found


def _subclassed(name: str, classes: Mapping[str, cst.ClassDef]) -> bool:
    return any(_module_base(c, classes) == name for c in classes.values())


def _module_base(node: cst.ClassDef, classes: Mapping[str, cst.ClassDef]) -> Optional[str]:
    """The first base when the module defines it (single inheritance only: with several
    bases, which `__init__` runs is for the MRO to say)."""
    if len(node.bases) != 1 or not isinstance(node.bases[0].value, cst.Name):
        return None
    name = node.bases[0].value.value
    return name if name in classes else None


def _init(node: cst.ClassDef) -> Optional[cst.FunctionDef]:
    if not isinstance(node.body, cst.IndentedBlock):
        return None
    return next((s for s in node.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)


def _init_values(owner: str, classes: Mapping[str, cst.ClassDef], evaluator: Evaluator,
                 call: Optional[Dict[str, object]], depth: int, unseen: List[bool],
                 imported: List[Tuple[str, str]], handed: Optional[List[Dict[str, object]]] = None) -> Dict[str, object]:
    """attr -> value (or _UNKNOWN) as the `__init__` that runs for `owner` sets them; `call`
    the parameters a subclass's `super().__init__(...)` binds (None: the instance's maker).
    `unseen` gets an entry when an `__init__` the module does not define runs: what it sets,
    class attributes included, is not known; unless it is a base imported by name
    (`imported` gets it), when what was set before it holds if that base never sets it,
    and `handed` gets what `super().__init__(...)` gives that base."""
    node = classes.get(owner)
    if node is None or depth > _MAX_DEPTH:
        unseen.append(True)
        return {}
    init = _init(node)
    if init is None:
        base = _module_base(node, classes)
        if base is None and node.bases:
            outside = _imported_base(node, evaluator)
            if outside is not None:
                imported.append(outside)
            else:
                unseen.append(True)
        return _init_values(base, classes, evaluator, call, depth + 1, unseen, imported, handed) if base else {}
    if not isinstance(init.body, cst.IndentedBlock):
        return {}
    params = _bound(init, call, evaluator)
    local = _assigned_names(init.body) - set(params)
    out: Dict[str, object] = {}
    for stmt in init.body.body:
        super_call = _super_call(stmt)
        if super_call is not None:
            base = _module_base(node, classes)
            given = _given(super_call, params, local, evaluator)
            outside = _imported_base(node, evaluator) if base is None else None
            if outside is not None:
                imported.append(outside)
                if handed is not None and given is not None:
                    handed.append(given)
                out = _presumed(out)
                continue
            if base is None or given is None:
                unseen.append(True)  # what that __init__ sets may be anything, and undoes what came before
                out = {k: _UNKNOWN for k in out}
                continue
            out.update(_init_values(base, classes, evaluator, given, depth + 1, unseen, imported, handed))
            continue
        target, expr = _self_assignment(stmt)
        if target is not None:
            out[target] = _value(expr, params, local, evaluator)
            continue
        for attr in _self_targets(stmt):
            out[attr] = _UNKNOWN  # set in a branch, a loop, a with: not known statically
    return out


def _bound(init: cst.FunctionDef, call: Optional[Dict[str, object]], evaluator: Evaluator) -> Dict[str, object]:
    """Each parameter (but `self`) -> its value: the one the call gives, else its default."""
    params = [p for p in (*init.params.posonly_params, *init.params.params, *init.params.kwonly_params)][1:]
    out: Dict[str, object] = {}
    for i, param in enumerate(params):
        name = param.name.value
        if call is not None and (name in call or f"#{i}" in call):
            out[name] = call[name] if name in call else call[f"#{i}"]
        elif call is not None and param.default is not None:
            out[name] = _known(evaluator.eval(param.default))
        else:
            out[name] = _UNKNOWN
    return out


def _given(call: cst.Call, params: Dict[str, object], local: Set[str], evaluator: Evaluator):
    """The base `__init__`'s parameters the call binds, by position ("#0", ...) or name;
    None when it unpacks something (`*args`, `**kwargs`)."""
    if any(arg.star for arg in call.args):
        return None
    return {(arg.keyword.value if arg.keyword is not None else f"#{i}"): _value(arg.value, params, local, evaluator)
            for i, arg in enumerate(call.args)}


def _value(expr: cst.BaseExpression, params: Dict[str, object], local: Set[str], evaluator: Evaluator) -> object:
    if isinstance(expr, cst.Name) and expr.value in params:
        return params[expr.value]
    if _names(expr) & (local | set(params) | {"self"}):
        return _UNKNOWN
    return _known(evaluator.eval(expr))


def _known(value: Value) -> object:
    return _UNKNOWN if isinstance(value, (Unresolved, Symbol)) or not getattr(value, "complete", True) else value


def _super_call(stmt: cst.BaseStatement) -> Optional[cst.Call]:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr):
        call = stmt.body[0].value
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "__init__" \
                and isinstance(call.func.value, cst.Call) and isinstance(call.func.value.func, cst.Name) \
                and call.func.value.func.value == "super" and not call.func.value.args:
            return call
    return None


def _self_assignment(stmt: cst.BaseStatement):
    """(attr, value) of `self.attr = value` / `self.attr: T = value` alone on its line."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None, None
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target, value = small.targets[0].target, small.value
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        target, value = small.target, small.value
    else:
        return None, None
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
        return target.attr.value, value
    return None, None


class _Collect(cst.CSTVisitor):
    def __init__(self) -> None:
        self.attrs: Set[str] = set()
        self.names: Set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if isinstance(node.value, cst.Name) and node.value.value == "self":
            self.attrs.add(node.attr.value)

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)


def _self_targets(stmt: cst.CSTNode) -> Set[str]:
    """Every `self.x` a statement mentions: any of them it may set (`self.x = ...` in an if,
    `self.x += 1`, `setattr` aside); over-counting only leaves more unknown."""
    collect = _Collect()
    walk(stmt, collect)
    return collect.attrs


def _names(expr: cst.CSTNode) -> Set[str]:
    collect = _Collect()
    walk(expr, collect)
    return collect.names


def _assigned_names(body: cst.IndentedBlock) -> Set[str]:
    """Local names of the `__init__`: whatever its statements assign or bind."""
    found: Set[str] = set()

    class _Targets(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            found.add(node.value)

    for stmt in body.body:
        for node in _binding_targets(stmt):
            walk(node, _Targets())
    return found


def _binding_targets(stmt: cst.CSTNode):
    out = []

    class _Find(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            out.append(node.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            out.append(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            out.append(node.target)

        def visit_For(self, node: cst.For) -> None:
            out.append(node.target)

        def visit_AsName(self, node: cst.AsName) -> None:
            out.append(node.name)

        def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
            out.append(node.target)

    walk(stmt, _Find())
    return [t for t in out if not isinstance(t, cst.Attribute)]
