"""AG2 1.x (the `ag2` package; its preview was `autogen.beta`): `@tool`, `@tool(name=...,
description=...)` and `Agent(..., tools=[fn, tool_obj])`.

From ag2 1.2.1 (ag2/tools/final/function_tool.py: tool, FunctionTool.ensure_tool,
_normalize_parameters, FunctionDefinition; ag2/utils.py CONTEXT_OPTION_NAME), recorded in
tests/data/frameworks/ag2_1.json:

- the name is `name=` or the function's `__name__`; the description `description=`, else
  the raw `__doc__` as written (indentation, Args section and all: not cleaned), else "";
  a plain function in `tools=` is made a tool the same way (ensure_tool calls tool(f));
- the parameters are the JSON schema of fast_depends' model of the signature: pydantic's,
  with each property's title and default, `Optional[X]` as anyOf with null, a
  `Field(description=...)` of `Annotated` kept; the root title dropped; a function with no
  parameter sends `{"type": "object", "properties": {}}`;
- a parameter typed `Context` is filled in by ag2 and not sent.

What toollint does not derive is unresolved, never guessed: `schema=` given to the
decorator when it is not a literal, and parameters that fast_depends fills in
(`Inject(...)`, `Variable(...)`, `Depends(...)`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

import libcst as cst

from toollint.frameworks.annotations import last_name
from toollint.frameworks.args import all_params
from toollint.frameworks.base import Framework
from toollint.frameworks.derive import function_tool
from toollint.model import Str, Tool, Unresolved

_PACKAGES = ("ag2", "autogen.beta")
_FILLED = ("Inject", "Variable", "Depends")


def _filled(node: cst.FunctionDef) -> Optional[str]:
    """The first parameter fast_depends fills in, which toollint does not model."""
    for param in all_params(node):
        parts = [param.default] + ([param.annotation.annotation] if param.annotation is not None else [])
        for part in parts:
            for call in _calls(part):
                if last_name(call.func) in _FILLED:
                    return param.name.value
    return None


def _calls(expr):
    if isinstance(expr, cst.Call):
        yield expr
    for child in (expr.children if expr is not None else ()):
        yield from _calls(child)


class AG2Agent(Framework):
    name = "ag2"
    functions = tuple(f"{p}.{q}" for p in _PACKAGES for q in ("tool", "tools.tool", "tools.final.tool",
                                                               "tools.final.function_tool.tool"))
    classes = tuple(f"{p}.{q}" for p in _PACKAGES for q in ("Agent", "agent.Agent"))
    bare = True
    tool_list = "tools"
    list_method = "listed"

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None:
            return None
        filled = _filled(node)
        if filled is not None:
            return replace(tool, schema=Unresolved(f"'{filled}' is filled in by ag2 (fast_depends)", tool.span))
        return tool

    def describe(self, use, raw, clean, evaluator):
        return raw, {}  # `__doc__` itself

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        if sig.docstring is not None:
            return Str(text if sig.docstring.value is not None else None, sig.docstring.span)
        return Str("", sig.span)
