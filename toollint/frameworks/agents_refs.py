"""The OpenAI Agents SDK's tools that no function declares: handoffs, agents as tools,
and `FunctionTool(...)` built by hand (openai-agents 0.24).

- `Agent(handoffs=[billing])` sends `handoff(billing)` (run_internal.get_handoffs), and
  `handoff(agent, tool_name_override=..., tool_description_override=...)` its own: the
  name `transfer_to_<agent name>` in function style (spaces and other characters become
  `_`, lower case), the description "Handoff to the <name> agent to handle the request.
  <handoff_description>", an empty strict object without `input_type`.
- `agent.as_tool(tool_name, tool_description)`: one required string, `input`; the name
  defaults to the agent's in function style, the description to "".
- `FunctionTool(name=..., description=..., params_json_schema=...)`: the schema as given,
  made strict as the SDK makes it unless `strict_json_schema=False` (agents_strict.py);
  `params_json_schema=Args.model_json_schema()` of a project model is that model's schema
  (recorded: agents_function_tool.json); any other value stays unresolved.
- `Handoff(tool_name=..., tool_description=..., input_json_schema=...)` built by hand: all
  three as given, the schema not made strict, `strict` from `strict_json_schema=` (True).
- Hosted tools (`WebSearchTool()`) are the model provider's: no definition to lint.

A tool is made only where its name is known: a handoff to an agent no module of the
project builds stays unseen rather than nameless. An agent another project module builds
(`from .agents.billing import billing_agent`) is a RefTool (of_object): linking finds its
module-level `Agent(...)` there (link/byref.bound_call) and imported_handoff reads it; so is
one a function of that module returns (`handoffs=[build_billing_agent()]`, extract/factories.py).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional, Tuple, Union

import libcst as cst

from toollint.extract.byref import called_target, given_args, imported_targets
from toollint.extract.factories import own
from toollint.frameworks.agents_strict import STRICT_TRANSFORM, strict_schema
from toollint.frameworks.args import bool_arg, constructed, str_arg
from toollint.frameworks.base import Context, Factory, Framework, Use
from toollint.frameworks.render import object_of
from toollint.model import CallVal, Const, DictVal, ListVal, RefTool, Span, Str, Tool, Unresolved, Value

_AGENT = ("agents.Agent", "agents.agent.Agent")
_AS_TOOL_INPUT = "Default input schema for agent-as-tool calls."  # agent_tool_input.AgentAsToolInput
_AGENT_PARAMS = ("name", "handoff_description")
_HANDOFF = Factory(("agent", "tool_name_override", "tool_description_override", "on_handoff", "input_type"), (),
                   method="handoff")
# the dataclass's fields in order; the first five are required
_HANDOFF_CLASS = Factory(("tool_name", "tool_description", "input_json_schema", "on_invoke_handoff", "agent_name",
                          "input_filter", "nest_handoff_history", "strict_json_schema", "is_enabled"), (),
                         method="Handoff")
_FUNCTION_TOOL = Factory(("name", "description", "params_json_schema", "on_invoke_tool", "strict_json_schema"), (),
                         method="FunctionTool", requires="params_json_schema")


def function_style(name: str) -> str:
    """agents.util._transforms.transform_string_function_style."""
    return re.sub(r"[^a-zA-Z0-9_]", "_", re.sub(r"\s", "_", name)).lower()


def _object(props, required, where: Span, description: Optional[str] = None) -> Value:
    pairs = [("type", where, Const("object", where)), ("properties", where, object_of(props, where)),
             ("required", where, ListVal(tuple(Const(r, where) for r in required), where)),
             ("additionalProperties", where, Const(False, where))]
    if description is not None:  # a pydantic model's docstring
        pairs.append(("description", where, Const(description, where)))
    return object_of(pairs, where)


class AgentsSDKRefs(Framework):
    name = "openai-agents"
    classes = _AGENT
    object_lists = ("handoffs",)
    adders = {"as_tool": ("tool_name", "tool_description")}
    any_owner = frozenset({"as_tool"})  # on an agent made elsewhere, a tool only with its tool_name given
    factories = {**{q: _HANDOFF for q in ("agents.handoff", "agents.handoffs.handoff")},
                 **{q: _FUNCTION_TOOL for q in ("agents.FunctionTool", "agents.tool.FunctionTool")},
                 **{q: _HANDOFF_CLASS for q in ("agents.Handoff", "agents.handoffs.Handoff")}}

    def _agent(self, expr: Optional[cst.BaseExpression], ctx: Context) -> Optional[Use]:
        call = constructed(expr, ctx, _AGENT)
        return Use(self, call, "", _AGENT_PARAMS) if call is not None else None

    def listed_tool(self, expr: cst.BaseExpression, ctx: Context) -> Union[Tool, RefTool, None]:
        agent = self._agent(expr, ctx)
        if agent is None:
            return _imported(expr, None, ctx)
        return self._handoff(agent, None, None, ctx.span_of(expr), ctx)

    def object_tool(self, ref: RefTool, made: Optional[Tuple[str, CallVal]]) -> Optional[Tool]:
        return imported_handoff(ref, made)

    def call_tool(self, use: Use, ctx: Context) -> Optional[Tool]:
        where = ctx.span_of(use.call)
        if use.method == "FunctionTool":
            given = ctx.evaluator.eval(use.kwarg("params_json_schema"))
            strict = bool_arg(use.kwarg("strict_json_schema"), ctx.evaluator, True)
            schema = given if isinstance(given, DictVal) else _model_schema(given, strict) or Unresolved(
                "params_json_schema is not a literal", given.span)
            if strict:
                schema = strict_schema(schema)
            return _made(str_arg(use.kwarg("name"), ctx.evaluator) or Str(None, where),
                         str_arg(use.kwarg("description"), ctx.evaluator) or Str(None, where), schema, strict, where)
        if use.method == "handoff":
            agent = self._agent(use.kwarg("agent"), ctx)
            ref = _imported(use.kwarg("agent"), use, ctx) if agent is None else None
            return ref or self._handoff(agent, use, use.kwarg("input_type"), where, ctx)
        if use.method == "as_tool":
            return self._as_tool(use, where, ctx)
        if use.method == "Handoff":
            return _handoff_object(use, where, ctx)
        return None

    def _handoff(self, agent: Optional[Use], use: Optional[Use], input_type, where: Span, ctx: Context
                 ) -> Optional[Tool]:
        def arg(of: Optional[Use], key: str) -> Optional[Str]:
            return str_arg(of.kwarg(key), ctx.evaluator) if of is not None else None

        return handoff_tool(arg(agent, "name"), arg(agent, "handoff_description"), arg(use, "tool_name_override"),
                            arg(use, "tool_description_override"),
                            ctx.span_of(input_type) if input_type is not None else None, where)

    def _as_tool(self, use: Use, where: Span, ctx: Context) -> Optional[Tool]:
        owner = use.call.func.value if isinstance(use.call.func, cst.Attribute) else None
        agent = self._agent(owner, ctx)
        name = str_arg(use.kwarg("tool_name"), ctx.evaluator)
        if name is None and agent is not None:
            agent_name = str_arg(agent.kwarg("name"), ctx.evaluator)
            if agent_name is not None and agent_name.value is not None:
                name = Str(function_style(agent_name.value), agent_name.span)
        if name is None:
            return None
        description = str_arg(use.kwarg("tool_description"), ctx.evaluator) or Str("", where)
        prop = object_of([("type", where, Const("string", where))], where)
        schema = _object([("input", where, prop)], ["input"], where, _AS_TOOL_INPUT) \
            if use.kwarg("parameters") is None else \
            Unresolved("the tool's input comes from parameters=, which is not read statically", where)
        return _made(name, description, schema, True, where)


def _handoff_object(use: Use, where: Span, ctx: Context) -> Optional[Tool]:
    """`Handoff(tool_name=..., tool_description=..., input_json_schema=...)` built by hand:
    sent as given, the schema not made strict (recorded: agents_handoff_class.json)."""
    name, description = str_arg(use.kwarg("tool_name"), ctx.evaluator), str_arg(use.kwarg("tool_description"), ctx.evaluator)
    expr = use.kwarg("input_json_schema")
    if name is None or description is None or expr is None:
        return None  # a required field left out (or in a `**` spread): the dataclass raises, or we cannot tell
    given = ctx.evaluator.eval(expr)
    schema = given if isinstance(given, DictVal) else _model_schema(given, False) or Unresolved(
        "input_json_schema is not a literal", given.span)
    return _made(name, description, schema, bool_arg(use.kwarg("strict_json_schema"), ctx.evaluator, True), where)


def _imported(expr: Optional[cst.BaseExpression], use: Optional[Use], ctx: Context) -> Optional[RefTool]:
    """A handoff to an agent imported from another project module (`from .billing import
    billing_agent`): linking reads the agent there (agents_imported.py)."""
    targets = imported_targets(expr, ctx.imports, ctx.names)
    # not imported, or one of several `from m import *`: not guessed
    target = targets[0] if len(targets) == 1 else None if targets else called_target(
        expr, ctx.imports, ctx.names, ctx.evaluator.functions)
    if target is None:
        return None
    return RefTool(target=target, framework="openai-agents", method="handoff", span=ctx.span_of(expr),
                   params=_HANDOFF.params, args=given_args(use.call, ctx.evaluator) if use is not None else None,
                   of_object=True)


def imported_handoff(ref: RefTool, made: Optional[Tuple[str, CallVal]]) -> Optional[Tool]:
    """The tool of a handoff `_imported` recorded, once linking has read the module the
    agent comes from: `made` is (qualified class, call) of the module-level binding the
    target names there (None: none read); the handoff() call's arguments are ref.args."""
    agent = made[1] if made is not None and made[0] in _AGENT else None
    if agent is not None and any(own(_agent_arg(agent, i, raw=True)) for i in (0, 1)):
        return None  # `def build(name): return Agent(name=name)`: its callers name it
    given = dict(zip(ref.params, (v for k, v in ref.args or () if not k)))
    given.update((k, v) for k, v in ref.args or () if k)
    input_type = _str_of(given.get("input_type"))  # only whether it is given: its schema is not read
    return handoff_tool(_agent_arg(agent, 0), _agent_arg(agent, 1), _str_of(given.get("tool_name_override")),
                        _str_of(given.get("tool_description_override")),
                        input_type.span if input_type is not None else None, ref.span)


