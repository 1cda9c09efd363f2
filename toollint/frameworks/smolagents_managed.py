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
SDK's handoffs do (agents_refs.py); a description not read is an unknown one.
"""
from __future__ import annotations

import keyword
from typing import Optional

import libcst as cst

from toollint.frameworks.args import constructed, str_arg
from toollint.frameworks.base import Context, Framework, Use
from toollint.frameworks.render import object_of
from toollint.model import Const, ListVal, Span, Str, Tool, Value

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

    def listed_tool(self, expr: cst.BaseExpression, ctx: Context) -> Optional[Tool]:
        call = constructed(expr, ctx, _AGENTS)
        if call is None:
            return None
        agent = Use(self, call)
        name = str_arg(agent.kwarg("name"), ctx.evaluator)
        if name is None or name.value is None or not name.value.isidentifier() or keyword.iskeyword(name.value):
            return None
        description = str_arg(agent.kwarg("description"), ctx.evaluator)
        if description is None or description.value == "":
            return None  # smolagents asserts every managed agent has one
        where = ctx.span_of(expr)
        return Tool(name=name, span=where, shape="decorated", description=description, schema=_inputs(where),
                    framework=self.name, function=None)
