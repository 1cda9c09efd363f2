"""Decorated tools: each framework's derivation, checked against what the framework sends.

tests/data/frameworks/<name>.json were written by tests/data/frameworks/record.py, which
imports the real packages and records the wire form of the tools in sources/<name>.py;
these tests only read them, so none of the frameworks needs to be installed here.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
import pickle
import textwrap
from typing import Any, Dict, List

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import extract_file
from toollint.link.graph import finish_pending
from toollint.model import DictVal, ListVal, ModuleFacts, PendingTool, Tool, Unresolved, to_python
from toollint.front.prefilter import may_define_tools, needles

HERE = os.path.dirname(os.path.abspath(__file__))
FRAMEWORKS = os.path.join(HERE, "data", "frameworks")
RECORDINGS = sorted(glob.glob(os.path.join(FRAMEWORKS, "*.json")))


def extract(source: str, settings: Settings = Settings(), path: str = "tools.py") -> List[Tool]:
    text = textwrap.dedent(source).lstrip("\n")
    assert may_define_tools(text.encode(), needles(settings)), "the prefilter would skip this file"
    facts = extract_file(path, "tools", False, settings, data=text.encode())
    assert facts is not None and facts.error is None, facts and facts.internal_error
    return list(facts.decorated)


def one(source: str, settings: Settings = Settings()) -> Tool:
    found = extract(source, settings)
    assert len(found) == 1, [t.name.value for t in found]
    return found[0]


def schema(tool: Tool) -> Dict[str, Any]:
    return to_python(tool.schema)


def props(tool: Tool) -> Dict[str, Any]:
    return schema(tool)["properties"]


def nullable(prop: Dict[str, Any]) -> bool:
    return (prop.get("nullable") is True or prop.get("type") == "null"
            or any(o.get("type") == "null" for o in prop.get("anyOf", ())))


# --- against the recordings -------------------------------------------------------------


def _without_titles(value):
    """pydantic's "title" keys carry nothing a model or a rule reads; the recordings keep them."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "title":
                continue
            if key == "properties" and isinstance(item, dict):
                out[key] = {name: _without_titles(p) for name, p in item.items()}
            else:
                out[key] = _without_titles(item)
        return out
    if isinstance(value, list):
        return [_without_titles(v) for v in value]
    return value


def test_recordings_exist():
    names = {os.path.basename(p)[:-5] for p in RECORDINGS}
    assert {"mcp", "mcpserver", "fastmcp", "langchain", "agents", "anthropic", "pydantic_ai", "smolagents",
            "claude_agent_sdk"} <= names


@pytest.mark.parametrize("recording", RECORDINGS, ids=lambda p: os.path.basename(p)[:-5])
def test_matches_the_framework(recording):
    with open(recording, encoding="utf-8") as handle:
        data = json.load(handle)
    source_path = os.path.join(FRAMEWORKS, data["source"])
    with open(source_path, "rb") as handle:
        source = handle.read()
    assert hashlib.sha256(source).hexdigest() == data["sha256"], (
        f"{data['source']} changed after it was recorded: rerun tests/data/frameworks/record.py")
    assert may_define_tools(source, needles(Settings()))
    facts = extract_file(source_path, "recorded", False, Settings(), data=source)
    assert facts.error is None, facts.internal_error
    ours = {t.name.value: t for t in facts.decorated}
    assert list(ours) == [t["name"] for t in data["tools"]], "a different set of tools, or another order"
    for real in data["tools"]:
        tool = ours[real["name"]]
        where = f"{data['framework']} {data['version']}, tool {real['name']!r}"
        assert tool.framework == data["framework"], where
        assert tool.shape == "decorated"
        assert (tool.description.value if tool.description else None) == real["description"], where
        assert schema(tool) == _without_titles(real["input_schema"]), where
        if "strict" in real:
            assert bool(tool.strict) == bool(real["strict"]), where


# --- recognising the decorator ----------------------------------------------------------


def test_mcp_through_an_alias():
    tool = one('''
        from mcp.server.fastmcp import FastMCP as F

        app = F("x")

        @app.tool()
        def ping(host: str) -> str:
            """Ping a host."""
    ''')
    assert (tool.name.value, tool.framework) == ("ping", "mcp")


