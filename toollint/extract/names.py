"""Names built at run time: f-strings and `prefix + "name"` templates (issue 18).

A server that namespaces its tools (`name=f"{namespace}-read_cypher"`,
`namespace_prefix + "read_cypher"`, `_add_tool_prefix("insert_text")`) still sends each
tool's description and schema as written, so the tool stays in the model: its name is
resolved when every part is static (a module constant, a constant of the enclosing
function), and otherwise unresolved, carrying the expression as written so that messages
quote it (`f"{namespace}-read_cypher"`) and name rules can say nothing about it.
"""
from __future__ import annotations

import re

from typing import TYPE_CHECKING, Dict, List, Optional, Sequence

import libcst as cst

from toollint.extract.literals import string_parts
from toollint.model import Const, DictVal, Unresolved, Value
from toollint.rulekit.naming import MAX_TEXT

if TYPE_CHECKING:
    from toollint.extract.evaluate import Evaluator

_EMPTY = cst.Module([])
MAX_STRING = 1_000_000  # a longer string is unresolved (toollint.extract.evaluate's bounds)


def source_text(node: cst.CSTNode, evaluator: "Evaluator") -> str:
    """The expression as written, when it is short and on one line; "" otherwise (long
    f-string descriptions are never rendered)."""
    span = evaluator.span_of(node)
    if span.line != span.end_line or span.end_col - span.col > MAX_TEXT:
        return ""
    return _EMPTY.code_for_node(node)


def formatted(node: cst.FormattedString, evaluator: "Evaluator", depth: int) -> Value:
    """`f"{GROUP}_fetch"`: a string when every replacement field is a static string or
    number with no conversion or format spec, else unresolved with its text."""
    span = evaluator.span_of(node)
    parts: List[str] = []
    for part in node.parts:
        if isinstance(part, cst.FormattedStringText):
            if "\\" in part.value:  # escapes (and raw f-strings): not read here
                return Unresolved("an f-string is only known at run time", span, text=source_text(node, evaluator))
            parts.append(part.value.replace("{{", "{").replace("}}", "}"))
            continue
        value = evaluator.eval(part.expression, depth) if isinstance(part, cst.FormattedStringExpression) else None
        if (part.conversion is not None or part.format_spec is not None or part.equal is not None
                or not isinstance(value, Const) or isinstance(value.value, bool) or value.value is None):
            return Unresolved("an f-string is only known at run time", span, text=source_text(node, evaluator))
        parts.append(str(value.value))
    text = "".join(parts)
    if len(text) > MAX_STRING:
        return Unresolved("a string too long to evaluate statically", span)
    return Const(text, span)


def joined(node: cst.ConcatenatedString, evaluator: "Evaluator", depth: int) -> Value:
    """`"Search " f"{SITE}"`: implicit concatenation with an f-string part, joined when
    every part is a static string (walked with a stack: a 300-line prompt ending in an
    f-string is read like a 3-line one)."""
    span = evaluator.span_of(node)
    parts: List[str] = []
    size = 0
    for part in string_parts(node):
        value = evaluator.eval(part, depth)
        if not (isinstance(value, Const) and isinstance(value.value, str)):
            return Unresolved("not a plain string literal", span, text=source_text(node, evaluator))
        size += len(value.value)
        if size > MAX_STRING:
            return Unresolved("a string too long to evaluate statically", span)
        parts.append(value.value)
    return Const("".join(parts), span)


def template(node: cst.BinaryOperation, left: Value, right: Value, evaluator: "Evaluator") -> Value:
    """`prefix + "read"` where a side is not static: unresolved, quoting the expression
    when it joins strings (a side is a literal string or another such template)."""
    span = evaluator.span_of(node)
    stringy = any((isinstance(side, Const) and isinstance(side.value, str))
                  or (isinstance(side, Unresolved) and side.text) for side in (left, right))
    text = source_text(node, evaluator) if stringy else ""
    return Unresolved("an expression that is not a constant", span, text=text)


def enclosing(functions: Sequence[cst.FunctionDef], evaluator: "Evaluator",
              cache: Dict[int, Dict[str, Value]]) -> Dict[str, Value]:
    """What the names of the functions a tool is declared in mean there, outermost first;
    each function read once (`cache`, by id of its node)."""
    bound: Dict[str, Value] = {}
    for node in functions:
        if not isinstance(node.body, cst.IndentedBlock):
            continue
        got = cache.get(id(node))
        if got is None:
            params = [p.name.value for p in parameters_of(node.params)]
            got = cache[id(node)] = shadowed(params, list(node.body.body), evaluator, bound)
        bound = got
    return bound


