"""How each framework's real objects are read into their wire form, for record.py (run by
hand in a virtualenv holding the frameworks, never by the test suite)."""
from __future__ import annotations

import asyncio
import json
import types


def _functions(module):
    """The module's own top-level objects in source order (the decorated tools among them);
    a class of the module stands for its attributes, so a decorated method is found too."""
    out = []
    for key, value in vars(module).items():
        if key.startswith("_"):
            continue
        if isinstance(value, type) and value.__module__ == module.__name__:
            out.extend(v for k, v in vars(value).items() if not k.startswith("_"))
        else:
            out.append(value)
    return out


# --- one reader per framework: the tools as they go on the wire ------------------------


def _wire(tool):
    """An MCP `Tool` as the protocol spells it (mcp 1 and 2 name the attribute differently)."""
    d = tool.model_dump(by_alias=True, exclude_none=True)
    return {"name": d["name"], "description": d.get("description"), "input_schema": d["inputSchema"]}


def _mcp(module):
    return [_wire(t) for t in asyncio.run(module.mcp.list_tools())]


def _fastmcp(module):
    from fastmcp import Client

    async def listed():
        async with Client(module.mcp) as client:
            return await client.list_tools()

    return [_wire(t) for t in asyncio.run(listed())]


def _langchain(module):
    from langchain_core.tools import BaseTool
    from langchain_core.utils.function_calling import convert_to_openai_tool

    out = []
    for obj in _functions(module):
        if isinstance(obj, BaseTool):
            fn = convert_to_openai_tool(obj)["function"]
            out.append({"name": fn["name"], "description": fn.get("description"),
                        "input_schema": fn.get("parameters")})
    return out


def _agents(module):
    from agents import FunctionTool

    return [
        {"name": t.name, "description": t.description, "input_schema": t.params_json_schema,
         "strict": t.strict_json_schema}
        for t in _functions(module) if isinstance(t, FunctionTool)
    ]


def _anthropic(module):
    from anthropic.lib.tools import BetaFunctionTool

    out = []
    for t in _functions(module):
        if isinstance(t, BetaFunctionTool):
            d = t.to_dict()
            out.append({"name": d["name"], "description": d.get("description"),
                        "input_schema": d["input_schema"]})
    return out


def _pydantic_ai(module):
    from pydantic_ai.models.test import TestModel

    # The tool definitions the agent offers a model, as a model receives them.
    model = TestModel()
    module.agent.run_sync("hi", model=model)
    params = model.last_model_request_parameters
    return [
        {"name": t.name, "description": t.description, "input_schema": t.parameters_json_schema,
         "strict": t.strict}
        for t in params.function_tools
    ]


def _pydantic_ai_agents(module):
    """Each of the source's agents in turn (`shop`, then `files`), as _pydantic_ai records one."""
    out = []
    for agent in (module.shop, module.files):
        out.extend(_pydantic_ai(types.SimpleNamespace(agent=agent)))
    return out


def _smolagents(module):
    from smolagents import Tool
    from smolagents.models import get_tool_json_schema

    out = []
    for t in _functions(module):
        if isinstance(t, Tool):
            fn = get_tool_json_schema(t)["function"]
            out.append({"name": fn["name"], "description": fn["description"], "input_schema": fn["parameters"]})
    return out


def _smolagents_managed(module):
    from smolagents.models import Model

    # the module's @tool functions, then what the manager's model is sent of its managed
    # agents: a ToolCallingAgent's first step, caught at the model (final_answer is smolagents' own)
    sent = []

    class Recorder(Model):
        def generate(self, messages, stop_sequences=None, response_format=None, tools_to_call_from=None, **kwargs):
            sent.extend(self._prepare_completion_kwargs(messages=messages, tools_to_call_from=tools_to_call_from)["tools"])
            raise RuntimeError("recorded")

    module.manager.model = Recorder()
    try:
        module.manager.run("hi", max_steps=1)
    except Exception:  # smolagents wraps the Recorder's stop in its AgentGenerationError
        pass
    agents = [f["function"] for f in sent if f["function"]["name"] in module.manager.managed_agents]
    return _smolagents(module) + [{"name": f["name"], "description": f["description"], "input_schema": f["parameters"]}
                                  for f in agents]


