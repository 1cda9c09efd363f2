"""A server kept on the instance (issue 18: `self.mcp = FastMCP(name=...)` in `__init__`,
then `@self.mcp.tool()` on a def inside another method): that server's tools, the def
derived as the plain function it is (toollint.extract.objects). An attribute any other
store sets, or one set from anything but the framework's class, stays unknown."""
from __future__ import annotations

import re

import pytest

from frameworkcase import extract, props
from lintcase import parse_findings, toollint, write_tree
from toollint.front.narrow import OBJECT_CLASSES
from toollint.frameworks.registry import CLASSES

SERVER = '''
from fastmcp import FastMCP


class Server:
    def __init__(self, name: str) -> None:
        self.mcp = FastMCP(name=name)
        {extra}

    def _register_tools(self) -> None:
        @self.mcp.tool()
        async def execute_query(sql: str, limit: int = 100) -> str:
            """Run a read-only SQL query. Use when the user asks about the data.

            Args:
                sql: The query to run.
                limit: Most rows to return.
            """
            return sql
'''


def tools(extra: str = "pass"):
    return extract(SERVER.replace("{extra}", extra))


def test_a_def_a_method_decorates_with_the_instances_server():
    tool, = tools()
    assert tool.name.value == "execute_query"
    assert tool.framework == "fastmcp"
    assert list(props(tool)) == ["sql", "limit"]  # no `self`: a closure, not a method
    assert tool.description.value.startswith("Run a read-only SQL query.")


def test_registering_calls_on_the_instances_server():
    found = extract('''
from mcp.server.fastmcp import FastMCP


def ping() -> str:
    """Check the server is up. Use before a long job."""
    return "pong"


class Server:
    def __init__(self) -> None:
        self.mcp: FastMCP = FastMCP("ops")

    def setup(self) -> None:
        self.mcp.add_tool(ping)
''')
    assert [t.name.value for t in found] == ["ping"]


@pytest.mark.parametrize("extra", [
    "self.mcp = None",  # bound twice, to two kinds
    "self.mcp = make_server()",
    "self.mcp, self.port = FastMCP('b'), 8000",
    "setattr(self, 'mcp', make_server())",
    "for self.mcp in servers():\n            pass",
    "del self.mcp",
])
def test_an_attribute_stored_otherwise_stays_unknown(extra):
    assert tools(extra) == []


def test_an_attribute_from_a_parameter_stays_unknown():
    source = SERVER.replace("self.mcp = FastMCP(name=name)", "self.mcp = name")
    assert extract(source.replace("{extra}", "pass")) == []


def test_two_classes_servers_are_two_owners(tmp_path):
    # the same tool name on two classes' servers is no duplicate (TL302): two servers
    other = SERVER.replace("class Server:", "class Other:").replace("from fastmcp import FastMCP\n", "")
    write_tree(tmp_path, {"server.py": SERVER.replace("{extra}", "pass") + other.replace("{extra}", "pass")})
    result = toollint("check", "--select", "TL302", ".", cwd=tmp_path)
    assert parse_findings(result.stdout) == [], result.stdout
    assert "2 tools" in result.stderr, result.stderr


def test_one_classes_server_keeps_its_duplicates(tmp_path):
    twice = SERVER.replace("{extra}", "pass") + '''
    def _more_tools(self) -> None:
        @self.mcp.tool()
        async def execute_query(sql: str) -> str:
            """Run a SQL query again. Use when the first one timed out."""
            return sql
'''
    write_tree(tmp_path, {"server.py": twice})
    result = toollint("check", "--select", "TL302", ".", cwd=tmp_path)
    assert [f[3] for f in parse_findings(result.stdout)] == ["TL302"], result.stdout


def test_narrowing_keeps_every_method_that_stores_a_frameworks_object():
    # front/narrow.py spells the classes' names: a framework's new class must be added there
    assert {q.rpartition(".")[2] for q in CLASSES} <= set(OBJECT_CLASSES)
    assert not re.search(r"\W", "".join(OBJECT_CLASSES))


@pytest.mark.parametrize("store", ["self.mcp = make_server()", "setattr(self, 'mcp', make_server())"])
def test_a_store_in_another_method_is_seen_through_narrowing(store):
    # narrowing blanks methods no trigger keeps: a second method's store must stay
    assert extract(SERVER.replace("{extra}", "pass") + f'''

    def swap(self) -> None:
        {store}
''') == []