def parameters_shadowing(node: cst.FunctionDef, evaluator: "Evaluator") -> "Evaluator":
    """The evaluator for a function's body where a parameter has a module constant's name
    (`def tools(ns)` beside `ns = "x"`): the parameter is what the body reads. Most
    functions shadow nothing and keep the module's evaluator."""
    names = [p.name.value for p in parameters_of(node.params) if p.name.value in evaluator.names]
    if not names:
        return evaluator
    span = evaluator.span_of(node.name)
    return evaluator.with_bindings({n: Unresolved(f"'{n}' is a parameter, only known at run time", span)
                                    for n in names})


def parameters_of(params: cst.Parameters) -> List[cst.Param]:
    """Every parameter, in order: positional-only, plain, keyword-only, *args, **kwargs."""
    stars = [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return [*params.posonly_params, *params.params, *params.kwonly_params, *stars]


def shadowed(params: List[str], body: List[cst.BaseStatement], evaluator: "Evaluator",
             outer: Dict[str, Value]) -> Dict[str, Value]:
    """What the names of an enclosing function mean for a tool declared inside it: its
    parameters are only known at run time (`namespace`), a name it assigns once from a
    static string or number is that value (`prefix = "db_"`), any other name it assigns is
    unresolved. A module-level constant of the same name never applies inside."""
    bound: Dict[str, Value] = dict(outer)
    for name in params:
        bound[name] = Unresolved(f"'{name}' is a parameter, only known at run time", _nowhere(evaluator, body))
    counts: Dict[str, int] = {}
    values: Dict[str, cst.BaseExpression] = {}
    for stmt in body:
        for name, expr in _assigned(stmt):
            counts[name] = counts.get(name, 0) + 1
            if expr is not None:
                values[name] = expr
    for name, count in counts.items():
        expr = values.get(name)
        value = evaluator.with_bindings(bound).eval(expr) if count == 1 and expr is not None else None
        if isinstance(value, Const) or (isinstance(value, Unresolved) and value.text):
            bound[name] = value  # a string or number: what `.append` or `[k] =` change is never one
        elif isinstance(value, DictVal) and value.complete and not _changed(name, body):
            bound[name] = value  # `meta = {...}` spread into a decorator (held-out round 73, E)
        else:
            span = evaluator.span_of(expr) if expr is not None else _nowhere(evaluator, body)
            bound[name] = Unresolved(f"'{name}' is assigned in the function, only known at run time", span)
    return bound


def _changed(name: str, body: List[cst.BaseStatement]) -> bool:
    """Whether the function changes the dict it bound to `name` (`meta["x"] = ...`,
    `meta.update(...)`) or hands it to anything but a `**` spread."""
    code = "\n".join(cst.Module(body=[]).code_for_node(stmt) for stmt in body)
    pattern = r"(?<![\w.*])%s\b(?!\s*=[^=])" % re.escape(name)
    return any(not code[:m.start()].endswith("**") and code[m.end():m.end() + 1] in "[.,)"
               for m in re.finditer(pattern, code))


def _assigned(stmt: cst.CSTNode):
    """(name, value or None) for every name a statement of a function body binds: a plain
    `x = expr` at the top gives its value; anything nested (if/for/with/try, augmented
    assignments, loop targets, imports) binds without one."""
    if isinstance(stmt, cst.SimpleStatementLine):
        for small in stmt.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Name):
                yield small.targets[0].target.value, small.value
            elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.value is not None:
                yield small.target.value, small.value
            else:
                yield from ((n, None) for n in _names_bound(small))
        return
    yield from ((n, None) for n in _names_bound(stmt))


def _names_bound(node: cst.CSTNode) -> List[str]:
    """The names a statement binds anywhere inside it (assignment, loop and `with`
    targets, imports, `:=`, `except ... as`), not counting nested defs' own bodies."""
    found: List[str] = []

    def names_in(target: Optional[cst.CSTNode]) -> None:
        if isinstance(target, cst.Name):
            found.append(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                names_in(element.value)
        elif isinstance(target, cst.StarredElement):
            names_in(target.value)

    class _Targets(cst.CSTVisitor):
        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            names_in(n.target)

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            names_in(n.target)

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            names_in(n.target)

        def visit_For(self, n: cst.For) -> None:
            names_in(n.target)

        def visit_AsName(self, n: cst.AsName) -> None:
            names_in(n.name)

        def visit_NamedExpr(self, n: cst.NamedExpr) -> None:
            names_in(n.target)

        def visit_ImportAlias(self, n: cst.ImportAlias) -> None:
            if n.asname is None:
                found.append((dotted_head(n.name)))

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            found.append(n.name.value)
            return False

        def visit_ClassDef(self, n: cst.ClassDef) -> bool:
            found.append(n.name.value)
            return False

    node.visit(_Targets())
    return found


def dotted_head(node: cst.BaseExpression) -> str:
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else ""


def _nowhere(evaluator: "Evaluator", body: List[cst.BaseStatement]):
    return evaluator.span_of(body[0]) if body else None