def _claude_agent_sdk(module):
    from claude_agent_sdk import SdkMcpTool, _build_input_schema

    # create_sdk_mcp_server puts exactly this into each wire Tool's inputSchema.
    return [
        {"name": t.name, "description": t.description, "input_schema": _build_input_schema(t)}
        for t in _functions(module) if isinstance(t, SdkMcpTool)
    ]


def _llama_index(module):
    from llama_index.core.tools import FunctionTool, QueryEngineTool, RetrieverTool

    out = []
    for t in _functions(module):
        if isinstance(t, (FunctionTool, QueryEngineTool, RetrieverTool)):
            fn = t.metadata.to_openai_tool()["function"]
            out.append({"name": fn["name"], "description": fn["description"], "input_schema": fn["parameters"]})
    return out


def _swarm(module):
    from types import SimpleNamespace

    from swarm import Swarm

    # what Swarm.get_chat_completion hands the OpenAI client, caught at the client
    sent = {}
    completions = SimpleNamespace(create=lambda **kwargs: sent.update(kwargs))
    client = SimpleNamespace(chat=SimpleNamespace(completions=completions))
    Swarm(client=client).get_chat_completion(module.agent, [], {}, None, False, False)
    return [{"name": t["function"]["name"], "description": t["function"]["description"],
             "input_schema": t["function"]["parameters"]} for t in sent["tools"]]


def _autogen(module):
    from autogen_agentchat.agents import AssistantAgent
    from autogen_core.tools import BaseTool

    # the module's FunctionTool objects, then what each agent wrapped of its plain functions
    found = [t for t in _functions(module) if isinstance(t, BaseTool)]
    for agent in _functions(module):
        if isinstance(agent, AssistantAgent):
            found.extend(t for t in agent._tools if t not in found)
    return [{"name": s["name"], "description": s.get("description"), "input_schema": s["parameters"],
             "strict": s.get("strict", False)} for s in (t.schema for t in found)]


def _autogen_models(module):
    from autogen_core.tools import BaseTool

    return [{"name": s["name"], "description": s.get("description"), "input_schema": s["parameters"],
             "strict": s.get("strict", False)} for s in (t.schema for t in _functions(module) if isinstance(t, BaseTool))]


def _autogen_basetool(module):
    # BaseTool subclasses: the schema each instance gives the model client
    return [{"name": s["name"], "description": s.get("description"), "input_schema": s["parameters"],
             "strict": s.get("strict", False)} for s in (t.schema for t in module.tools)]


def _ag2(module):
    from autogen import ConversableAgent

    # what each agent's llm_config sends, in the order the module made the agents
    out = []
    for agent in _functions(module):
        if isinstance(agent, ConversableAgent) and agent.llm_config:
            for tool in agent.llm_config.get("tools", []):
                fn = tool["function"]
                out.append({"name": fn["name"], "description": fn["description"], "input_schema": fn["parameters"]})
    return out


def _ag2_1(module):
    from ag2.tools.final import FunctionTool

    # each tool the agent holds (a plain function made one by FunctionTool.ensure_tool)
    out = []
    for tool in module.agent.tools:
        fn = FunctionTool.ensure_tool(tool).schema.function
        out.append({"name": fn.name, "description": fn.description, "input_schema": fn.parameters})
    return out


def _agent_framework(module):
    # what the agent sends: each tool (a plain function made one by normalize_tools) as
    # FunctionTool.to_json_schema_spec() spells it, the chat-completions client's form
    out = []
    for tool in module.agent.default_options["tools"]:
        fn = tool.to_json_schema_spec()["function"]
        out.append({"name": fn["name"], "description": fn["description"], "input_schema": fn["parameters"]})
    return out


