"""Tools a class's `register_tools(self, mcp: FastMCP)` declares on its typed parameter,
called on an instance as `IndexTools(client).register_tools(mcp)`, are the tools of the
server handed over: one group with the other classes' tools on it (held-out round 43, M2),
not a group per class."""
from __future__ import annotations

import pytest

CLASS = '''from fastmcp import FastMCP


class {cls}:
    def __init__(self, client):
        self.client = client

    def register_tools(self, mcp: FastMCP):
        @mcp.tool()
        def {name}(text: str) -> dict:
            """{doc}

            Args:
                text: The text, as the user typed it.
            """
            return self.client.run(text)
'''
ALPHA = CLASS.format(cls="IndexTools", name="list_indices",
                     doc="Return every index with its size. Use this when the user asks what data is stored.")
BETA = CLASS.format(cls="AnalyzerTools", name="analyze_text",
                    doc="Show how an analyzer splits a text. Use this when a search misses documents.")


def _tl104(lint, server: str):
    files = {"app/__init__.py": "", "app/alpha.py": ALPHA, "app/beta.py": BETA, "app/server.py": server}
    return sorted(path for path, _, _ in lint(files, select=["TL104"]))


def test_instances_registering_on_one_server_make_one_turn(lint):
    server = ('from fastmcp import FastMCP\n\nfrom app.alpha import IndexTools\nfrom app.beta import AnalyzerTools\n\n'
              'mcp = FastMCP("search")\nclient = object()\n\n'
              'IndexTools(client).register_tools(mcp)\nAnalyzerTools(client).register_tools(mcp)\n')
    assert _tl104(lint, server) == ["app/alpha.py", "app/beta.py"]


@pytest.mark.parametrize("calls", [
    "IndexTools(client).register_tools(mcp)\nAnalyzerTools(client).register_tools(admin)\n",  # two servers
    "",  # nothing registers them: each class's tools alone
])
def test_instances_on_different_servers_or_none_stay_apart(lint, calls):
    server = ('from fastmcp import FastMCP\n\nfrom app.alpha import IndexTools\nfrom app.beta import AnalyzerTools\n'
              'from app.admin import admin\n\nmcp = FastMCP("search")\nclient = object()\n\n' + calls)
    files = {"app/__init__.py": "", "app/alpha.py": ALPHA, "app/beta.py": BETA, "app/server.py": server,
             "app/admin.py": 'from fastmcp import FastMCP\n\nadmin = FastMCP("admin")\n'}
    assert lint(files, select=["TL104"]) == []
