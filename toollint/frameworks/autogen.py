"""autogen (autogen_core / autogen_agentchat): `FunctionTool(fn, description=...)` and
`AssistantAgent(tools=[fn])`.

autogen_core's FunctionTool builds a pydantic model of the signature
(_function_utils.args_base_model_from_signature): every parameter gets a description,
its `Annotated[T, "text"]` string or else its own name; `cancellation_token` is left
out by name; an unannotated parameter raises. BaseTool.schema closes the object
(additionalProperties false), and `strict=True` raises on a default. The description is
the one given (FunctionTool requires it); AssistantAgent wraps a plain function with its
raw `__doc__`, or "" without one.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from toollint.extract.evaluate import dotted
from toollint.frameworks.args import bool_arg, str_arg
from toollint.frameworks.base import Factory, Framework, Use
from toollint.frameworks.derive import function_tool
from toollint.model import CallVal, Const, DictVal, Str, Tool, Unresolved

_FUNCTION_TOOL = Factory(("func", "description", "name", "global_imports", "strict"), ("func",),
                         method="FunctionTool")


def named_descriptions(schema: DictVal) -> DictVal:
    """Each property without a description gets its parameter's name, as autogen sends it."""
    props = schema.get("properties")
    if not isinstance(props, DictVal):
        return schema
    entries = []
    for key, prop in props.entries:
        if isinstance(prop, DictVal) and isinstance(key, Const) and not prop.has("description"):
            prop = DictVal(prop.entries + ((Const("description", key.span), Const(key.value, key.span)),),
                           prop.span, prop.complete)
        entries.append((key, prop))
    new_props = DictVal(tuple(entries), props.span, props.complete)
    return DictVal(tuple((k, new_props if v is props else v) for k, v in schema.entries), schema.span,
                   schema.complete)


class Autogen(Framework):
    name = "autogen"
    tool_classes = ("autogen_core.tools.BaseTool", "autogen_core.tools._base.BaseTool")
    classes = ("autogen_agentchat.agents.AssistantAgent", "autogen_agentchat.agents._assistant_agent.AssistantAgent")
    factories = {q: _FUNCTION_TOOL for q in ("autogen_core.tools.FunctionTool",
                                             "autogen_core.tools._function_tool.FunctionTool")}
    tool_list = "tools"
    list_method = "tools"
    dropped = frozenset({"cancellation_token"})
    closed = True
    string_descriptions = True

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None or not isinstance(tool.schema, DictVal):
            return tool
        return replace(tool, schema=named_descriptions(tool.schema))

    def class_tool(self, node, init, ctx) -> Optional[Tool]:
        """`class Search(BaseTool[Args, Result])` calling `super().__init__(Args, Result, name, description)`:
        BaseTool.schema is the args model's model_json_schema(), reduced to type, properties,
        required and additionalProperties (false unless the model says otherwise); linking
        reads the model (toollint/link/byref.py)."""
        use = Use(self, init, "BaseTool", ("args_type", "return_type", "name", "description", "strict"))
        where = ctx.span_of(node.name)
        name = str_arg(use.kwarg("name"), ctx.evaluator)
        if name is None or name.value is None:
            return None  # one tool per name a caller passes: not one to report on
        model = use.kwarg("args_type")
        written = dotted(model) if model is not None else None
        schema = CallVal(f"{written}.model_json_schema", (), (), ctx.span_of(model), True) if written else \
            Unresolved("the arguments model is not a class name", where)
        return Tool(name=name, span=where, shape="decorated",
                    description=str_arg(use.kwarg("description"), ctx.evaluator) or Str(None, where),
                    schema=schema, strict=self.strict(use, ctx.evaluator), framework=self.name, function=None)

    def strict(self, use, evaluator) -> Optional[bool]:
        return bool_arg(use.kwarg("strict"), evaluator, False)

    def rejects(self, use, sig, params, evaluator) -> bool:
        if use.method == "FunctionTool" and use.kwarg("description") is None:
            return True  # a required argument
        kept = [p for p in params if p.name not in self.dropped]
        if any(p.annotation is None for p in kept):
            return True  # "No annotation"
        return bool(self.strict(use, evaluator)) and any(p.has_default for p in kept)

    def excluded(self, param, method, first, skip) -> bool:
        return param.name in self.dropped  # by name only: a `...Context` annotation goes on the wire

    def describe(self, use, raw, clean, evaluator):
        return raw, {}  # the raw __doc__, never parsed

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        if sig.docstring is not None:
            return Str(sig.docstring.value, sig.docstring.span)
        return Str("", sig.span)