def _ollama(module):
    from ollama import AsyncClient, Client

    # the request body each chat call would post (`tools` as ChatRequest.model_dump gives it),
    # caught where the client would send it
    sent = []

    def catch(self, cls, method, path, json=None, **kwargs):
        sent.extend(json.get("tools", []))

    async def catch_async(self, cls, method, path, json=None, **kwargs):
        sent.extend(json.get("tools", []))

    saved = Client._request, AsyncClient._request
    Client._request, AsyncClient._request = catch, catch_async
    try:
        module.ask("")
        if hasattr(module, "ask_client"):
            module.ask_client("")
        if hasattr(module, "ask_async"):
            asyncio.run(module.ask_async(""))
    finally:
        Client._request, AsyncClient._request = saved
    return [{"name": t["function"]["name"], "description": t["function"].get("description"),
             "input_schema": t["function"].get("parameters")} for t in sent]


def _agents_registered(module):
    from agents import FunctionTool, RunContextWrapper
    from agents.models.chatcmpl_converter import Converter
    from agents.run_internal.turn_preparation import get_handoffs

    # what `triage` offers a model: its function tools (hosted ones are the provider's), then its handoffs
    out = [{"name": t.name, "description": t.description, "input_schema": t.params_json_schema,
            "strict": t.strict_json_schema} for t in module.triage.tools if isinstance(t, FunctionTool)]
    for handed in asyncio.run(get_handoffs(module.triage, RunContextWrapper(None))):
        fn = Converter.convert_handoff_tool(handed)["function"]
        out.append({"name": fn["name"], "description": fn["description"], "input_schema": fn["parameters"],
                    "strict": fn["strict"]})
    return out


def _langchain_bound(module):
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.utils.function_calling import convert_to_openai_tool

    sent = []

    class Recorder(FakeListChatModel):
        """What ChatOpenAI.bind_tools sends: convert_to_openai_tool of each tool as given."""

        def bind_tools(self, tools, **kwargs):
            sent.extend(convert_to_openai_tool(t)["function"] for t in tools)
            return self

    module.bind(Recorder(responses=[]))  # functions as they are
    module.build(Recorder(responses=[]))  # create_react_agent: wrapped by tool() first
    return [{"name": f["name"], "description": f.get("description"), "input_schema": f.get("parameters")}
            for f in sent]
def _langchain_agent(module):
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.utils.function_calling import convert_to_openai_tool

    sent = []

    class Recorder(FakeListChatModel):
        """What the model is bound to when create_agent's graph calls it."""

        def bind_tools(self, tools, **kwargs):
            sent.extend(convert_to_openai_tool(t)["function"] for t in tools)
            return self

    module.build(Recorder(responses=["done"])).invoke({"messages": [("user", "hi")]})
    return [{"name": f["name"], "description": f.get("description"), "input_schema": f.get("parameters")}
            for f in sent]


def _agno(module):
    from agno.tools import Toolkit
    from agno.tools.function import Function

    # What agno.agent._tools.parse_tools hands the model: a plain callable goes through
    # Function.from_callable alone; a toolkit's functions and a @tool Function through
    # process_entrypoint.
    out = []
    for item in module.agent.tools:
        if isinstance(item, Toolkit) or isinstance(item, Function):
            functions = list(item.get_functions().values()) if isinstance(item, Toolkit) else [item]
            for fn in functions:
                fn.process_entrypoint()
        else:
            functions = [Function.from_callable(item)]
        for fn in functions:
            d = fn.to_dict()
            out.append({"name": d["name"], "description": d.get("description"), "input_schema": d["parameters"]})
    return out


def _camel(module):
    from camel.toolkits import FunctionTool

    tools = [*module.shop_tools, module.search]  # in the order of the source's FunctionTool calls
    out = []
    for t in tools:
        assert isinstance(t, FunctionTool)
        fn = t.get_openai_tool_schema()["function"]
        out.append({"name": fn["name"], "description": fn["description"], "input_schema": fn["parameters"],
                    "strict": fn.get("strict")})
    return out


def _livekit(module):
    from livekit.agents.llm import utils
    from livekit.agents.llm.tool_context import find_function_tools, is_function_tool

    # the module's tools, then those an Agent instance finds on itself (bound: no self)
    tools = [t for t in vars(module).values() if is_function_tool(t)]
    tools += find_function_tools(object.__new__(module.Receptionist))  # __init__ needs a running session
    out = []
    for t in tools:
        fn = utils.build_legacy_openai_schema(t)["function"]
        out.append({"name": fn["name"], "description": fn["description"], "input_schema": fn["parameters"]})
    return out


