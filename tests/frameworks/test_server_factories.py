"""A server made by a project function (held-out round 17, M3: `mcp = build_server("sheets",
"...")` of `def build_server(name, instructions) -> MCPServer: return MCPServer(...)`), in
the same module or imported: the def is read as the class every one of its returns builds.
A def that may return anything else, or whose object a `tools=` list would need, makes no
server, so the tools on its object stay unseen."""
from __future__ import annotations

import json

import pytest

from lintcase import parse_findings, toollint, write_tree

TOOL = '''

@mcp.tool()
def read_sheet(path: str) -> str:
    """Read a sheet file. Use this when the user asks what a sheet contains."""
    return path
'''

FACTORY = '''from mcp.server.fastmcp import FastMCP


def build_server(name: str, instructions: str) -> FastMCP:
    """Every server of the package, with the shared access rules appended."""
    return FastMCP(
        name,
        instructions=instructions + ACCESS,
    )


ACCESS = " Never guess a path."
'''


def dumped(tmp_path, files):
    write_tree(tmp_path, files)
    result = toollint("dump", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return [t["name"] for t in json.loads(result.stdout)]


def test_a_factory_in_the_same_module(tmp_path):
    source = FACTORY + '\n\nmcp = build_server("sheets", "Sheet tools")\n' + TOOL
    assert dumped(tmp_path, {"server.py": source}) == ["read_sheet"]


def test_a_factory_of_another_module_makes_one_server_per_call(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/_shared.py": FACTORY}
    for name in ("sheets", "books"):
        files[f"pkg/{name}.py"] = (f'from pkg._shared import build_server\n\nmcp = build_server("{name}", "x")\n'
                                   + TOOL)
    assert dumped(tmp_path, files) == ["read_sheet", "read_sheet"]
    result = toollint("check", "--select", "TL2,TL302", ".", cwd=tmp_path)
    found = [(path, code) for path, _, _, code, _ in parse_findings(result.stdout)]
    # each module's server is a turn of its own: the same name on two is no duplicate
    assert found == [("pkg/books.py", "TL207"), ("pkg/sheets.py", "TL207")], result.stdout
    assert "2 tools in 2 groups" in result.stderr


@pytest.mark.parametrize("factory", [
    # a cached singleton getter returns what the function does
    'import functools\nfrom mcp.server import MCPServer\n\n\n@functools.lru_cache(maxsize=None)\n'
    'def build_server(name, instructions):\n    return MCPServer(name, instructions=instructions)\n',
    # the class chosen by a flag, one framework either way
    'from mcp.server import FastMCP, MCPServer\n\n\ndef build_server(name, instructions, legacy=False):\n'
    '    if legacy:\n        return FastMCP(name)\n    return MCPServer(name, instructions=instructions)\n',
    # fastmcp's server, whose bare `@mcp.tool` works
    'from fastmcp import FastMCP\n\n\ndef build_server(name, instructions):\n'
    '    server = None  # a local of its own, not what it returns\n    return FastMCP(name)\n',
])
def test_factory_shapes_that_make_a_server(tmp_path, factory):
    files = {"pkg/__init__.py": "", "pkg/_shared.py": factory,
             "pkg/sheets.py": 'from pkg._shared import build_server\n\nmcp = build_server("s", "x")\n' + TOOL}
    assert dumped(tmp_path, files) == ["read_sheet"]


@pytest.mark.parametrize("factory", [
    # may return something else: no server known
    'from mcp.server.fastmcp import FastMCP\n\n\ndef build_server(name, instructions):\n'
    '    if not name:\n        return None\n    return FastMCP(name)\n',
    # returns a server built and changed elsewhere in the body: not read
    'from mcp.server.fastmcp import FastMCP\n\n\ndef build_server(name, instructions):\n'
    '    server = FastMCP(name)\n    return server\n',
    # a coroutine: the call gives an awaitable, not the server
    'from mcp.server.fastmcp import FastMCP\n\n\nasync def build_server(name, instructions):\n'
    '    return FastMCP(name)\n',
    # a generator
    'from mcp.server.fastmcp import FastMCP\n\n\ndef build_server(name, instructions):\n'
    '    yield FastMCP(name)\n',
    # a decorator that may replace what it returns
    'from mcp.server.fastmcp import FastMCP\nfrom app.hooks import traced\n\n\n@traced\n'
    'def build_server(name, instructions):\n    return FastMCP(name)\n',
    # two defs of one name: which runs is not known
    'import os\nfrom mcp.server.fastmcp import FastMCP\n\nif os.environ.get("X"):\n'
    '    def build_server(name, instructions):\n        return FastMCP(name)\nelse:\n'
    '    def build_server(name, instructions):\n        return make_mock(name)\n',
])
def test_factory_shapes_that_make_no_known_server(tmp_path, factory):
    files = {"pkg/__init__.py": "", "pkg/_shared.py": factory,
             "pkg/sheets.py": 'from pkg._shared import build_server\n\nmcp = build_server("s", "x")\n' + TOOL}
    assert dumped(tmp_path, files) == []
    files["pkg/sheets.py"] = factory + '\n\nmcp = build_server("s", "x")\n' + TOOL  # the same module
    assert dumped(tmp_path, files) == []


def test_a_factory_of_an_agent_with_a_tool_list_is_not_read(tmp_path):
    # the factory's own `tools=` parameter is not the agent's: its call is no constructor
    source = ('from pydantic_ai import Agent\n\n\ndef build_agent(model, tools=()):\n'
              '    return Agent(model, tools=[])\n\n\nagent = build_agent("m", tools=[lookup])\n\n\n'
              'def lookup(city: str) -> str:\n    """Look up a city. Use this when the user names a city."""\n'
              '    return city\n')
    assert dumped(tmp_path, {"agent.py": source}) == []


@pytest.mark.parametrize("signature, found", [
    ("name", ["read_sheet"]),  # a call cannot pass `tools=`: the server's own list is all
    ("name, tools=()", []),  # the factory's `tools=` may be anything: its call is no constructor
    ("name, **options", []),
])
def test_a_fastmcp_factory_is_read_unless_it_takes_a_tool_list(tmp_path, signature, found):
    factory = f'from fastmcp import FastMCP\n\n\ndef build_server({signature}):\n    return FastMCP(name)\n'
    files = {"pkg/__init__.py": "", "pkg/_shared.py": factory,
             "pkg/sheets.py": 'from pkg._shared import build_server\n\nmcp = build_server("s")\n' + TOOL}
    assert dumped(tmp_path, files) == found
