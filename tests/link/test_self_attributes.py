"""`Tool(name=self.name, ...)` in a tool class whose base `__init__` sets the name from the
subclass's `super().__init__(TOOL_NAME)` (issue 17): the name is resolved when the
`__init__` chain sets it statically, and otherwise stays unresolved and is quoted as
`self.name` in messages, never as 'None'."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import build, run

BASE = '''
from mcp.types import Tool

TOOL_NAME = "search_docs"


class BaseTool:
    def __init__(self, name: str, description: str = "Search the docs. Use it for how-to questions.",
                 *, tag=None) -> None:
        self.name = name
        self.description = description
        if tag:
            self.tag = tag
'''

SCHEMA = '{"type": "object", "properties": {"q": {"type": "string", "description": "words"}}}'


def _tools(tmp_path, monkeypatch, source, narrow=True):
    (tmp_path / "app.py").write_text(textwrap.dedent(source))
    monkeypatch.chdir(tmp_path)
    project = build(["."], Settings(root="."), cache=False).project
    return {t.function and t.function.qualname or t.span.line: (t.name.value, t.description.value if t.description else None)
            for g in project.groups for t in g.tools}


def _messages(tmp_path, monkeypatch, source, select):
    (tmp_path / "app.py").write_text(textwrap.dedent(source))
    monkeypatch.chdir(tmp_path)
    return [f.message for f in run(["."], Settings(root=".", select=(select,)), cache=False).findings]


def _names(tools):
    return sorted(str(name) for name, _ in tools.values())


def test_a_name_given_by_the_subclass_to_the_base_init_is_resolved(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, BASE + f'''

class SearchTool(BaseTool):
    def __init__(self) -> None:
        super().__init__(TOOL_NAME)

    def to_tool(self) -> Tool:
        return Tool(name=self.name, description=self.description, inputSchema={SCHEMA})


class FetchTool(BaseTool):
    def __init__(self) -> None:
        super().__init__(name="fetch_page", description="Fetch a page. Use it when given a URL.")

    def to_tool(self) -> Tool:
        return Tool(name=self.name, description=self.description, inputSchema={SCHEMA})


class Literal:
    def __init__(self):
        self.name = "own_literal"

    def to_tool(self):
        return Tool(name=self.name, description="Own. Use it never.", inputSchema={SCHEMA})
''')
    assert sorted(tools.values()) == [
        ("fetch_page", "Fetch a page. Use it when given a URL."),
        ("own_literal", "Own. Use it never."),
        ("search_docs", "Search the docs. Use it for how-to questions."),
    ]


def test_names_only_known_at_run_time_stay_unresolved(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, BASE + f'''

class FromCaller(BaseTool):
    def __init__(self, name) -> None:
        super().__init__(name)  # the instance's maker gives it

    def to_tool(self) -> Tool:
        return Tool(name=self.name, description=self.description, inputSchema={SCHEMA})


class Branch:
    def __init__(self, fast):
        self.name = "slow_search"
        if fast:
            self.name = "fast_search"

    def to_tool(self):
        return Tool(name=self.name, description="Search. Use it for anything.", inputSchema={SCHEMA})


class Unpacked(BaseTool):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def to_tool(self):
        return Tool(name=self.name, description="Search. Use it for anything.", inputSchema={SCHEMA})
''')
    assert [name for name, _ in tools.values()] == [None, None, None]


def test_a_method_of_a_subclassed_base_reads_nothing_from_self(tmp_path, monkeypatch):
    """The base's `to_tool` serves every subclass: which name it sends depends on the instance."""
    tools = _tools(tmp_path, monkeypatch, BASE + f'''
    def to_tool(self) -> Tool:
        return Tool(name=self.name, description=self.description, inputSchema={SCHEMA})


class SearchTool(BaseTool):
    def __init__(self) -> None:
        super().__init__(TOOL_NAME)
''')
    assert [name for name, _ in tools.values()] == [None]


def test_an_unresolved_name_is_quoted_as_its_expression_not_none(tmp_path, monkeypatch):
    messages = _messages(tmp_path, monkeypatch, BASE + '''
    def to_tool(self) -> Tool:
        return Tool(name=self.name, description=self.description, inputSchema={"type": "object", "properties": []})


class SearchTool(BaseTool):
    def __init__(self) -> None:
        super().__init__(TOOL_NAME)
''', "TL201")
    assert len(messages) == 1 and messages[0].startswith("input schema of `self.name` is not valid"), messages
    assert "None" not in messages[0]


def test_a_resolved_name_is_quoted_in_messages(tmp_path, monkeypatch):
    messages = _messages(tmp_path, monkeypatch, BASE + '''

class SearchTool(BaseTool):
    def __init__(self) -> None:
        super().__init__(TOOL_NAME)

    def to_tool(self) -> Tool:
        return Tool(name=self.name, description=self.description, inputSchema={"type": "object", "properties": []})
''', "TL201")
    assert len(messages) == 1 and messages[0].startswith("input schema of 'search_docs' is not valid"), messages


def test_class_attributes_name_the_tool_unless_an_unseen_init_runs(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, f'''
from mcp.types import Tool
from app.base import ToolHandler


class AnalyzeBufferCache(ToolHandler):
    name = "analyze_buffer_cache"
    description = "Analyze buffer cache usage. Use it when queries slow down."

    def __init__(self, driver):
        self.driver = driver

    def get_tool_definition(self) -> Tool:
        return Tool(name=self.name, description=self.description, inputSchema={SCHEMA})


class Inherited(ToolHandler):
    name = "inherited_init"  # ToolHandler.__init__ runs, and may set self.name

    def get_tool_definition(self) -> Tool:
        return Tool(name=self.name, description="Inherit. Use it never.", inputSchema={SCHEMA})


class Renamed:
    name = "before"

    def rename(self, new):
        self.name = new

    def get_tool_definition(self) -> Tool:
        return Tool(name=self.name, description="Renamed. Use it never.", inputSchema={SCHEMA})
''')
    assert sorted(str(name) for name, _ in tools.values()) == ["None", "None", "analyze_buffer_cache"]