def _agent_arg(agent: Optional[CallVal], index: int, raw: bool = False):
    """The agent's `name` (0) or `handoff_description` (1); unread where a `**` spread may give
    it; `raw`: the Value as evaluated."""
    if agent is None:
        return None
    value = agent.kwarg(_AGENT_PARAMS[index]) or (agent.args[index] if index < len(agent.args) else None)
    if raw:
        return value
    if value is None and not agent.complete:
        return Str(None, agent.span)
    return _str_of(value)


def _str_of(value: Optional[Value]) -> Optional[Str]:
    """str_arg of a value evaluated already."""
    if value is None or (isinstance(value, Const) and value.value is None):
        return None
    return Str(value.value if isinstance(value, Const) and isinstance(value.value, str) else None, value.span)


def handoff_tool(agent_name: Optional[Str], given: Optional[Str], name: Optional[Str], description: Optional[Str],
                 input_type: Optional[Span], where: Span) -> Optional[Tool]:
    """The tool `handoff(agent, tool_name_override=name, tool_description_override=description)`
    sends, of an agent made with `name=agent_name, handoff_description=given` (None: not
    given; a Str(None): not read); `input_type`: where input_type= is given. None: no name."""
    if name is None and agent_name is not None and agent_name.value is not None:
        name = Str(function_style(f"transfer_to_{agent_name.value}"), agent_name.span)
    if name is None:
        return None
    if description is None:
        known = agent_name is not None and agent_name.value is not None and (given is None or given.value is not None)
        text = f"Handoff to the {agent_name.value} agent to handle the request. {given.value if given else ''}" \
            if known else None
        description = Str(text, given.span if given is not None else where)
    schema = _object([], [], where) if input_type is None else Unresolved(
        "the handoff's input comes from input_type=, which is not read statically", input_type)
    return _made(name, description, schema, True, where)


def _model_schema(given: Value, strict: Optional[bool]) -> Optional[CallVal]:
    """`params_json_schema=Args.model_json_schema()`: the model's schema, read once linking
    knows the project's classes (frameworks/model_params.py), made strict as the SDK makes
    it unless `strict_json_schema=False` (agents_strict.strict_python); None: another value."""
    if not isinstance(given, CallVal) or given.args or given.kwargs or not given.complete:
        return None
    owner, _, method = given.func.rpartition(".")
    if not owner or method not in ("model_json_schema", "schema"):
        return None
    marks = (("toollint_transform", Const(STRICT_TRANSFORM, given.span)),) if strict is not False else ()
    return replace(given, kwargs=marks)


def _made(name: Str, description: Str, schema: Value, strict: Optional[bool], where: Span) -> Tool:
    return Tool(name=name, span=where, shape="decorated", description=description, schema=schema, strict=strict,
                framework="openai-agents", function=None)
