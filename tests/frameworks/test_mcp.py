"""The MCP SDK (FastMCP, MCPServer): toollint.frameworks.mcp."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, nullable, one, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("mcp"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


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
