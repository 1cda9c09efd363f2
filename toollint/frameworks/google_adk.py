"""Google ADK (google-adk): functions in an agent's `tools=[...]` (`Agent`, `LlmAgent`),
bare or wrapped in `FunctionTool(fn)`, each made a FunctionTool by the agent
(LlmAgent.canonical_tools). A built-in tool object (`google_search`, `load_memory`, a
toolset) is no function of the project and makes no tool here.

What a FunctionTool sends depends on the version, switched by the JSON_SCHEMA_FOR_FUNC_DECL
feature (google/adk/features/_feature_registry.py: off in 1.x up to 1.39.1, on from 2.0.0).

google-adk 2.15 (tools/function_tool.py FunctionTool._get_declaration,
tools/_function_tool_declarations.py build_function_declaration_with_json_schema, sent as
FunctionDeclaration.parameters_json_schema): pydantic's JSON schema of a model of the
signature (`create_model(f"{name}Params", ...)`, titles, defaults and anyOf-with-null as
pydantic writes them); the description is the whole docstring, cleaned
(utils/_callable_utils.py get_callable_doc: inspect.getdoc), Args section included and
never read for the parameters; none without a docstring. Left out: the parameter annotated
with a context type (utils/context_utils.py find_context_parameter: ToolContext,
CallbackContext, Context), else the one named `tool_context`, and `input_stream`;
`*args`/`**kwargs`. An unannotated parameter is `Any` ({}).

google-adk 1.21 (tools/_automatic_function_calling_util.py build_function_declaration and
from_function_with_options, tools/_function_parameter_parse_util.py
_parse_schema_from_parameter, _get_required_fields): a google.genai `Schema`, the Gemini
API's OpenAPI subset, modelled here as the JSON schema it stands for (type names
lowercased: STRING is "string"). No titles; Optional[X] is X with `nullable: true`; a
default is kept unless None; an enum or Literal is a string with `enum`, inlined; a dict
is a plain object; a pydantic model parameter is inlined with its fields' types only;
`required` lists every parameter that is neither nullable nor defaulted. The description
is `func.__doc__` as written, indentation and all. Only `tool_context` and `input_stream`
are left out, by name (a ToolContext under another name raises).
`AgentTool(agent=a)` (tools/agent_tool.py AgentTool.__init__ and _get_declaration, the
same in both) offers the agent as a tool: its `name=`, its `description=` ("" if none,
BaseAgent's default) and one required string `request`; an agent with `input_schema=`
sends that model's schema instead, not read here. An agent of another module is read where
it is made, as the Agents SDK's handoffs are (agents_refs.py).
Not modelled for 1.x: the signatures the Schema parser rejects (`X | None`, a union of
two types, an unannotated parameter, a default of another type), which fall back to a
TypeAdapter schema per parameter; they are read as 2.x reads them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional, Tuple, Union

import libcst as cst

from toollint.config.pins import below
from toollint.extract.byref import imported_targets
from toollint.frameworks.args import constructed, qualified, str_arg
from toollint.frameworks.base import Factory, Framework, Use
from toollint.frameworks.derive import function_tool
from toollint.frameworks.docstrings import ParamDocs
from toollint.frameworks.google_adk_schema import gemini_schema
from toollint.frameworks.model_params import is_marker
from toollint.frameworks.render import object_of
from toollint.frameworks.reshape import put
from toollint.model import CallVal, Const, DictVal, ListVal, RefTool, Span, Str, Tool, Unresolved, Value

_JSON_SCHEMA_FROM = ("google-adk", (2, 0, 0))
_FUNCTION_TOOL = Factory(("func",), ("func",), method="FunctionTool")
_AGENT_TOOLS = ("google.adk.tools.AgentTool", "google.adk.tools.agent_tool.AgentTool")
_AGENTS = ("google.adk.agents.Agent", "google.adk.agents.LlmAgent", "google.adk.agents.llm_agent.Agent",
           "google.adk.agents.llm_agent.LlmAgent", "google.adk.Agent")


class GoogleAdk(Framework):
    name = "google-adk"
    classes = _AGENTS
    factories = {q: _FUNCTION_TOOL for q in ("google.adk.tools.FunctionTool",
                                             "google.adk.tools.function_tool.FunctionTool")}
    tool_list = "tools"
    list_method = "listed"
    list_items = (cst.Name, cst.Attribute, cst.Call)  # AgentTool(agent=a): listed_model
    # `tool_context` by name when no parameter has a context type; `input_stream`: a streaming
    # tool's input, fed by the runner
    dropped = frozenset({"self", "tool_context", "input_stream"})

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None or not isinstance(tool.schema, DictVal):
            return tool
        if below(ctx.evaluator.bounds, *_JSON_SCHEMA_FROM):  # a class's fields inlined in 1.x's own way: not derived
            return replace(tool, schema=gemini_schema(_unmarked(tool.schema)))
        return tool  # from 2.0 a class-typed parameter's schema is pydantic's, with its $defs (model_params.FORMS)

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        if below(evaluator.bounds, *_JSON_SCHEMA_FROM):
            return raw, {}  # func.__doc__ as it is
        return clean, {}

    def listed_model(self, item, ctx, method) -> Union[Tool, RefTool, None]:
        """`AgentTool(agent=a)` in the list, or a name bound to it: an AgentTool made and run by
        hand (`await AgentTool(a).run_async(...)`) is offered to no model."""
        call = ctx.names.get(item.value) if isinstance(item, cst.Name) else item
        if not isinstance(call, cst.Call) or qualified(call.func, ctx.imports) not in _AGENT_TOOLS:
            return None
        use = Use(self, call, "AgentTool", ("agent", "skip_summarization"))
        expr = use.kwarg("agent")
        agent = constructed(expr, ctx, _AGENTS) if expr is not None else None
        where = ctx.span_of(use.call)
        if agent is not None:
            made = Use(self, agent)
            return _agent_tool(str_arg(made.kwarg("name"), ctx.evaluator), str_arg(made.kwarg("description"), ctx.evaluator),
                               made.kwarg("input_schema") is not None, where)
        targets = imported_targets(expr, ctx.imports, ctx.names) if isinstance(expr, (cst.Name, cst.Attribute)) else []
        if len(targets) != 1:
            return None  # not an agent toollint can see: no tool rather than a guess
        return RefTool(target=targets[0], framework=self.name, method="AgentTool", span=where, of_object=True)

    def object_tool(self, ref: RefTool, made: Optional[Tuple[str, CallVal]]) -> Optional[Tool]:
        """AgentTool(agent=a) of an agent another module makes at its top level."""
        if made is None or made[0] not in _AGENTS:
            return None
        agent = made[1]
        return _agent_tool(_given_str(agent.kwarg("name"), agent), _given_str(agent.kwarg("description"), agent),
                           agent.kwarg("input_schema") is not None, ref.span)


def _unmarked(schema: DictVal) -> DictVal:
    props = schema.get("properties")
    if not isinstance(props, DictVal):
        return schema
    why = "google-adk before 2.0 inlines a class's fields in a form not derived here"
    entries = tuple((k, Unresolved(why, v.span) if is_marker(v) else v) for k, v in props.entries)
    return put(schema, "properties", DictVal(entries, props.span, props.complete))


def _agent_tool(name: Optional[Str], description: Optional[Str], input_schema: bool, where: Span) -> Optional[Tool]:
    if name is None or name.value is None:
        return None  # ADK requires a name; one not read statically names no tool here
    if description is None:
        description = Str("", where)
    if input_schema:
        schema: Value = Unresolved("the agent's input_schema model is sent, which is not read here", where)
    else:
        request = object_of([("type", where, Const("string", where))], where)
        schema = object_of([("type", where, Const("object", where)),
                            ("properties", where, object_of([("request", where, request)], where)),
                            ("required", where, ListVal((Const("request", where),), where))], where)
    return Tool(name=name, span=where, shape="decorated", description=description, schema=schema,
                framework="google-adk", function=None)


def _given_str(value: Optional[Value], agent: CallVal) -> Optional[Str]:
    """A keyword of an Agent(...) evaluated in its module: None when absent (unknown where a
    `**` spread may give it), a Str(None) when not a string read statically."""
    if value is None:
        return None if agent.complete else Str(None, agent.span)
    return Str(value.value if isinstance(value, Const) and isinstance(value.value, str) else None, value.span)
