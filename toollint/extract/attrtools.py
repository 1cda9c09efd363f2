"""Tool classes that declare what goes on the wire as class attributes: smolagents'
`name`/`description`/`inputs`, LangChain BaseTool's `name`/`description`."""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted
from toollint.model import Const, DictVal, FunctionSig, ListVal, RegistryDecl, Unresolved, Value
from toollint.toolbases import SCHEMA_ATTRIBUTES, SCHEMA_METHODS


def class_attribute_tools(class_nodes: Dict[str, cst.ClassDef], names: Dict[str, cst.BaseExpression],
            targets: Dict[str, cst.CSTNode], evaluator: Evaluator, functions: Dict[str, FunctionSig],
            span_of) -> List[RegistryDecl]:
    """Tool classes that declare what goes on the wire as class attributes (smolagents
    `name`/`description`/`inputs`, LangChain BaseTool `name`/`description`)."""
    out: List[RegistryDecl] = []
    for cls, node in class_nodes.items():
        if f"{cls}.name" not in names or f"{cls}.description" not in names:
            continue
        bases = [dotted(b.value) or "" for b in node.bases]
        if not any(b.rpartition(".")[2].endswith("Tool") for b in bases):
            continue
        attr = lambda a: evaluator.name(f"{cls}.{a}", targets[f"{cls}.{a}"])  # noqa: E731
        entries: List[Tuple[Value, Value]] = []
        for key in ("name", "description"):
            value = attr(key)
            entries.append((Const(key, value.span), value))
        span = span_of(node.name)
        if f"{cls}.inputs" in names:
            inputs = attr("inputs")
            entries.append((Const("input_schema", inputs.span), _inputs_schema(inputs)))
        elif (schema := _method_schema(node, evaluator, span)) is not None:
            entries.append((Const("input_schema", schema.span), schema))
        elif (held := next((a for a in SCHEMA_ATTRIBUTES if f"{cls}.{a}" in names), None)) is not None:
            schema = attr(held)  # `parameters_schema = {"type": "object", ...}`
            if isinstance(schema, DictVal):
                entries.append((Const("input_schema", schema.span), schema))
        function = functions.get(f"{cls}.forward") or functions.get(f"{cls}._run")
        if function is not None and f"{cls}.inputs" in names:
            declared = _input_names(attr("inputs"))
            params = {p.name for p in function.tool_params()}
            if params and not params & declared:
                function = None  # forward() takes something else (a pipeline's encoded inputs)
        out.append(RegistryDecl("loose", cls, DictVal(tuple(entries), span), span, function=function))
    return out


def _method_schema(node: cst.ClassDef, evaluator: Evaluator, span) -> Optional[Value]:
    """What the class's own `def get_input_schema(self): return {...}` returns (a docstring
    aside); unresolved when it builds it otherwise; None without such a method."""
    for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        if not (isinstance(stmt, cst.FunctionDef) and stmt.name.value in SCHEMA_METHODS):
            continue
        body = [s for s in stmt.body.body if not _docstring(s)] if isinstance(stmt.body, cst.IndentedBlock) else []
        if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) and len(body[0].body) == 1 \
                and isinstance(body[0].body[0], cst.Return) and body[0].body[0].value is not None:
            value = evaluator.eval(body[0].body[0].value)
            if isinstance(value, DictVal):
                return value
        return Unresolved(f"the schema {stmt.name.value}() builds", span)
    return None


def _docstring(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr) \
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))


# smolagents' own input types; the rest are JSON Schema's
_SMOLAGENTS_ONLY_TYPES = {"any", "image", "audio"}


def _input_names(inputs: Value) -> Set[str]:
    if not isinstance(inputs, DictVal):
        return set()
    return {k.value for k, _ in inputs.entries if isinstance(k, Const) and isinstance(k.value, str)}


def _inputs_schema(inputs: Value) -> Value:
    """smolagents `inputs` -> the JSON schema it sends: every input required unless nullable.

    Its own types (any, image, audio) are converted by smolagents on the way out: they are
    left unresolved here rather than judged as JSON Schema."""
    if not isinstance(inputs, DictVal):
        return inputs
    entries = []
    for k, v in inputs.entries:
        kind = v.get("type") if isinstance(v, DictVal) else None
        if isinstance(kind, Const) and kind.value in _SMOLAGENTS_ONLY_TYPES:
            v = DictVal(tuple((a, b) for a, b in v.entries if b is not kind)
                        + ((Const("type", kind.span), Unresolved("a smolagents type", kind.span)),), v.span, v.complete)
        entries.append((k, v))
    inputs = DictVal(tuple(entries), inputs.span, inputs.complete)
    required = []
    for k, v in inputs.entries:
        nullable = isinstance(v, DictVal) and isinstance(v.get("nullable"), Const) and v.get("nullable").value is True
        if isinstance(k, Const) and not nullable:
            required.append(k)
    span = inputs.span
    return DictVal((
        (Const("type", span), Const("object", span)),
        (Const("properties", span), inputs),
        (Const("required", span), ListVal(tuple(required), span)),
    ), span, inputs.complete)
