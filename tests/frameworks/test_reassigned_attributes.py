"""`fn.description = ...` / `fn.name = ...` after a decorator made a tool object of fn is
what is sent (held-out round 92, C: a crewAI `@tool` in a factory judged on a docstring the
assignment replaces); toollint/extract/reassigned.py."""
from __future__ import annotations

from frameworkcase import extract


def test_a_literal_assigned_below_a_langchain_tool_is_its_description():
    [search] = extract('''
        from langchain_core.tools import tool


        @tool
        def search(query: str) -> str:
            """Search."""
            return ""


        search.description = "Search the wiki by words in a page's text. Use this before editing a page."
        search.name = "wiki_search"
''')
    assert search.description.value == "Search the wiki by words in a page's text. Use this before editing a page."
    assert (search.description.span.line, search.name.value) == (10, "wiki_search")


def test_a_value_made_at_run_time_leaves_the_text_unknown_not_the_docstring(lint):
    source = '''
from crewai import Agent
from crewai.tools import tool


def make_wrapper(server: str, name: str, desc: str):
    @tool
    def wrapper(input_json: str = "{}") -> str:
        """Call a remote tool."""
        return input_json

    wrapper.name = f"mcp_{server}_{name}"
    wrapper.description = f"[MCP: {server}] {desc}. Call this when the user asks for {name}."
    return wrapper


agent = Agent(role="r", goal="g", backstory="b", tools=[make_wrapper("s", "n", "d")])
'''
    assert lint({"agent.py": source}, select=["TL102", "TL103"]) == []
    # without the assignments the docstring is what crewAI sends, and it is a label
    plain = source.replace('    wrapper.name = f"mcp_{server}_{name}"\n', "").replace(
        '    wrapper.description = f"[MCP: {server}] {desc}. Call this when the user asks for {name}."\n', "")
    assert ("agent.py", 8, "TL102") in lint({"agent.py": plain}, select=["TL102"])


def test_an_mcp_server_registered_the_function_before_the_assignment():
    [search] = extract('''
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("wiki")


        @mcp.tool()
        def search(query: str) -> str:
            """Search the wiki by words in a page's text."""
            return ""


        search.description = "Something else."
''')
    assert search.description.value == "Search the wiki by words in a page's text."
