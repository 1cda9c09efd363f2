"""A tool list handed through a project class's constructor (issue 18: `Graph(model=...,
tools=tools)` whose `__init__` keeps `self.tools = ToolNode(tools)` for
`create_react_agent(self.model, self.tools)`): each function of the list the class is
given is a tool, as if handed to the list call itself (toollint.extract.forwarded)."""
from __future__ import annotations

import pytest

from frameworkcase import extract
from lintcase import parse_findings, toollint, write_tree

HEAD = '''
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import ToolNode, create_react_agent


def power(a: int, b: int) -> int:
    """Raise a to the power b. Use for exponents only."""
    return a ** b


def search(query: str) -> str:
    """Search the web. Use for current events."""
    return query
'''
GRAPH = '''

class Graph:
    def __init__(self, model: str, tools: list, name: str = "agent"):
        self.model = ChatOpenAI(model=model)
        {body}

    def _create_graph(self):
        return create_react_agent(self.model, self.tools)
'''


def names(body: str, call: str):
    return [t.name.value for t in extract(HEAD + GRAPH.replace("{body}", body) + "\n\n" + call.strip("\n") + "\n")]


@pytest.mark.parametrize("body, call", [
    ("self.tools = ToolNode(tools)", "def build():\n    tools = [power, search]\n    return Graph(model='gpt-4o', tools=tools)"),
    ("self.tools = ToolNode(tools, handle_tool_errors=True)", "graph = Graph('gpt-4o', tools=[power, search])"),
    ("self.tools = tools", "graph = Graph(model='gpt-4o', tools=[power, search])"),
    ("self.tools = None\n        self.agent = create_react_agent(self.model, tools)",
     "graph = Graph(model='gpt-4o', tools=[power, search])"),  # handed on in __init__ itself
    ("self.tools = None\n        self.llm = self.model.bind_tools(tools)", "graph = Graph('gpt-4o', tools=[power, search])"),
])
def test_the_list_a_class_hands_on(body, call):
    assert names(body, call) == ["power", "search"]


@pytest.mark.parametrize("body, call", [
    ("tools = tools + [search]\n        self.tools = ToolNode(tools)", "graph = Graph('gpt-4o', tools=[power])"),  # rebound
    ("self.tools = ToolNode(tools)\n        self.tools = ToolNode([])", "graph = Graph('gpt-4o', tools=[power])"),
    ("self.tools = ToolNode(tools)", "graph = Graph('gpt-4o', *args, tools=[power])"),
    ("self.tools = ToolNode(tools)", "graph = Graph(model=[power], tools=[])"),  # another parameter
    ("self.tools = ToolNode(tools)\n        setattr(self, 'tools', [])", "graph = Graph('gpt-4o', tools=[power])"),
    ("self.tools = ToolNode(tools)", "graph = Other('gpt-4o', tools=[power])"),  # not this module's class
    ("self.tools = [ToolNode(t) for t in tools]", "graph = Graph('gpt-4o', tools=[power])"),
    ("self.kept = tools\n        self.tools = []", "graph = Graph('gpt-4o', tools=[power])"),  # kept, never handed on
])
def test_a_list_not_handed_on_unchanged_is_not_read(body, call):
    assert names(body, call) == []


def test_imported_functions_are_judged_where_they_are_defined(tmp_path):
    write_tree(tmp_path, {"app/__init__.py": "", "app/tools.py": '''
        def power(a: int, b: int) -> int:
            """Calculate power of number."""
            return a ** b
    ''', "app/graph.py": '''
        from langchain_openai import ChatOpenAI
        from langgraph.prebuilt import ToolNode, create_react_agent

        from app.tools import power


        class Graph:
            def __init__(self, model: str, tools: list):
                self.model = ChatOpenAI(model=model)
                self.tools = ToolNode(tools)
                self.graph = create_react_agent(self.model, self.tools)


        def create_default_graph():
            tools = [power]
            return Graph(model="gpt-4o", tools=tools)
    '''})
    result = toollint("check", "--select", "TL102,TL207", ".", cwd=tmp_path)
    assert [(f[0], f[3]) for f in parse_findings(result.stdout)] == [
        ("app/tools.py", "TL207"), ("app/tools.py", "TL207"), ("app/tools.py", "TL102")], result.stdout
