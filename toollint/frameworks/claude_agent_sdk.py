"""claude-agent-sdk's `@tool("name", "description", {"param": str})`.

Everything comes from the arguments: the function's signature says nothing. It drops
`None` from a `{"param": Optional[str]}` schema (every key is required, none nullable)
and reads `Annotated[str, "description"]`.
"""
from __future__ import annotations

from typing import List, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, string_value
from toollint.frameworks.annotations import ParamType, Types
from toollint.frameworks.args import str_arg
from toollint.frameworks.base import Framework
from toollint.frameworks.model_marks import class_names
from toollint.frameworks.render import render, with_keys
from toollint.model import Const, DictVal, ListVal, Span, Str, Tool, Unresolved, Value


class ClaudeAgentSDK(Framework):
    name = "claude-agent-sdk"
    functions = ("claude_agent_sdk.tool",)

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        evaluator, span_of = ctx.evaluator, ctx.span_of
        name = str_arg(use.kwarg("name") or use.positional(0), evaluator) or Str(None, sig.span)
        description = str_arg(use.kwarg("description") or use.positional(1), evaluator)
        spec = use.kwarg("input_schema") or use.positional(2)
        if isinstance(spec, cst.Name) and isinstance(ctx.names.get(spec.value), cst.Dict):
            spec = ctx.names[spec.value]
        schema: Value
        if isinstance(spec, cst.Dict):
            schema = _schema(spec, span_of, evaluator, ctx.imports)
        else:
            where = span_of(spec) if spec is not None else sig.span
            schema = Unresolved("the input schema is not a dict literal (a TypedDict is not read yet)", where)
        return Tool(name=name, span=span_of(node), shape="decorated", description=description, schema=schema,
                    framework=self.name, function=sig)


def _schema(spec: cst.Dict, span_of, evaluator: Evaluator, imports) -> Value:
    evaluated = evaluator.eval(spec)
    if isinstance(evaluated, DictVal):
        kind = evaluated.get("type")
        if isinstance(kind, Const) and isinstance(kind.value, str) and evaluated.has("properties"):
            return evaluated  # already a JSON schema: sent as it is
    types = Types(span_of, evaluator, string_descriptions=True)
    where = span_of(spec)
    properties: List[Tuple[str, Span, Value]] = []
    required: List[Const] = []
    complete = True
    for element in spec.elements:
        if not isinstance(element, cst.DictElement):
            complete = False
            continue
        key = string_value(element.key)
        if key is None:
            complete = False
            continue
        t = types.of(element.value) or ParamType(span_of(element.value))
        t.nullable = False  # the SDK drops None from a union
        prop = render(t, "plain")
        if t.description is not None:
            prop = with_keys(prop, [("description", t.description.span, t.description)])
        if class_names(element.value, imports):  # a model goes as "string", a TypedDict its own way
            prop = Unresolved(f"'{key}' is typed with a class, which the SDK sends in a form not derived",
                              span_of(element.value))
        key_span = span_of(element.key)
        properties.append((key, key_span, prop))
        required.append(Const(key, key_span))
    return DictVal((
        (Const("type", where), Const("object", where)),
        (Const("properties", where), DictVal(tuple((Const(k, s), v) for k, s, v in properties), where, complete)),
        (Const("required", where), ListVal(tuple(required), where, complete)),
    ), where, complete)

