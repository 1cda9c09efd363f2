"""A server class a project module re-exports (held-out round 66, M1): a `_compat` module
that picks the MCP SDK's MCPServer or, on an older SDK, `FastMCP as MCPServer`. A server
made of it in another module declares its tools as one made of the SDK's class; a class
the re-export does not lead to a framework's server makes none."""
from __future__ import annotations

import json

import pytest

from lintcase import toollint, write_tree

COMPAT = '''
try:
    from mcp.server.mcpserver import MCPServer
except ImportError:
    from mcp.server.fastmcp import FastMCP as MCPServer
'''

SERVER = '''
from {module} import {name}

mcp = {name}("units")


@mcp.tool()
def to_celsius(fahrenheit: float) -> float:
    """Convert a temperature to Celsius. Use this when the user gives Fahrenheit."""
    return (fahrenheit - 32) * 5 / 9
'''


@pytest.mark.parametrize("compat, module, name, framework", [
    (COMPAT, "_compat", "MCPServer", "mcp"),
    ("from fastmcp import FastMCP as Server\n", "_compat", "Server", "fastmcp"),
    ("from .inner import MCPServer\n", "pkg", "MCPServer", "mcp"),  # on through a package's re-export
    ("from mylib.servers import MCPServer\n", "_compat", "MCPServer", None),  # not a framework's class
])
def test_a_server_of_a_reexported_class_declares_its_tools(tmp_path, compat, module, name, framework):
    files = {"server.py": SERVER.format(module=module, name=name)}
    if module == "pkg":
        files.update({"pkg/__init__.py": compat, "pkg/inner.py": COMPAT})
    else:
        files[f"{module}.py"] = compat
    write_tree(tmp_path, files)
    tools = json.loads(toollint("dump", "--no-cache", ".", cwd=tmp_path).stdout)
    assert [t["name"] for t in tools] == (["to_celsius"] if framework else [])
    # derived as that framework sends it: fastmcp 3 closes the schema, the SDK does not
    assert [("additionalProperties" in t["input_schema"]) for t in tools] == ([framework == "fastmcp"] if framework else [])
