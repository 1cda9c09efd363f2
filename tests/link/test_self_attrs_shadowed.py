"""`self.<attr>` in a method whose parameter has a module constant's name: the body's
evaluator shadows the constant and still reads what `__init__` sets (review of the
seventh session: the shadowing view dropped the method's `self`)."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import build

SOURCE = '''
from mcp.types import Tool

ns = "module_level"


class Search:
    def __init__(self):
        self.tool_name = "search_docs"
        self.text = "Search the docs. Use this when the user asks how to do something."

    def to_tool(self, PARAM) -> Tool:
        return Tool(name=self.tool_name, description=self.text, inputSchema={"type": "object", "properties": {}})
'''


def _named(tmp_path, monkeypatch, param):
    (tmp_path / "app.py").write_text(textwrap.dedent(SOURCE.replace("PARAM", param)))
    monkeypatch.chdir(tmp_path)
    project = build(["."], Settings(root="."), cache=False).project
    return [(t.name.value, t.description.value) for g in project.groups for t in g.tools]


def test_self_attributes_read_alike_whether_a_parameter_shadows_a_constant(tmp_path, monkeypatch):
    expected = [("search_docs", "Search the docs. Use this when the user asks how to do something.")]
    assert _named(tmp_path, monkeypatch, "other") == expected
    assert _named(tmp_path, monkeypatch, "ns") == expected
