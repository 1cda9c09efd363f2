"""LiveKit agents: `@function_tool` (livekit.agents), on a function or on a method of an
`Agent` subclass (which LiveKit binds: no `self`), or nested in an entrypoint.

livekit-agents 1.8 (livekit/agents/llm/tool_context.py function_tool, utils.py
function_arguments_to_pydantic_model and build_legacy_openai_schema, the form most
providers are sent): a pydantic model of the signature, context types (RunContext) left
out. It sets each field's default and docstring description on a FieldInfo after
building it, which pydantic 2.12 does not see: recorded, every parameter is required,
no default is sent, and only an `Annotated`/Field description describes a parameter.
The description is docstring_parser's (the text before the sections, first line
apart), or "" without a docstring. `@function_tool(raw_schema={...})` (tool_context.py:
a RawFunctionTool, whose `raw_schema` holds name, description and parameters as sent) on a
`(raw_arguments, context)` handler is that schema, the signature nothing.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional, Tuple

import libcst as cst

from toollint.frameworks.base import Framework
from toollint.frameworks.derive import function_tool
from toollint.config.pins import below
from toollint.frameworks.docparser import description, parsed
from toollint.frameworks.docstrings import ParamDocs
from toollint.frameworks.reshape import map_properties, require_all, without
from toollint.model import DictVal, Str, Tool


# 1.8.1 builds each field with `FieldInfo.from_annotation` and sets default and description
# after (the loss above); up to 1.8.0 `Field(**attrs)` keeps them: the docstring's Args describe
# the parameters and a default makes one optional (recorded with 1.8.0, livekit_180.json;
# held-out round 63, A). Which version a project installs: config/pins.py.
_FIELDS_SET_AFTER = ("livekit-agents", (1, 8, 1))


class LiveKit(Framework):
    name = "livekit-agents"
    functions = ("livekit.agents.function_tool", "livekit.agents.llm.function_tool",
                 "livekit.agents.llm.tool_context.function_tool")
    dropped = frozenset({"self"})  # a method's tool is bound to the Agent instance

    def excluded(self, param, method, first, skip) -> bool:
        # an unannotated parameter (`context` without RunContext) is never sent: get_type_hints()
        # has no entry for it and building the tool raises KeyError (llm/utils.py,
        # function_arguments_to_pydantic_model; held-out round 72, A); the rest is judged as written
        return param.annotation is None or super().excluded(param, method, first, skip)

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        raw = use.kwarg("raw_schema")
        if raw is not None:
            # `@function_tool(raw_schema={...})` on `(raw_arguments: dict, context)`: the schema is the
            # tool, the signature none (held-out round 57, E); a module constant is read where it is
            # written, as any definition
            if not isinstance(raw, cst.Dict):
                return None
            from toollint.link.shapes import tool_from_value

            made = tool_from_value(ctx.evaluator.eval(raw))
            return replace(made, framework=self.name, function=sig) if made is not None else None
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None or not isinstance(tool.schema, DictVal) or below(ctx.evaluator.bounds, *_FIELDS_SET_AFTER):
            return tool
        schema = map_properties(tool.schema, lambda name, prop: without(prop, "default"))
        return replace(tool, schema=require_all(schema))

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        if below(evaluator.bounds, *_FIELDS_SET_AFTER):
            return description(clean), parsed(clean)[1]
        return description(clean), {}

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        return super().fallback_description(node, sig, name, text, ctx) or Str("", sig.span)