def _letta(module):
    import inspect
    from textwrap import dedent
    from types import SimpleNamespace

    from letta.functions.functions import derive_openai_json_schema

    # what letta-client's upsert_from_function / create_from_function send: the source,
    # from which the server derives the schema (ToolCreate without json_schema)
    given = []
    adding = lambda func, **kwargs: given.append(func)  # noqa: E731
    module.register(SimpleNamespace(tools=SimpleNamespace(upsert_from_function=adding, create_from_function=adding)))
    schemas = [derive_openai_json_schema(dedent(inspect.getsource(fn))) for fn in given]
    return [{"name": s["name"], "description": s["description"], "input_schema": s["parameters"]} for s in schemas]


def _gemini_schema(value):
    """A google.genai Schema (google-adk before 2.0) as JSON: its OpenAPI-style keys in
    camelCase, its Type enum names lowercased to JSON Schema's type names."""
    if isinstance(value, dict):
        return {k: (v.lower() if k == "type" and isinstance(v, str) else _gemini_schema(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_gemini_schema(v) for v in value]
    return value


def _google_adk(module):
    from google.adk.tools import AgentTool, FunctionTool

    # what LlmAgent.canonical_tools makes of `tools=`: a function becomes FunctionTool(fn); a
    # built-in tool object (google_search) declares nothing of the project's and is left out;
    # AgentTool(agent=a) offers the agent `a` as a tool
    out = []
    for agent in (module.root_agent, module.helper):
        for item in agent.tools:
            tool = FunctionTool(item) if callable(item) and not isinstance(item, FunctionTool) else item
            if not isinstance(tool, (FunctionTool, AgentTool)):
                continue
            decl = tool._get_declaration()
            if decl.parameters_json_schema is not None:  # 2.0 on: pydantic's JSON schema, as sent
                schema = decl.parameters_json_schema
            else:  # before 2.0: a Schema, sent as the Gemini API's JSON (by_alias: camelCase)
                schema = _gemini_schema(decl.parameters.model_dump(mode="json", exclude_none=True, by_alias=True))
            out.append({"name": decl.name, "description": decl.description, "input_schema": schema})
    return out


def _crewai(module):
    from crewai.utilities.agent_utils import convert_tools_to_openai_schema

    schemas = convert_tools_to_openai_schema(module._TOOLS)[0]  # 1.9 returns a pair, 1.10 on three
    return [{"name": s["function"]["name"], "description": s["function"]["description"],
             "input_schema": s["function"]["parameters"], "strict": s["function"].get("strict", False)}
            for s in schemas]


def _browser_use(module):
    # Each action goes to the model as its parameter model's schema, under the action's
    # description (Registry.create_action_model); only the source's own actions are read.
    names = {k for k, v in vars(module).items() if callable(v) and getattr(v, "__module__", "") == module.__name__}
    out = []
    for name, action in module.tools.registry.registry.actions.items():
        if name in names:
            out.append({"name": name, "description": action.description,
                        "input_schema": action.param_model.model_json_schema()})
    return out


def _openai_models(module):
    return [json.loads(json.dumps(tool)) for tool in module.TOOLS]


def _pep695_models(module):
    from pydantic import BaseModel

    return [{"name": v.__name__, "schema": v.model_json_schema()} for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, BaseModel) and v.__module__ == module.__name__]


def _langchain_classes(module):
    """Every tool object and BaseTool subclass of the module, then what bind() hands to bind_tools."""
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.tools import BaseTool
    from langchain_core.utils.function_calling import convert_to_openai_tool

    tools = []
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, BaseTool) and value.__module__ == module.__name__:
            tools.append(value())
        elif isinstance(value, BaseTool):
            tools.append(value)

    class Recorder(FakeListChatModel):
        def bind_tools(self, given, **kwargs):
            tools.extend(given)
            return self

    module.bind(Recorder(responses=[]))
    return [convert_to_openai_tool(t)["function"] for t in tools]


