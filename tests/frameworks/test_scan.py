"""The module scan (toollint.extract.decorated): which decorators, calls and lists declare
tools, across frameworks, in methods, nested defs and other modules' objects.
"""
from __future__ import annotations

import glob
import os
import pickle
import textwrap

from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.link.graph import finish_pending
from toollint.frameworks.registry import FRAMEWORKS, MODULES
from toollint.front.prefilter import may_define_tools, needles
from toollint.model import ModuleFacts, PendingTool

from frameworkcase import ALL_RECORDINGS, HERE, extract, nullable, props, recorded_framework, schema


def test_module_import_styles_and_unknown_decorators():
    found = extract('''
        import agents
        import langchain_core.tools as lct
        from langchain.tools import tool as lc_tool
        from anthropic.lib.tools import beta_tool
        from somewhere import tool, Server

        server = Server()

        @agents.function_tool
        def a(x: int) -> int:
            """A."""

        @lct.tool
        def b(x: int) -> int:
            """B."""

        @lc_tool("c-named")
        def c(x: int) -> int:
            """C."""

        @beta_tool(name="d-named")
        def d(x: int) -> int:
            """D."""

        @tool
        def not_ours(x: int) -> int:
            """Some other framework's decorator."""

        @server.tool()
        def not_ours_either(x: int) -> int:
            """An unknown server class."""

        def plain(x: int) -> int:
            """Not decorated."""
    ''')
    assert [(t.name.value, t.framework) for t in found] == [
        ("a", "openai-agents"), ("b", "langchain"), ("c-named", "langchain"), ("d-named", "anthropic")]


def test_configured_decorators():
    settings = Settings(decorators=("register_tool", "registry.expose"))
    found = extract('''
        from myapp.tools import register_tool, registry

        @register_tool
        def a(x: int, note: str | None = None) -> int:
            """
            Do a.

            Args:
                x: a number.
            """

        @registry.expose(name="b-named")
        def b(x: int) -> int:
            """B."""
    ''', settings)
    assert [(t.name.value, t.framework) for t in found] == [("a", "custom"), ("b-named", "custom")]
    assert found[0].description.value == "Do a.\n\nArgs:\n    x: a number."
    assert schema(found[0])["required"] == ["x"]
    assert nullable(props(found[0])["note"])


def test_methods_per_framework():
    # A decorator in a class body wraps the plain function: most frameworks then send
    # `self` (recorded: agents, anthropic, pydantic_ai, mcp_registered); LangChain's depends on
    # its version and is left out (test_decorated_methods.py); fastmcp and smolagents raise
    # at import; a project decorator may bind it: unknown.
    found = extract('''
        from agents import function_tool
        from fastmcp import FastMCP
        from langchain_core.tools import tool
        from smolagents import tool as smol_tool
        from mcp.server.fastmcp import FastMCP as Sdk

        mcp = FastMCP("x")
        sdk = Sdk("y")

        class Tools:
            @tool
            def a(self, query: str) -> str:
                """A."""

            @function_tool
            def b(self, query: str) -> str:
                """B."""

            @sdk.tool()
            def c(self, query: str) -> str:
                """C."""

            @staticmethod
            @tool
            def d(query: str) -> str:
                """D: no self to send."""

            @mcp.tool
            def e(self, query: str) -> str:
                """fastmcp raises TypeError here."""

            @smol_tool
            def f(self, query: str) -> str:
                """smolagents raises: self has no type hint.

                Args:
                    query: Words.
                """

            @tool
            @classmethod
            def g(cls, query: str) -> str:
                """A classmethod object is no function."""
    ''', Settings(decorators=("register",)))
    assert [(t.name.value, list(props(t))) for t in found] == [
        ("a", ["query"]), ("b", ["self", "query"]), ("c", ["self", "query"]), ("d", ["query"])]
    assert props(found[2])["self"] == {"type": "string"}  # the MCP SDK: unannotated is a string
    assert schema(found[1])["required"] == ["self", "query"]


def test_bound_methods_have_no_self():
    found = extract('''
        from fastmcp import FastMCP
        from pydantic_ai import Tool

        mcp = FastMCP("x")

        class Orders:
            def __init__(self):
                self.tools = [Tool(self.cancel)]

            def cancel(self, order_id: str) -> str:
                """Cancel."""

            def refund(self, order_id: str) -> str:
                """Refund."""

            @staticmethod
            def find(order_id: str) -> str:
                """Find."""

        orders = Orders()
        mcp.add_tool(orders.refund)
        mcp.add_tool(Orders.find)
    ''')
    assert [(t.name.value, t.framework, list(props(t))) for t in found] == [
        ("cancel", "pydantic-ai", ["order_id"]), ("refund", "fastmcp", ["order_id"]),
        ("find", "fastmcp", ["order_id"])]
    assert found[0].function.qualname == "Orders.cancel"


