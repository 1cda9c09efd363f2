"""The shared derivation (toollint.frameworks.derive, annotations, docstrings): context
parameters, types, defaults, given schemas, parameter docs, spans, and TL209 on each framework.
"""
from __future__ import annotations

import pytest

from toollint.model import DictVal, ListVal, Unresolved

from frameworkcase import extract, one, props, schema


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
    assert p["lit_none"] == {"enum": ["a", None]}  # as pydantic 2.14 spells it
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
    # a Field's own default goes on the wire (mcp 1.30: {"default": "x", ...}), one with
    # anything but a description beside it is not read
    assert p["c"]["default"] == "x" and p["d"]["default"] is None


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
    assert "required" not in schema(tool)  # pydantic leaves it out when nothing is required


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