@pytest.mark.parametrize("imports, make", [
    ("from mcp.server.mcpserver import MCPServer", 'MCPServer("x")'),
    ("from mcp.server import MCPServer", 'MCPServer("x")'),
    ("from mcp.server import FastMCP", 'FastMCP("x")'),
    ("import mcp.server.fastmcp", 'mcp.server.fastmcp.FastMCP("x")'),
])
def test_mcp_server_classes(imports, make):
    tool = one(f'''
        {imports}

        server = {make}

        @server.tool()
        def ping(host: str) -> str:
            """Ping a host."""
    ''')
    assert tool.framework == "mcp"


def test_annotated_instance_and_bare_mcp_decorator():
    found = extract('''
        from mcp.server.fastmcp import FastMCP

        app: FastMCP = FastMCP("x")

        @app.tool()
        def ping(host: str) -> str:
            """Ping a host."""

        @app.tool  # the MCP SDK raises TypeError here: not a tool
        def pong(host: str) -> str:
            """Pong."""
    ''')
    assert [t.name.value for t in found] == ["ping"]


def test_fastmcp_forms():
    found = extract('''
        from fastmcp import FastMCP

        mcp = FastMCP("x")

        @mcp.tool
        def a(x: int) -> int:
            """A."""

        @mcp.tool()
        def b(x: int) -> int:
            """B."""

        @mcp.tool("c-named")
        def c(x: int) -> int:
            """C."""

        @mcp.tool(name="d-named", description="D, overridden.")
        def d(x: int) -> int:
            """D."""
    ''')
    assert [(t.name.value, t.description.value) for t in found] == [
        ("a", "A."), ("b", "B."), ("c-named", "C."), ("d-named", "D, overridden.")]
    assert {t.framework for t in found} == {"fastmcp"}


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
    # `self` (recorded: langchain_registered, agents, anthropic, pydantic_ai, mcp_registered);
    # fastmcp and smolagents raise at import; a project decorator may bind it: unknown.
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
        ("a", ["self", "query"]), ("b", ["self", "query"]), ("c", ["self", "query"]), ("d", ["query"])]
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


def test_langchain_parse_docstring_needs_an_args_block():
    found = extract('''
        from langchain_core.tools import StructuredTool, tool

        @tool(parse_docstring=True)
        def sphinx(query: str) -> str:
            """Search.

            :param query: Words.
            """

        @tool(parse_docstring=True, error_on_invalid_docstring=False)
        def tolerated(query: str) -> str:
            """Search. Use this for anything."""

        def plain(query: str) -> str:
            """Search. Use this for anything."""

        made = StructuredTool.from_function(plain, parse_docstring=True)
    ''')
    assert [t.name.value for t in found] == ["tolerated", "plain"]  # @tool raises on `sphinx`


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
    ]
    for form in forms:
        assert may_define_tools(form.encode(), needles(Settings())), form
        assert len(extract(form)) == 1, form
    pending = "from .server import mcp\n@mcp.tool()\ndef f(x: int): ...\n"
    assert may_define_tools(pending.encode(), needles(Settings()))
    custom = Settings(decorators=("expose",))
    assert may_define_tools(b"from x import expose\n@expose\ndef f(): ...\n", needles(custom))


# --- parameters -------------------------------------------------------------------------


def test_context_parameters_are_not_tool_parameters():
    found = extract('''
        from typing import Annotated, Any
        from agents import RunContextWrapper, function_tool
        from agents.tool_context import ToolContext
        from fastmcp import Context, FastMCP
        from langchain_core.tools import InjectedToolArg, tool
        from langgraph.prebuilt import InjectedState
        from pydantic_ai import Agent

        mcp = FastMCP("x")
        agent = Agent("test")

        @mcp.tool
        async def a(x: int, ctx: Context, maybe: Context | None = None) -> int:
            """A."""

        @agent.tool
        def b(c, x: int) -> int:
            """B: the first parameter is the RunContext, whatever its annotation."""

        @agent.tool_plain
        def c(x: int) -> int:
            """C: no context at all."""

        @tool
        def d(x: int, user: Annotated[str, InjectedToolArg], state: Annotated[dict, InjectedState],
              callbacks=None, *args, **kwargs) -> int:
            """D."""

        @function_tool
        def e(ctx: RunContextWrapper[Any], x: int, tc: "ToolContext" = None) -> int:
            """E."""
    ''')
    for tool in found:
        assert list(props(tool)) == ["x"], tool.name.value
        assert schema(tool)["required"] == ["x"], tool.name.value