def test_calls_that_make_tools():
    found = extract('''
        import llama_index.core.tools as lt
        from agents import function_tool
        from anthropic import beta_tool
        from langchain_core.tools import StructuredTool as ST, Tool as LcTool
        from mcp.server.mcpserver import MCPServer
        from pydantic_ai import Agent, Tool

        server = MCPServer("x")

        def search(query: str, limit: int = 3) -> str:
            """Search. Use this for anything."""

        a = function_tool(search, name_override="a")
        b = beta_tool(search)
        c = ST.from_function(search, None, "c", "Given.")
        d = lt.FunctionTool.from_defaults(search, name="d")
        e = LcTool(name="e", func=search.run, description="One string in.")
        agent = Agent("m", tools=[Tool(function=search, name="f", takes_ctx=False)])
        server.add_tool(search, "g", None, "Also given.")
        server.tool(name="h")(search)
    ''')
    assert [(t.name.value, t.framework) for t in found] == [
        ("a", "openai-agents"), ("search", "anthropic"), ("c", "langchain"), ("d", "llama-index"),
        ("e", "langchain"), ("f", "pydantic-ai"), ("g", "mcp"), ("h", "mcp")]
    assert found[2].description.value == "Given." and found[6].description.value == "Also given."
    assert found[3].description.value == "d(query: str, limit: int = 3) -> str\nSearch. Use this for anything."
    assert schema(found[4]) == {"type": "object", "properties": {"__arg1": {"type": "string"}},
                                "required": ["__arg1"]}
    assert found[4].function is None  # the string goes in positionally: no handler check applies
    # the tool is the call that makes it
    assert [t.span.line for t in found] == [13, 14, 15, 16, 17, 18, 19, 20]
    assert (found[0].name.span.line, found[0].name.span.col) == (13, 41)


def test_keyword_tool_calls_are_not_mcp_definitions():
    text = textwrap.dedent('''
        from langchain_core.tools import Tool as LcTool
        from pydantic_ai import Agent, Tool

        def search(query: str) -> str:
            """Search. Use this for anything."""

        agent = Agent("m", tools=[Tool(function=search, name="find", description="Find.")])
        legacy = LcTool(name="legacy", func=search, description="Legacy.")
    ''').lstrip()
    facts = extract_file("tools.py", "tools", False, Settings(), data=text.encode())
    assert [(t.name.value, t.framework) for t in facts.decorated] == [("find", "pydantic-ai"),
                                                                      ("legacy", "langchain")]
    assert not [r for r in facts.registries if r.kind == "loose"]


def test_nested_declarations():
    found = extract('''
        from fastmcp import FastMCP
        from pydantic_ai import Agent, Tool

        def register(app: FastMCP) -> None:
            @app.tool
            def ping(host: str) -> str:
                """Ping."""

        def register_untyped(app) -> None:
            @app.tool
            def unknown(host: str) -> str:
                """Whose server? Nothing says."""

        def build():
            agent = Agent("m")

            @agent.tool_plain
            def inner(y: int) -> int:
                """Inner."""

            def helper(z: int) -> int:
                """Helper."""

            return Agent("m", tools=[Tool(helper), helper])
    ''')
    assert [(t.name.value, t.framework) for t in found] == [
        ("ping", "fastmcp"), ("inner", "pydantic-ai"), ("helper", "pydantic-ai")]


def test_objects_of_other_modules_wait_for_linking():
    text = textwrap.dedent('''
        from .server import mcp, agent as helper
        from . import server

        @mcp.tool()
        def a(x: int) -> int:
            """A."""

        @mcp.tool
        def b(x: int) -> int:
            """B."""

        @helper.tool_plain
        def c(x: int) -> int:
            """C."""

        @server.mcp.tool()
        def d(x: int) -> int:
            """D."""

        def e(x: int) -> int:
            """E."""

        mcp.add_tool(e)
    ''').lstrip()
    facts = extract_file("pkg/tools.py", "pkg.tools", False, Settings(), data=text.encode())
    assert facts.decorated == ()
    got = [(p.owner, [(t.framework, t.name.value) for t in p.candidates]) for p in facts.pending]
    assert got == [
        ("pkg.server.mcp", [("mcp", "a"), ("fastmcp", "a"), ("pydantic-ai", "a")]),
        ("pkg.server.mcp", [("fastmcp", "b"), ("pydantic-ai", "b")]),  # a bare @x.tool is not the MCP SDK's
        ("pkg.server.agent", [("pydantic-ai", "c")]),
        ("pkg.server.mcp", [("mcp", "d"), ("fastmcp", "d"), ("pydantic-ai", "d")]),
        ("pkg.server.mcp", [("mcp", "e"), ("fastmcp", "e")]),
    ]
    assert pickle.loads(pickle.dumps(facts)) == facts  # facts cross processes and the cache


