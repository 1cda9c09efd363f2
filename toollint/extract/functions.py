"""FunctionSig from a libcst `def` or lambda: parameters, defaults, docstring, dict reads."""
from __future__ import annotations

import dataclasses
from typing import Callable, List, Optional, Set, Tuple, Union

import libcst as cst

from toollint.extract.callview import arg_read
from toollint.extract.evaluate import Evaluator, dotted, string_value
from toollint.extract.walk import walk
from toollint.model import ArgRead, FunctionSig, Param, Span, Str
from toollint.rulekit.schema import takes_the_arguments


def is_nullable(annotation: Optional[cst.BaseExpression]) -> bool:
    """`X | None`, `Optional[X]`, `Union[X, None]`, `None` (also as strings: "X | None")."""
    if annotation is None:
        return False
    if isinstance(annotation, cst.SimpleString):
        text = string_value(annotation) or ""
        return "None" in text.replace("|", " ").replace("[", " ").replace("]", " ").replace(",", " ").split() or text.startswith("Optional[")
    if isinstance(annotation, cst.Name):
        return annotation.value == "None"
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return is_nullable(annotation.left) or is_nullable(annotation.right)
    if isinstance(annotation, cst.Subscript):
        head = dotted(annotation.value) or ""
        last = head.rpartition(".")[2]
        if last == "Optional":
            return True
        if last == "Union":
            return any(
                isinstance(e.slice, cst.Index) and is_nullable(e.slice.value) for e in annotation.slice
            )
        if last == "Annotated" and annotation.slice:
            first = annotation.slice[0].slice
            return isinstance(first, cst.Index) and is_nullable(first.value)
    return False


def signature(
    node: Union[cst.FunctionDef, cst.Lambda],
    qualname: str,
    span_of: Callable[[cst.CSTNode], Span],
    code_of: Callable[[cst.CSTNode], str],
    evaluator: Optional[Evaluator],
) -> FunctionSig:
    params = _params(node.params, span_of, code_of, evaluator)
    if isinstance(node, cst.FunctionDef):
        guarded = _guarded(node)
        if guarded:
            # a default's guard only (what TL204 reads; and what narrowing keeps a body for)
            params = tuple(dataclasses.replace(q, guarded=True) if q.name in guarded and q.has_default else q
                           for q in params)
    if isinstance(node, cst.Lambda):
        return FunctionSig(name="<lambda>", qualname=qualname, span=span_of(node),
                           params=params, is_lambda=True)

    sig = FunctionSig(
        name=node.name.value,
        qualname=qualname,
        span=span_of(node.name),
        params=params,
        docstring=_docstring(node, span_of),
    )
    single = [q for q in sig.tool_params() if q.kind == "positional"]
    if len(single) == 1 and len(sig.tool_params()) == 1 and not sig.accepts_any_keyword:
        reads = _arg_reads(node, single[0].name, span_of, evaluator)
        if reads:
            sig = FunctionSig(sig.name, sig.qualname, sig.span, sig.params, sig.docstring, False, reads)
    elif len(sig.tool_params()) > 1:
        # only a parameter that says it takes the arguments: walking every body for every
        # parameter would cost each run for the few dispatches that pass the whole dict
        held = tuple((q.name, _arg_reads(node, q.name, span_of, evaluator)) for q in sig.tool_params()
                     if takes_the_arguments(q))
        held = tuple((name, reads) for name, reads in held if reads)
        if held:
            sig = FunctionSig(sig.name, sig.qualname, sig.span, sig.params, sig.docstring, False, param_reads=held)
    return sig


def _params(
    p: cst.Parameters,
    span_of: Callable[[cst.CSTNode], Span],
    code_of: Callable[[cst.CSTNode], str],
    evaluator: Optional[Evaluator],
) -> Tuple[Param, ...]:
    """In declaration order, which is the order a caller passes them positionally."""
    params: List[Param] = []

    def add(param: cst.Param, kind: str) -> None:
        annotation = param.annotation.annotation if isinstance(param, cst.Param) and param.annotation else None
        default = None
        if param.default is not None and evaluator is not None:
            default = evaluator.eval(param.default)
        params.append(
            Param(
                name=param.name.value,
                span=span_of(param.name),
                kind=kind,
                has_default=param.default is not None,
                default=default,
                annotation=code_of(annotation) if annotation is not None else None,
                nullable=is_nullable(annotation),
            )
        )

    for param in p.posonly_params:
        add(param, "positional")
    for param in p.params:
        add(param, "positional")
    if isinstance(p.star_arg, cst.Param):
        add(p.star_arg, "var_positional")
    for param in p.kwonly_params:
        add(param, "keyword_only")
    if p.star_kwarg is not None:
        add(p.star_kwarg, "var_keyword")
    return tuple(params)


def _guarded(node: cst.FunctionDef) -> Set[str]:
    """Names the body rejects at once when falsy or None (`if not bucket: return {"error": ...}`):
    a default there only keeps a missing key from raising (held-out round 59, A)."""
    body = list(node.body.body) if isinstance(node.body, cst.IndentedBlock) else []
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr):
        body = body[1:]  # the docstring, as narrowing counts it (front/narrow.py `_guards`)
    out: Set[str] = set()
    for stmt in body[:4]:
        if not isinstance(stmt, cst.If) or stmt.orelse is not None or not isinstance(stmt.body, cst.IndentedBlock) \
                or len(stmt.body.body) != 1 or not isinstance(stmt.body.body[0], cst.SimpleStatementLine) \
                or not isinstance(stmt.body.body[0].body[0], (cst.Return, cst.Raise)):
            break
        names = _guard_names(stmt.test)
        if not names:
            break
        out.update(names)
    return out


def _guard_names(test: cst.BaseExpression) -> List[str]:
    """`not x`, `x is None`, and `not a or not b` (held-out round 99, B: two teams both
    needed, each '' by default): the names a guard rejects when falsy or None."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        left, right = _guard_names(test.left), _guard_names(test.right)
        return left + right if left and right else []
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) \
            and isinstance(test.expression, cst.Name):
        return [test.expression.value]
    if isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and len(test.comparisons) == 1 \
            and isinstance(test.comparisons[0].operator, cst.Is) \
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None":
        return [test.left.value]
    return []


def _docstring(node: cst.FunctionDef, span_of: Callable[[cst.CSTNode], Span]) -> Optional[Str]:
    body = node.body
    if isinstance(body, cst.IndentedBlock) and body.body:
        first = body.body[0]
        if isinstance(first, cst.SimpleStatementLine) and first.body and isinstance(first.body[0], cst.Expr):
            expr = first.body[0].value
            if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
                return Str(string_value(expr), span_of(expr))
    return None


class _ReadCollector(cst.CSTVisitor):
    """`args["k"]`, `args.get("k")`, `args.get("k", d)` for one parameter name."""

    def __init__(self, name: str, span_of, evaluator) -> None:
        self.name = name
        self.span_of = span_of
        self.evaluator = evaluator
        self.reads: List[ArgRead] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # nested functions have their own arguments

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if isinstance(node.value, cst.Name) and node.value.value == self.name:  # before any reading
            self._add(node)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self.name:
            self._add(node)

    def _add(self, node: cst.BaseExpression) -> None:
        found = arg_read(node, self.span_of, self.evaluator)
        if found is not None and found[0] == self.name:
            self.reads.append(found[1])


def _arg_reads(node: cst.FunctionDef, name: str, span_of, evaluator):
    collector = _ReadCollector(name, span_of, evaluator)
    try:
        walk(node.body, collector)
    except RecursionError:
        return ()
    return tuple(collector.reads)
