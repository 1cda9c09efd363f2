"""Microsoft Agent Framework (`agent-framework-core`, imported as `agent_framework`): `@tool`,
`@tool(name=..., description=..., schema=...)`, `tool(fn, ...)`, `FunctionTool(name=...,
func=fn)`, and plain functions in `Agent(tools=[fn])` / `client.as_agent(tools=[fn])`.

From agent-framework-core 1.26.0 (agent_framework/_tools.py: tool, FunctionTool.__init__,
_discover_injected_parameters, _resolve_input_model, _parse_annotation, parameters,
to_json_schema_spec, normalize_tools; _agents.py RawAgent.__init__; _clients.py as_agent),
recorded in tests/data/frameworks/agent_framework.json:

- `tool()`: the name is `name or fn.__name__` and the description `description or
  (fn.__doc__ or "")`: an empty string given falls back too, and the docstring goes as
  written (indentation, Args section and all: not parsed; we send the literal's value,
  what Python < 3.13 sends, as mcp.py does). A plain function in `tools=` is made a tool
  by `tool(fn)` (normalize_tools);
- `FunctionTool(name=..., func=fn)` built by hand takes `description=` only (default ""),
  never the docstring; without `func` it declares a tool with no parameters;
- the parameters are pydantic's JSON schema of `create_model(f"{name}_input", ...)` over
  the signature: titles, defaults, `Optional[X]` as anyOf with null, `Field(...)` and
  `Annotated[X, Field(description=...)]` as pydantic reads them, and `Annotated[X, "text"]`
  made `Field(description="text")`; an unannotated parameter is a string; `self`/`cls` (by
  name), `*args`/`**kwargs` and a parameter typed `FunctionInvocationContext` (filled in
  at call time) are left out. `schema=` (`input_model=` of FunctionTool) replaces it: a
  dict goes as given, a model class is not read here (unresolved).

`ai_function` / `AIFunction` / `ChatAgent` are the names before 1.0 (renamed in
microsoft/agent-framework a7d924a7d, "changed AIFunction to FunctionTool and @ai_function
to @tool"). Their derivation was this one but for two things (a7d924a7d^ _tools.py,
_create_input_model_from_func): no parameter was filled in, and the annotations were not
resolved, so under `from __future__ import annotations` an `Annotated[X, "text"]` sent no
description; we read it as 1.x does, which can only hide a finding, never make one.

Not read: tools given per run (`agent.run(msg, tools=[...])`, `get_response(options={"tools":
[...]})`: `.run` is every framework's word) and `agent.as_tool()` (its own one-string schema).
What the clients add is left out: OpenAIChatClient (the Responses API, in the separate
agent-framework-openai package) sets `additionalProperties: false` with `strict: false`;
the chat-completions client sends `to_json_schema_spec()` as it is, which is what this
derives.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional, Sequence

from toollint.frameworks.args import str_arg
from toollint.frameworks.base import Factory, Framework, ListCall
from toollint.frameworks.derive import function_tool
from toollint.frameworks.render import object_of
from toollint.model import Const, DictVal, Param, Str, Tool, Unresolved

_PACKAGE = "agent_framework"
_MADE_BY_HAND = "FunctionTool"  # Use.method of `FunctionTool(...)`: no docstring, `input_model=`
_INJECTED = re.compile(r"\bFunctionInvocationContext\b")
# FunctionTool's parameters are keyword-only: the function is always `func=`
_FUNCTION_TOOL = Factory((), ("func",), method=_MADE_BY_HAND)


def _empty_given(use, kw: str, evaluator) -> bool:
    """`tool(name="")` / `tool(description="")`: `or` drops an empty string for the default."""
    given = str_arg(use.kwarg(kw), evaluator)
    return given is not None and given.value == ""


class AgentFramework(Framework):
    name = "agent-framework"
    functions = tuple(f"{_PACKAGE}.{m}{f}" for m in ("", "_tools.") for f in ("tool", "ai_function"))
    classes = tuple(f"{_PACKAGE}.{m}{c}" for m in ("", "_agents.") for c in ("Agent", "RawAgent", "ChatAgent"))
    bare = True
    factories = {f"{_PACKAGE}.{m}{c}": _FUNCTION_TOOL for m in ("", "_tools.") for c in ("FunctionTool", "AIFunction")}
    # `client.as_agent(tools=[fn])` of any chat client (Agent(self, tools=tools)); its parameters
    # are keyword-only, so the list's position is past any positional argument
    list_calls = {".as_agent": ListCall(64, "listed")}
    tool_list = "tools"
    list_method = "listed"
    dropped = frozenset({"self", "cls"})
    unannotated = "string"
    string_descriptions = True

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        if use.method == _MADE_BY_HAND and str_arg(use.kwarg("name"), ctx.evaluator) is None:
            return None  # FunctionTool() requires name=
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None:
            return None
        if use.method == _MADE_BY_HAND:
            given = str_arg(use.kwarg("description"), ctx.evaluator)
            return replace(tool, description=given or Str("", ctx.span_of(use.call)))
        if _empty_given(use, "name", ctx.evaluator):
            tool = replace(tool, name=Str(sig.name, sig.span), name_expr=None)
        if _empty_given(use, "description", ctx.evaluator):
            text, _, _ = self.read_docstring(use, sig, ctx.evaluator)
            tool = replace(tool, description=self.fallback_description(node, sig, tool.name, text, ctx))
        return tool

    def call_tool(self, use, ctx) -> Optional[Tool]:
        """`FunctionTool(name=..., description=...)` without `func`: a declaration-only tool."""
        if use.method != _MADE_BY_HAND or use.kwarg("func") is not None:
            return None
        name = str_arg(use.kwarg("name"), ctx.evaluator)
        if name is None:
            return None
        where = ctx.span_of(use.call)
        schema = self.given_schema(use, ctx.evaluator) or object_of(
            [("type", where, Const("object", where)), ("properties", where, object_of([], where))], where)
        return Tool(name=name, span=where, shape="decorated",
                    description=str_arg(use.kwarg("description"), ctx.evaluator) or Str("", where),
                    schema=schema, framework=self.name, function=None)

    def given_schema(self, use, evaluator):
        kw = "input_model" if use.method == _MADE_BY_HAND else "schema"
        expr = use.kwarg(kw)
        if expr is None:
            return None
        value = evaluator.eval(expr)
        if isinstance(value, DictVal):
            return value  # a mapping is sent as given (its keys sorted, which no reader sees)
        if isinstance(value, Const) and value.value is None:
            return None
        return Unresolved(f"the schema comes from {kw}=, which is not read statically", value.span)

    def excluded(self, param: Param, method: str, first: bool, skip: Sequence[str]) -> bool:
        # only FunctionInvocationContext is filled in: another `*Context` type is sent
        return param.name in self.dropped or bool(_INJECTED.search(param.annotation or ""))

    def describe(self, use, raw, clean, evaluator):
        return raw, {}  # `__doc__` itself

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        if sig.docstring is not None and sig.docstring.value is not None:
            return Str(text, sig.docstring.span)
        if sig.docstring is not None:  # a docstring we cannot read
            return Str(None, sig.docstring.span)
        return Str("", sig.span)