def test_types():
    tool = one('''
        from decimal import Decimal
        from typing import Any, Dict, List, Literal, Optional, Sequence, Union
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("x")

        @mcp.tool()
        def f(
            s: str, i: int, n: float, b: bool,
            l: List[int], seq: Sequence[str], d: Dict[str, Any], bare: dict,
            lit: Literal["a", "b"], nums: Literal[1, 2], lit_none: Literal["a", None],
            o: Optional[int], u: Union[int, str, None], quoted: "list[str] | None",
            money: Decimal, anything: Any, model: "MyModel",
        ) -> str:
            """F."""
    ''')
    p = props(tool)
    assert p["s"] == {"type": "string"}
    assert p["i"] == {"type": "integer"}
    assert p["n"] == {"type": "number"}
    assert p["b"] == {"type": "boolean"}
    assert p["l"] == {"type": "array", "items": {"type": "integer"}}
    assert p["seq"] == {"type": "array", "items": {"type": "string"}}
    assert p["d"] == {"type": "object", "additionalProperties": True}
    assert p["bare"] == {"type": "object", "additionalProperties": True}
    assert p["lit"] == {"type": "string", "enum": ["a", "b"]}
    assert p["nums"] == {"type": "integer", "enum": [1, 2]}
    assert p["lit_none"] == {"anyOf": [{"type": "string", "enum": ["a"]}, {"type": "null"}]}
    assert p["o"] == {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    assert p["u"] == {"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}]}
    assert p["quoted"] == {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}
    # a type we cannot name gets no "type" at all: never a guess
    assert p["money"] == {} and p["anything"] == {} and p["model"] == {}
    assert schema(tool)["required"] == list(p)


def test_field_defaults_and_descriptions():
    tool = one('''
        from typing import Annotated, Optional
        from pydantic import Field
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("x")

        @mcp.tool()
        def f(
            a: str = Field(description="Needed."),
            b: str = Field(..., description="Needed too."),
            c: str = Field("x", description="Has a default."),
            d: Optional[str] = Field(default=None, description="Optional."),
            e: list[str] = Field(default_factory=list),
            g: Annotated[int, Field(description="From Annotated.")] = 3,
            *,
            h: Annotated[int, Field(description="Required through Annotated.")],
            i: Annotated[int, Field(default=2)],
            j: Annotated[str, "pydantic ignores a bare string"],
        ) -> str:
            """F."""
    ''')
    p = props(tool)
    assert schema(tool)["required"] == ["a", "b", "h", "j"]
    assert p["j"] == {"type": "string"}
    assert p["a"]["description"] == "Needed."
    assert p["c"]["description"] == "Has a default."
    assert p["g"] == {"type": "integer", "description": "From Annotated.", "default": 3}
    assert "default" not in p["c"]  # Field(...)'s default is not shown: we do not read Field() values


def test_defaults_only_when_known():
    tool = one('''
        from langchain_core.tools import tool
        LIMIT = 5

        @tool
        def f(a: int = 1, b: int = LIMIT, c: int = compute(), d: str = None) -> str:
            """F."""
    ''')
    p = props(tool)
    assert p["a"]["default"] == 1 and p["b"]["default"] == 5 and p["d"]["default"] is None
    assert "default" not in p["c"]
    assert schema(tool)["required"] == []


def test_given_schemas_and_excluded_args():
    found = extract('''
        from typing import Annotated
        from anthropic import beta_tool
        from fastmcp import FastMCP
        from langchain_core.tools import tool

        mcp = FastMCP("x")

        @beta_tool(input_schema={"type": "object", "properties": {"q": {"type": "string"}}})
        def a(q: str, n: int) -> str:
            """A."""

        @tool(args_schema=SearchArgs)
        def b(q: str) -> str:
            """B."""

        @tool(infer_schema=False)
        def c(q: str) -> str:
            """C."""

        @mcp.tool(exclude_args=["user_id"])
        def d(q: str, user_id: str = "me", note: Annotated[str, "the caller's Context"] = "") -> str:
            """D."""
    ''')
    a, b, c, d = found
    assert schema(a) == {"type": "object", "properties": {"q": {"type": "string"}}}
    assert isinstance(b.schema, Unresolved) and isinstance(c.schema, Unresolved)
    assert list(props(d)) == ["q", "note"]


# --- per framework ----------------------------------------------------------------------


def test_mcp_sends_the_raw_docstring():
    found = extract('''
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("x")

        @mcp.tool()
        def documented(since: str | None, limit: int = 10) -> str:
            """Search.

            Args:
                since: An ISO date.
            """

        @mcp.tool()
        def bare(x: int) -> int:
            return x
    ''')
    assert found[0].description.value == "Search.\n\n    Args:\n        since: An ISO date.\n    "
    assert found[0].strict is None
    assert schema(found[0])["required"] == ["since"] and nullable(props(found[0])["since"])
    assert "description" not in props(found[0])["since"]  # the MCP SDK does not read Args
    assert found[1].description.value == ""


def test_langchain_raw_and_parsed():
    raw, parsed, named = extract('''
        from langchain_core.tools import tool

        @tool
        def raw(query: str) -> str:
            """Search.

            Args:
                query: Words.
            """

        @tool(parse_docstring=True)
        def parsed(query: str, limit: int = 3) -> str:
            """Search orders.

            Use this for orders.

            Args:
                query: Words to
                    look for.
                limit (int): At most.

            Returns:
                Orders.
            """

        @tool("named", description="Given.")
        def named(query: str) -> str:
            """Ignored."""
    ''')
    assert raw.description.value == "Search.\n\n    Args:\n        query: Words."
    assert "description" not in props(raw)["query"]
    assert parsed.description.value == "Search orders. Use this for orders."
    assert props(parsed)["query"]["description"] == "Words to look for."
    assert props(parsed)["limit"]["description"] == "At most."
    assert (named.name.value, named.description.value) == ("named", "Given.")


def test_agents_sdk_strict_by_default():
    strict, loose, unknown = extract('''
        from typing import Optional
        from agents import function_tool

        @function_tool(name_override="s", description_override="Strict.")
        def a(x: int, y: Optional[int] = None, z: int = 3) -> int:
            return x

        @function_tool(strict_mode=False)
        def b(x: int, y: Optional[int] = None) -> int:
            """B."""

        @function_tool(strict_mode=STRICT)
        def c(x: int, y: int = 1) -> int:
            """C."""
    ''')
    assert (strict.name.value, strict.description.value, strict.strict) == ("s", "Strict.", True)
    assert schema(strict)["required"] == ["x", "y", "z"]
    assert schema(strict)["additionalProperties"] is False
    assert "default" not in props(strict)["y"] and props(strict)["z"]["default"] == 3
    assert nullable(props(strict)["y"]) and not nullable(props(strict)["z"])
    assert loose.strict is False and schema(loose)["required"] == ["x"]
    assert "additionalProperties" not in schema(loose)
    assert unknown.strict is True  # not a literal: the SDK's default


def test_pydantic_ai_generic_agent():
    found = extract('''
        from pydantic_ai import Agent, RunContext

        agent = Agent[None, str]("test")

        @agent.tool(name="t1")
        async def one(ctx: RunContext[None], x: int) -> int:
            """One.

            Returns:
                A number.
            """

        @agent.tool_plain(description="Two, given.")
        def two(x: int) -> int:
            """Ignored."""
    ''')
    assert [t.name.value for t in found] == ["t1", "two"]
    assert found[0].description.value == (
        "<summary>One.</summary>\n<returns>\n<description>A number.</description>\n</returns>")
    assert found[1].description.value == "Two, given."
    assert all(list(props(t)) == ["x"] for t in found)


def test_smolagents_makes_none_and_defaults_optional():
    tool = one('''
        from typing import Optional
        from smolagents import tool

        @tool
        def f(a: str, b: Optional[str], c: int = 3) -> str:
            """F.

            Args:
                a: A.
                b: B.
                c: C.
            """
    ''')
    assert schema(tool)["required"] == ["a"]
    assert props(tool)["b"] == {"type": "string", "description": "B.", "nullable": True}
    assert props(tool)["c"] == {"type": "integer", "description": "C.", "nullable": True}
    assert tool.description.value == "F."


def test_claude_agent_sdk_forms():
    found = extract('''
        from typing import Optional
        from claude_agent_sdk import tool

        SCHEMA = {"q": str, "n": Optional[int]}

        @tool("a", "A.", {"q": str, "n": Optional[int]})
        async def a(args):
            return {}

        @tool(name="b", description="B.", input_schema=SCHEMA)
        async def b(args):
            return {}

        @tool("c", "C.", {"type": "object", "properties": {"q": {"type": "string"}}})
        async def c(args):
            return {}

        @tool("d", "D.", DArgs)
        async def d(args):
            return {}
    ''')
    a, b, c, d = found
    assert [t.name.value for t in found] == ["a", "b", "c", "d"]
    for t in (a, b):
        assert schema(t) == {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}},
                             "required": ["q", "n"]}
        assert t.function is not None and t.function.params[0].name == "args"
    assert schema(c) == {"type": "object", "properties": {"q": {"type": "string"}}}
    assert isinstance(d.schema, Unresolved)


