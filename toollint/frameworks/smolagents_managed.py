"""smolagents' managed agents: `CodeAgent(tools=[...], model=m, managed_agents=[web_agent])`
offers each managed agent to the manager's model as one more tool (smolagents 1.26.0,
recorded in tests/data/frameworks/smolagents_managed.json).

MultiStepAgent._setup_managed_agents gives every managed agent the same `inputs` (a
required string `task`, a nullable object `additional_args`), and the manager sends it as
it sends a `Tool` (models.get_tool_json_schema): the agent's `name=` and `description=`
as given. A CodeAgent manager writes the same name, description and arguments into its
system prompt as a Python function.

smolagents raises without a name and a description, and on a name that is no Python
identifier: then no tool. A name not read statically makes no tool either, as the Agents
SDK's handoffs do (agents_refs.py); a description not read is an unknown one. An agent a
function of another project module returns (`managed_agents=[build_researcher()]`) is read
there while linking (extract/factories.py), as the Agents SDK's handoffs are.
"""
from __future__ import annotations

import keyword
import re
from typing import Optional, Tuple, Union

import libcst as cst

from toollint.extract.byref import called_target
from toollint.extract.factories import own
from toollint.frameworks.annotations import last_name
from toollint.frameworks.args import constructed, str_arg
from toollint.frameworks.base import Context, Framework, Use
from toollint.frameworks.render import object_of
from toollint.model import CallVal, Const, DictVal, ListVal, RefTool, Span, Str, Tool, Value

_AGENTS = tuple(f"smolagents{module}.{cls}" for module in ("", ".agents") for cls in ("CodeAgent", "ToolCallingAgent"))
_TASK = "Long detailed description of the task."
_ADDITIONAL = ("Dictionary of extra inputs to pass to the managed agent, e.g. images, dataframes, "
               "or any other contextual data it may need.")


def _inputs(where: Span) -> Value:
    def prop(kind: str, text: str, nullable: bool) -> Value:
        pairs = [("type", where, Const(kind, where)), ("description", where, Const(text, where))]
        return object_of(pairs + ([("nullable", where, Const(True, where))] if nullable else []), where)

    props = [("task", where, prop("string", _TASK, False)), ("additional_args", where, prop("object", _ADDITIONAL, True))]
    return object_of([("type", where, Const("object", where)), ("properties", where, object_of(props, where)),
                      ("required", where, ListVal((Const("task", where),), where))], where)


class SmolagentsManaged(Framework):
    name = "smolagents"
    classes = _AGENTS
    object_lists = ("managed_agents",)
    live_objects = False  # after __init__ `managed_agents` is a dict: nothing appended to it is offered

    def shows(self, call: cst.Call, keyword: str, ctx: Context) -> bool:
        """A CodeAgent shows its managed agents only in its system prompt, rendered from the
        `prompt_templates["system_prompt"]` Jinja template (agents.py initialize_system_prompt):
        one given as a literal that never names `managed_agents` shows none of them (held-out
        round 119, A); a ToolCallingAgent sends them as tools whatever its prompt."""
        if last_name(call.func) != "CodeAgent":
            return True
        templates = Use(self, call).kwarg("prompt_templates")
        value = ctx.evaluator.eval(templates) if templates is not None else None
        prompt = value.get("system_prompt") if isinstance(value, DictVal) else None
        if not (isinstance(prompt, Const) and isinstance(prompt.value, str)):
            return True
        return re.search(r"\{[{%]-?[^}]*\bmanaged_agents\b", prompt.value) is not None

    def listed_tool(self, expr: cst.BaseExpression, ctx: Context) -> Union[Tool, RefTool, None]:
        call = constructed(expr, ctx, _AGENTS)
        if call is None:
            # `build_researcher()` of another module
            target = called_target(expr, ctx.imports, ctx.names, ctx.evaluator.functions)
            return RefTool(target=target, framework=self.name, method="managed_agents", span=ctx.span_of(expr),
                           of_object=True) if target is not None else None
        agent = Use(self, call)
        return self._managed(str_arg(agent.kwarg("name"), ctx.evaluator),
                             str_arg(agent.kwarg("description"), ctx.evaluator), ctx.span_of(expr))

    def object_tool(self, ref: RefTool, made: Optional[Tuple[str, CallVal]]) -> Optional[Tool]:
        """The managed agent a project function of another module returns (extract/factories.py)."""
        agent = made[1] if made is not None and made[0] in _AGENTS else None
        if agent is None or any(own(agent.kwarg(k)) for k in ("name", "description")):
            return None  # `def build(name): return CodeAgent(name=name, ...)`: its callers name it
        return self._managed(_str_of(agent.kwarg("name"), agent), _str_of(agent.kwarg("description"), agent), ref.span)

    def _managed(self, name: Optional[Str], description: Optional[Str], where: Span) -> Optional[Tool]:
        if name is None or name.value is None or not name.value.isidentifier() or keyword.iskeyword(name.value):
            return None
        if description is None or description.value == "":
            return None  # smolagents asserts every managed agent has one
        return Tool(name=name, span=where, shape="decorated", description=description, schema=_inputs(where),
                    framework=self.name, function=None)


def _str_of(value: Optional[Value], agent: CallVal) -> Optional[Str]:
    """str_arg of an argument evaluated already: None when not given (unknown where a `**`
    spread may give it), a Str(None) when not a string read statically."""
    if value is None:
        return None if agent.complete else Str(None, agent.span)
    return Str(value.value if isinstance(value, Const) and isinstance(value.value, str) else None, value.span)