def _semantic_kernel(module):
    """What each kernel of the module (and each agent's) sends for function calling
    (kernel_function_metadata_to_function_call_format, the form every connector and agent
    sends), in the order of the defs: a plugin's own order is its methods' alphabetical
    one (inspect.getmembers), which a static reader has no reason to follow."""
    from semantic_kernel import Kernel
    from semantic_kernel.agents import Agent
    from semantic_kernel.connectors.ai.function_calling_utils import kernel_function_metadata_to_function_call_format

    kernels = [v for v in vars(module).values() if isinstance(v, Kernel)]
    kernels += [v.kernel for v in vars(module).values() if isinstance(v, Agent)]
    found = []
    for kernel in kernels:
        for plugin in kernel.plugins.values():
            for function in plugin.functions.values():
                method = getattr(function.method, "__func__", function.method)
                wire = kernel_function_metadata_to_function_call_format(function.metadata)["function"]
                found.append((method.__code__.co_firstlineno, {
                    "name": wire["name"], "description": wire["description"], "input_schema": wire["parameters"]}))
    return [tool for _, tool in sorted(found, key=lambda pair: pair[0])]


READERS = {
    "mcp": _mcp,
    "mcpserver": _mcp,
    "fastmcp": _fastmcp,
    "langchain": _langchain,
    "agents": _agents,
    "anthropic": _anthropic,
    "pydantic_ai_toolset": _pydantic_ai,
    "pydantic_ai_schema": _pydantic_ai,
    "pydantic_ai": _pydantic_ai,
    "smolagents": _smolagents,
    "claude_agent_sdk": _claude_agent_sdk,
    "llama_index": _llama_index,
    "llama_index_future": _llama_index,
    "llama_index_query": _llama_index,
    "mcp_registered": _mcp,
    "mcpserver_registered": _mcp,
    "fastmcp_registered": _fastmcp,
    "fastmcp_listed": _fastmcp,
    "fastmcp_provider": _fastmcp,
    "fastmcp_subclass": _fastmcp,
    "mcp_subclass": _mcp,
    "langchain_registered": _langchain,
    "pydantic_ai_registered": _pydantic_ai,
    "swarm": _swarm,
    "autogen": _autogen,
    "ag2": _ag2,
    "ag2_1": _ag2_1,
    "agent_framework": _agent_framework,
    "ollama": _ollama,
    "ollama_future": _ollama,
    "langchain_retriever": _langchain,
    "autogen_basetool": _autogen_basetool,
    "agents_registered": _agents_registered,
    "agents_appended": _agents_registered,  # the same reader: what `triage` offers
    "agents_handoff_class": _agents_registered,
    "langchain_bound": _langchain_bound,
    "langchain_agent": _langchain_agent,
    "agno": _agno,
    "camel": _camel,
    "livekit_180": _livekit,
    "livekit": _livekit,
    "google_adk": _google_adk,
    "google_adk_1": _google_adk,
    "browser_use": _browser_use,
    "crewai": _crewai,
    "crewai_tools": _crewai,
    "crewai_19": _crewai,
    "letta": _letta,
    "fastmcp_models": _fastmcp,
    "mcp_models": _mcp,
    "mcpserver_models": _mcp,
    "langchain_models": _langchain,
    "agents_models": _agents,
    "llama_index_models": _llama_index,
    "pydantic_ai_models": _pydantic_ai,
    "langchain_dict": _langchain,
    "langchain_methods": _langchain,
    "crewai_methods": _crewai,
    "agents_methods": _agents,
    "smolagents_models": _smolagents,
    "smolagents_managed": _smolagents_managed,
    "agno_models": _agno,
    "autogen_models": _autogen_models,
    "claude_agent_sdk_models": _claude_agent_sdk,
    "openai_models": _openai_models,
    "langchain_classes": _langchain_classes,
    "pep695_models": _pep695_models,
    "fastmcp_pep695": _fastmcp,
    "fastmcp_constraints": _fastmcp,
    "fastmcp_annotated": _fastmcp,
    "fastmcp_2": _fastmcp,
    "langchain_pep695": _langchain,
    "agents_pep695": _agents,
    "pydantic_ai_pep695": _pydantic_ai,
    "pydantic_ai_subclass": _pydantic_ai_agents,
    "agents_function_tool": _agents,
    "llama_index_pep695": _llama_index,
    "openai_pep695": _openai_models,
    "semantic_kernel": _semantic_kernel,
}