def test_sphinx_and_numpy_descriptions_point_at_their_lines():
    sphinx, numpy = extract('''
        from fastmcp import FastMCP

        mcp = FastMCP("x")

        @mcp.tool
        def a(query: str, limit: int = 3) -> str:
            """Search.

            :param query: Words
                to look for.
            :param limit: At most.
            """

        @mcp.tool
        def b(query: str, limit: int = 3) -> str:
            """Search.

            Parameters
            ----------
            query : str
                Words
                to look for.
            limit : int
                At most.
            """
    ''')
    for tool, lines in ((sphinx, (9, 10)), (numpy, (20, 22))):  # numpy: the entry, name line and text
        assert tool.description.value == "Search."
        query = tool.schema.get("properties").get("query").get("description")
        assert query.value == "Words\nto look for."
        assert (query.span.line, query.span.end_line) == lines


# --- spans: findings on decorated tools point at the source that caused them -------------


def test_spans():
    tool = one('''
        from typing import Optional
        from fastmcp import FastMCP

        mcp = FastMCP("x")

        @mcp.tool(name="search")
        def search_orders(query: str, since: Optional[str] = None) -> str:
            """Search orders.

            Args:
                query: Words to
                    look for.
            """
    ''')
    assert (tool.name.span.line, tool.name.span.col) == (6, 16)
    assert tool.description.span.line == 8
    s = tool.schema
    assert isinstance(s, DictVal)
    properties = s.get("properties")
    key = properties.key_node("query")
    assert (key.span.line, key.span.col) == (7, 19)
    query = properties.get("query")
    assert (query.get("type").span.line, query.get("type").span.col) == (7, 26)
    description = query.get("description")
    assert description.value == "Words to\nlook for."
    assert (description.span.line, description.span.end_line) == (11, 12)
    assert description.span.col == 9
    since = properties.get("since")
    assert since.get("anyOf").span.line == 7 and since.get("default").span.line == 7
    req = s.get("required")
    assert isinstance(req, ListVal) and [(c.value, c.span.line, c.span.col) for c in req.items] == [("query", 7, 19)]
    assert tool.function.name == "search_orders"