def test_finish_pending_follows_re_exports_and_stops_on_cycles():
    def facts(module, path, servers=(), imports=()):
        return ModuleFacts(path=path, module=module, servers=servers, imports=imports)

    modules = {
        "pkg": facts("pkg", "pkg/__init__.py", imports=(("mcp", "pkg.server", "mcp"),)),
        "pkg.server": facts("pkg.server", "pkg/server.py", servers=(("mcp", "mcp"),)),
        "loop.a": facts("loop.a", "loop/a.py", imports=(("mcp", "loop.b", "mcp"),)),
        "loop.b": facts("loop.b", "loop/b.py", imports=(("mcp", "loop.a", "mcp"),)),
    }
    tools = tuple(extract('''
        from fastmcp import FastMCP
        from mcp.server.fastmcp import FastMCP as Sdk
        f, s = FastMCP("x"), Sdk("y")
        fm = FastMCP("x")
        sdk = Sdk("y")

        @fm.tool()
        def a(x: int) -> int:
            """A."""

        @sdk.tool()
        def a(x: int) -> int:
            """A."""
    '''))
    assert [t.framework for t in tools] == ["fastmcp", "mcp"]
    for owner, expected in [("pkg.mcp", ("mcp", "pkg/server.py")), ("pkg.server.mcp", ("mcp", "pkg/server.py")),
                            ("loop.a.mcp", None), ("elsewhere.mcp", None), ("pkg.server.other", None)]:
        got = finish_pending(PendingTool(owner, tools[0].span, tools), modules.get)
        assert (got and (got[0].framework, got[1])) == (expected or None), owner


def test_every_form_passes_the_prefilter():
    forms = [
        "from langchain_core.tools import tool as t\n@t\ndef f(): ...\n",
        "from agents import function_tool as ft\n@ft\ndef f(): ...\n",
        "from anthropic import beta_tool as bt\n@bt\ndef f(): ...\n",
        "from pydantic_ai import Agent\na = Agent()\n@a.tool_plain\ndef f(): ...\n",
        "from fastmcp import FastMCP\nm = FastMCP()\n@m.tool\ndef f(): ...\n",
        "from mcp.server.fastmcp import FastMCP as F\nm = F()\n@m.tool()\ndef f(): ...\n",
        "import smolagents as s\n@s.tool\ndef f(): ...\n",
        "from claude_agent_sdk import tool as t\n@t('a', 'b', {})\nasync def f(args): ...\n",
    ]
    forms += [
        "from pydantic_ai import Agent, Tool\ndef f(x: int): ...\na = Agent('m', tools=[Tool(f)])\n",
        "from pydantic_ai import Agent\ndef f(x: int): ...\na = Agent('m', tools=[f])\n",
        "from langchain_core.tools import StructuredTool\ndef f(x: int): ...\nt = StructuredTool.from_function(f)\n",
        "from llama_index.core.tools import FunctionTool\ndef f(x: int): ...\nt = FunctionTool.from_defaults(fn=f)\n",
        "from mcp.server.fastmcp import FastMCP\nm = FastMCP()\ndef f(x: int): ...\nm.add_tool(f)\n",
        "from agents import function_tool as ft\ndef f(x: int): ...\nt = ft(f)\n",
        "from fastmcp import FastMCP\ndef register(m: FastMCP):\n    @m.tool\n    def f(x: int): ...\n",
        "from autogen import ConversableAgent as C\na = C('a')\n@a.register_for_llm(description='d')\ndef f(x: int): ...\n",
        "import autogen as ag\ndef f(x: int): ...\nag.register_function(f, caller=a, executor=b, description='d')\n",
        "from autogen import ConversableAgent as C\ndef f(x: int): ...\na = C('a', functions=[f])\n",
    ]
    for form in forms:
        assert may_define_tools(form.encode(), needles(Settings())), form
        assert len(extract(form)) == 1, form
    pending = "from .server import mcp\n@mcp.tool()\ndef f(x: int): ...\n"
    assert may_define_tools(pending.encode(), needles(Settings()))
    custom = Settings(decorators=("expose",))
    assert may_define_tools(b"from x import expose\n@expose\ndef f(): ...\n", needles(custom))


def test_every_framework_has_its_recordings_and_test_module():
    registered = {framework.name for framework in FRAMEWORKS}
    assert {recorded_framework(p) for p in ALL_RECORDINGS} == registered
    assert {"mcp", "fastmcp", "langchain", "openai-agents", "anthropic", "pydantic-ai", "smolagents",
            "claude-agent-sdk", "llama-index"} <= registered
    tests = {os.path.basename(p)[len("test_"):-len(".py")] for p in glob.glob(os.path.join(HERE, "test_*.py"))}
    assert set(MODULES) <= tests, "each framework module has tests/frameworks/test_<module>.py"
