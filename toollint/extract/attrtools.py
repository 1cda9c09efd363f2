"""Tool classes that declare what goes on the wire as class attributes: smolagents'
`name`/`description`/`inputs`, LangChain BaseTool's `name`/`description`."""
from __future__ import annotations

from typing import Dict, List, Set, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted
from toollint.model import Const, DictVal, FunctionSig, ListVal, RegistryDecl, Unresolved, Value


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
        function = functions.get(f"{cls}.forward") or functions.get(f"{cls}._run")
        if function is not None and f"{cls}.inputs" in names:
            declared = _input_names(attr("inputs"))
            params = {p.name for p in function.tool_params()}
            if params and not params & declared:
                function = None  # forward() takes something else (a pipeline's encoded inputs)
        out.append(RegistryDecl("loose", cls, DictVal(tuple(entries), span), span, function=function))
    return out


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
