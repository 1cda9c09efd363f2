"""Record what each tool framework really derives from the functions in sources/.

Run by hand, never by the test suite, in a throwaway virtualenv holding the frameworks
(not toollint's own): the tests only read the JSON files this writes, so they need none
of these packages.

    python -m venv /tmp/fw && /tmp/fw/bin/pip install mcp fastmcp langchain-core \
        openai-agents smolagents pydantic-ai-slim anthropic claude-agent-sdk llama-index-core
    /tmp/fw/bin/python tests/data/frameworks/record.py
    # swarm is not on the package index: install it from its source, without its extras
    git clone https://github.com/openai/swarm /tmp/swarm && /tmp/fw/bin/pip install --no-deps /tmp/swarm
    # mcp 2 dropped FastMCP, so the mcp*.json of FastMCP come from a second one (camel
    # imports it too):
    python -m venv /tmp/fw1 && /tmp/fw1/bin/pip install "mcp<2" agno camel-ai livekit-agents
    /tmp/fw1/bin/python tests/data/frameworks/record.py mcp mcp_registered agno camel livekit
    # mcp's model-typed parameters, 1.x's FastMCP and 2.x's MCPServer (same as /tmp/fw's mcp):
    python -m venv /tmp/venv-mcpA && /tmp/venv-mcpA/bin/pip install "mcp<2"
    /tmp/venv-mcpA/bin/python tests/data/frameworks/record.py mcp_models
    python -m venv /tmp/venv-mcpB && /tmp/venv-mcpB/bin/pip install "mcp>=2"
    /tmp/venv-mcpB/bin/python tests/data/frameworks/record.py mcpserver_models
    # browser-use pins versions the others clash with:
    python -m venv /tmp/bu && /tmp/bu/bin/pip install browser-use
    /tmp/bu/bin/python tests/data/frameworks/record.py browser_use
    # letta's server derives the schema of the source letta-client sends:
    python -m venv /tmp/letta && /tmp/letta/bin/pip install letta-nightly==0.11.5
    /tmp/letta/bin/python tests/data/frameworks/record.py letta
    # AG2's 1.x has no `autogen` package any more: the last 0.x (with openai, for its client)
    python -m venv /tmp/ag2 && /tmp/ag2/bin/pip install "ag2==0.14.0" openai
    /tmp/ag2/bin/python tests/data/frameworks/record.py ag2
    python -m venv /tmp/ag21 && /tmp/ag21/bin/pip install "ag2==1.2.1"
    /tmp/ag21/bin/python tests/data/frameworks/record.py ag2_1
    # Microsoft Agent Framework: its core package alone (the clients are separate packages)
    python -m venv /tmp/venv-maf && /tmp/venv-maf/bin/pip install "agent-framework-core==1.26.0"
    /tmp/venv-maf/bin/python tests/data/frameworks/record.py agent_framework
    # ollama's client (functions in `tools=`), in a venv of its own; a fixed hash seed, since
    # ollama joins a union's types in set order:
    python3 -m venv /tmp/venv-ollama && /tmp/venv-ollama/bin/pip install "ollama==0.6.3"
    PYTHONHASHSEED=0 /tmp/venv-ollama/bin/python tests/data/frameworks/record.py ollama ollama_future
    # fastmcp before 3.2.4 sends whole docstrings (the source's folder pins the version):
    python -m venv /tmp/fm2 && /tmp/fm2/bin/pip install "fastmcp==2.13.0.1"
    /tmp/fm2/bin/python tests/data/frameworks/record.py fastmcp_2
    # livekit-agents up to 1.8.0 keeps Args descriptions and defaults (the source's folder pins it):
    python -m venv /tmp/lk180 && /tmp/lk180/bin/pip install "livekit-agents==1.8.0"
    /tmp/lk180/bin/python tests/data/frameworks/record.py livekit_180
    # crewAI before 1.10 sends no strict schema (the source's folder pins 1.9.0):
    python -m venv /tmp/crew19 && /tmp/crew19/bin/pip install "crewai==1.9.0"
    /tmp/crew19/bin/python tests/data/frameworks/record.py crewai_19
    # Google ADK: 2.0 on sends pydantic's JSON schema; before 2.0 a Gemini Schema (the
    # source's folder pins 1.21.0):
    python -m venv /tmp/adk && /tmp/adk/bin/pip install google-adk
    /tmp/adk/bin/python tests/data/frameworks/record.py google_adk
    python -m venv /tmp/adk1 && /tmp/adk1/bin/pip install "google-adk==1.21.0"
    /tmp/adk1/bin/python tests/data/frameworks/record.py google_adk_1
    # versions/: the same source under another version too (crewai_methods in a venv with crewai):
    python -m venv /tmp/lc02 && /tmp/lc02/bin/pip install "langchain-core==0.2.43"
    /tmp/lc02/bin/python tests/data/frameworks/record.py langchain_methods
    # Semantic Kernel, in a venv of its own:
    python3 -m venv /tmp/venv-sk && /tmp/venv-sk/bin/pip install "semantic-kernel==1.45.0"
    /tmp/venv-sk/bin/python tests/data/frameworks/record.py semantic_kernel

Each sources/<name>.py is executed (it is ours, and it only declares tools) and the
framework's own wire form of every tool is written to <name>.json with the source's
sha256, so the tests can tell when a source changed after it was recorded. A framework
that is not installed is skipped with a message.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import types
from importlib import metadata

from readers import READERS  # this folder is sys.path[0] when the script runs

HERE = os.path.dirname(os.path.abspath(__file__))

# recording name -> (distribution whose version is recorded, framework id toollint uses)
FRAMEWORKS = {
    "mcp": ("mcp", "mcp"),
    "mcpserver": ("mcp", "mcp"),
    "fastmcp": ("fastmcp", "fastmcp"),
    "langchain": ("langchain-core", "langchain"),
    "agents": ("openai-agents", "openai-agents"),
    "anthropic": ("anthropic", "anthropic"),
    "pydantic_ai": ("pydantic-ai-slim", "pydantic-ai"),
    "smolagents": ("smolagents", "smolagents"),
    "claude_agent_sdk": ("claude-agent-sdk", "claude-agent-sdk"),
    "llama_index": ("llama-index-core", "llama-index"),
    "llama_index_future": ("llama-index-core", "llama-index"),
    "llama_index_query": ("llama-index-core", "llama-index"),
    # tools made by a call rather than a decorator: Tool(fn), from_function, add_tool
    "mcp_registered": ("mcp", "mcp"),
    "mcpserver_registered": ("mcp", "mcp"),
    "fastmcp_registered": ("fastmcp", "fastmcp"),
    "fastmcp_listed": ("fastmcp", "fastmcp"),
    "fastmcp_provider": ("fastmcp", "fastmcp"),  # LocalProvider + mcp.add_provider (fastmcp 3+)
    "fastmcp_subclass": ("fastmcp", "fastmcp"),
    "mcp_subclass": ("mcp", "mcp"),
    "langchain_registered": ("langchain-core", "langchain"),
    "pydantic_ai_registered": ("pydantic-ai-slim", "pydantic-ai"),
    "swarm": ("swarm", "swarm"),
    "autogen": ("autogen-core", "autogen"),
    "autogen_basetool": ("autogen-core", "autogen"),
    # AG2, the autogen 0.2-style API: register_for_llm, register_function, functions=[...]
    "ag2": ("ag2", "ag2"),
    # AG2 1.x: the `ag2` package, `@tool` and Agent(tools=[fn])
    "ag2_1": ("ag2", "ag2"),
    # Microsoft Agent Framework: @tool, FunctionTool(...) and Agent(tools=[fn])
    "agent_framework": ("agent-framework-core", "agent-framework"),
    # ollama's client: plain functions in chat(tools=[...]), converted by convert_function_to_tool
    "ollama": ("ollama", "ollama"),
    "ollama_future": ("ollama", "ollama"),  # annotations as strings: only builtins resolve
    "langchain_retriever": ("langchain-core", "langchain"),  # create_retriever_tool
    "agents_registered": ("openai-agents", "openai-agents"),
    "agents_appended": ("openai-agents", "openai-agents"),
    "agents_handoff_class": ("openai-agents", "openai-agents"),  # Handoff(tool_name=..., ...) by hand
    "langchain_bound": ("langchain-core", "langchain"),
    "langchain_agent": ("langchain", "langchain"),
    # toolkits: functions and bound methods handed to a framework's object
    "agno": ("agno", "agno"),
    "camel": ("camel-ai", "camel"),
    "livekit": ("livekit-agents", "livekit-agents"),
    "livekit_180": ("livekit-agents", "livekit-agents"),  # 1.8.0, as sources/livekit180/requirements.txt pins
    "browser_use": ("browser-use", "browser-use"),
    # Agent(tools=[fn, FunctionTool(fn)]): the JSON schema 2.0 on sends, the Gemini Schema of 1.x
    "google_adk": ("google-adk", "google-adk"),
    "google_adk_1": ("google-adk", "google-adk"),  # 1.21.0, as sources/google_adk1/requirements.txt pins
    # functions whose source letta-client sends to the letta server, which derives the schema
    "letta": ("letta-nightly", "letta"),
    # class-based tools, as the agent's native function calling sends them
    "crewai": ("crewai", "crewai"),
    "crewai_tools": ("crewai-tools", "crewai"),
    "crewai_19": ("crewai", "crewai"),  # crewai 1.9.0, as sources/crewai19/requirements.txt pins  # RagTool subclasses: OPENAI_API_KEY is set by the source
    # parameters annotated with a pydantic model or a TypedDict; fn_schema=Model
    "fastmcp_models": ("fastmcp", "fastmcp"),
    "mcp_models": ("mcp", "mcp"),  # mcp 1.x FastMCP
    "mcpserver_models": ("mcp", "mcp"),  # mcp 2.x MCPServer
    "langchain_models": ("langchain-core", "langchain"),
    "agents_models": ("openai-agents", "openai-agents"),
    "llama_index_models": ("llama-index-core", "llama-index"),
    "pydantic_ai_models": ("pydantic-ai-slim", "pydantic-ai"),
    # agents whose class is the project's subclass of pydantic-ai's Agent (issue 18)
    "pydantic_ai_subclass": ("pydantic-ai-slim", "pydantic-ai"),
    "pydantic_ai_toolset": ("pydantic-ai-slim", "pydantic-ai"),
    "pydantic_ai_schema": ("pydantic-ai-slim", "pydantic-ai"),
    # FunctionTool(params_json_schema=Model.model_json_schema()) (issue 18)
    "agents_function_tool": ("openai-agents", "openai-agents"),
    "langchain_dict": ("langchain-core", "langchain"),
    # @tool on a def in a class body (self/cls first) and at module level
    "langchain_methods": ("langchain-core", "langchain"),
    "crewai_methods": ("crewai", "crewai"),
    "agents_methods": ("openai-agents", "openai-agents"),
    "smolagents_models": ("smolagents", "smolagents"),
    # managed_agents=[...]: each managed agent is one more tool of the manager's
    "smolagents_managed": ("smolagents", "smolagents"),
    "agno_models": ("agno", "agno"),
    "autogen_models": ("autogen-core", "autogen"),
    "claude_agent_sdk_models": ("claude-agent-sdk", "claude-agent-sdk"),
    # pydantic models a call turns into a whole definition (issue 16): written to models/,
    # compared after linking (tests/frameworks/test_openai_models.py), not by check_recording
    "openai_models": ("openai", "openai"),
    "langchain_classes": ("langchain-core", "langchain"),
    # pydantic models using PEP 695 aliases: Python 3.12 syntax, so recorded rather than
    # generated in the test (tests/frameworks/test_type_aliases.py)
    "pep695_models": ("pydantic", "pydantic"),
    # PEP 695 aliases in decorated functions' parameters (Python 3.12 too)
    "fastmcp_pep695": ("fastmcp", "fastmcp"),
    "fastmcp_constraints": ("fastmcp", "fastmcp"),
    "fastmcp_annotated": ("fastmcp", "fastmcp"),
    "fastmcp_2": ("fastmcp", "fastmcp"),  # fastmcp 2.13.0.1, as sources/fastmcp2/requirements.txt pins
    "langchain_pep695": ("langchain-core", "langchain"),
    "agents_pep695": ("openai-agents", "openai-agents"),
    "pydantic_ai_pep695": ("pydantic-ai-slim", "pydantic-ai"),
    "llama_index_pep695": ("llama-index-core", "llama-index"),
    "openai_pep695": ("openai", "openai"),
    # @kernel_function methods of plugin classes handed to a Kernel or an agent, and a function
    "semantic_kernel": ("semantic-kernel", "semantic-kernel"),
}
# a source in a folder of its own: beside it, the pin that selects the framework's version
SOURCES = {"fastmcp_2": "fastmcp2/server", "livekit_180": "livekit180/agent", "crewai_19": "crewai19/crew",
           "google_adk_1": "google_adk1/agent"}
MODELS = {"openai_models", "langchain_classes", "pep695_models", "openai_pep695"}
# what differs between a framework's versions: written to versions/<name>-<version>.json,
# compared by tests/frameworks/test_decorated_methods.py, not by check_recording
VERSIONED = {"langchain_methods", "crewai_methods", "agents_methods"}


def _load(name: str):
    path = os.path.join(HERE, "sources", SOURCES.get(name, name) + ".py")
    with open(path, "rb") as handle:
        source = handle.read()
    module = types.ModuleType(f"recorded_{name}")
    module.__file__ = path
    # typing.get_type_hints looks the module up by name; dont_inherit: this file's
    # `from __future__ import annotations` must not turn the source's annotations into strings
    sys.modules[module.__name__] = module
    exec(compile(source, path, "exec", dont_inherit=True), module.__dict__)
    return module, hashlib.sha256(source).hexdigest()


def record(name: str) -> bool:
    distribution, framework = FRAMEWORKS[name]
    try:
        version = metadata.version(distribution)
        module, digest = _load(name)
        tools = READERS[name](module)
    except Exception as exc:  # not installed, or another major version: say so, go on
        print(f"{name}: skipped ({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})")
        return False
    data = {
        "framework": framework,
        "distribution": distribution,
        "version": version,
        "python": "%d.%d" % sys.version_info[:2],
        "source": f"sources/{SOURCES.get(name, name)}.py",
        "sha256": digest,
        "tools": tools,
    }
    folder = os.path.join(HERE, "models") if name in MODELS else HERE
    file = name + ".json"
    if name in VERSIONED:
        folder, file = os.path.join(HERE, "versions"), f"{name}-{version}.json"
    with open(os.path.join(folder, file), "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2, sort_keys=True, ensure_ascii=False)
        handle.write("\n")
    print(f"{name}: {len(tools)} tools from {distribution} {version}")
    return True


def main(argv) -> int:
    names = argv or list(FRAMEWORKS)
    unknown = [n for n in names if n not in FRAMEWORKS]
    if unknown:
        print(f"unknown: {', '.join(unknown)}; known: {', '.join(FRAMEWORKS)}", file=sys.stderr)
        return 2
    for name in names:
        record(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