# --- TL209 ------------------------------------------------------------------------------


TL209_CASES = {
    "mcp": ("from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n", "@mcp.tool()", True),
    "fastmcp": ("from fastmcp import FastMCP\nmcp = FastMCP('x')\n", "@mcp.tool", True),
    "langchain": ("from langchain_core.tools import tool\n", "@tool", True),
    "anthropic": ("from anthropic import beta_tool\n", "@beta_tool", True),
    "pydantic-ai": ("from pydantic_ai import Agent\nagent = Agent('test')\n", "@agent.tool_plain", True),
    "agents-loose": ("from agents import function_tool\n", "@function_tool(strict_mode=False)", True),
    "agents-strict": ("from agents import function_tool\n", "@function_tool", False),
    "smolagents": ("from smolagents import tool\n", "@tool", False),
}


@pytest.mark.parametrize("case", sorted(TL209_CASES))
def test_tl209(case, lint):
    header, decorator, fires = TL209_CASES[case]
    source = (
        "from typing import Optional\n" + header + "\n\n"
        + decorator + "\n"
        "def search(query: str, since: Optional[str], until: str | None = None, kind: 'str | None' = None) -> str:\n"
        '    """Search.\n\n    Args:\n        query: Words.\n        since: Date.\n        until: Date.\n'
        '        kind: Kind.\n    """\n'
        "    return ''\n"
    )
    found = lint({"tools.py": source}, select=("TL209",))
    line = source.count("\n", 0, source.index("def search")) + 1
    assert found == ([("tools.py", line, "TL209")] if fires else [])


def test_llama_index_optional_without_default_is_tl209(lint):
    src = '''
    from llama_index.core.tools import FunctionTool


    def search(query: str, site: str | None) -> str:
        """Search the web. Use this when the user asks about recent events."""
        return ""


    search_tool = FunctionTool.from_defaults(fn=search)
    '''
    assert lint({"agent.py": src}, select=["TL209"]) == [("agent.py", 4, "TL209")]
