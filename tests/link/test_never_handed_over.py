"""A tool its framework makes the code hand to an agent (smolagents' and LangChain's
`@tool`), that no list holds while every list of its group is read whole, is in no visible
turn (issue 18, held-out round 12 class C): TL104/TL107 have no siblings to weigh it
against, and TL308 says it is never passed. Tools handed over together, and tools a
server registers itself, are judged as before."""
from __future__ import annotations

TOOLS = '''
from smolagents import tool


@tool
def search_news(query: str) -> str:
    """Use this tool to search curated newsletters about AI policy.

    Args:
        query: The words to search for, e.g. 'EU AI act'.
    """
    return query


@tool
def query_events(query: str) -> str:
    """Use this tool to query the events API for events matching the query.

    Args:
        query: The words to search for, e.g. 'summit'.
    """
    return query


@tool
def query_entities(query: str) -> str:
    """Use this tool to query the entities API for entities matching the query.

    Args:
        query: The words to search for, e.g. 'OpenAI'.
    """
    return query
'''

AGENT = '''
from smolagents import InferenceClientModel, ToolCallingAgent

from tools import {names}

agent = ToolCallingAgent(tools=[{names}], model=InferenceClientModel())
'''


def _codes(lint, names, select=("TL104", "TL107", "TL308")):
    files = {"tools.py": TOOLS, "agent.py": AGENT.format(names=names)}
    return sorted((path, code) for path, _, code in lint(files, select=list(select)))


def test_tools_no_agent_is_given_have_no_siblings(lint):
    assert _codes(lint, "search_news") == [("tools.py", "TL308"), ("tools.py", "TL308")]


def test_tools_handed_over_together_are_still_weighed_against_each_other(lint):
    found = _codes(lint, "search_news, query_events, query_entities")
    assert ("tools.py", "TL104") in found and ("tools.py", "TL308") not in found


def test_a_list_not_read_whole_keeps_the_whole_group(lint):
    files = {"tools.py": TOOLS, "agent.py": AGENT.format(names="search_news").replace(
        "tools=[search_news]", "tools=[search_news, *extra_tools()]").replace(
        "agent = ", "def extra_tools():\n    return []\n\n\nagent = ")}
    assert "TL104" in {code for _, _, code in lint(files, select=["TL104"])}


def test_tools_a_server_registers_itself_are_judged_as_before(lint):
    server = TOOLS.replace("from smolagents import tool", "from fastmcp import FastMCP\n\nmcp = FastMCP('news')") \
        .replace("@tool", "@mcp.tool")
    assert {code for _, _, code in lint({"server.py": server}, select=["TL104"])} == {"TL104"}
