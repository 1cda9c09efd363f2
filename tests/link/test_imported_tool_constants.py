"""A tool a module binds to a name (`SearchTool = StructuredTool.from_function(...)`) and
another module hands over by that name (`from app.tools import SearchTool`;
`create_react_agent(..., tools=[SearchTool])`) is matched to its list, so two agents each
given one such tool have no siblings (held-out round 13, class Q); one agent given both
still weighs them against each other."""
from __future__ import annotations

TOOLS = '''
from langchain_core.tools import StructuredTool


def search_flights(origin: str) -> str:
    return origin


def get_status(flight_number: str) -> str:
    return flight_number


SearchTool = StructuredTool.from_function(
    func=search_flights,
    name="flight_search_tool",
    description="Search for flights from an origin city. Use this when the customer wants to book a flight.",
)

StatusTool = StructuredTool.from_function(
    func=get_status,
    name="flight_status_tool",
    description="Return one flight's departure status. Use this when the customer asks if a flight is on time.",
)
'''

AGENT = '''
from langgraph.prebuilt import create_react_agent

from app.tools import {names}

agent = create_react_agent(model="openai:gpt-4o", tools=[{names}], prompt="You help travellers.")
'''


def _tl104(lint, files):
    return sorted(line for _, line, code in lint(files, select=["TL104"]))


def test_two_agents_each_given_one_imported_tool_have_no_siblings(lint):
    files = {"app/__init__.py": "", "app/tools.py": TOOLS,
             "app/search_agent.py": AGENT.format(names="SearchTool"),
             "app/status_agent.py": AGENT.format(names="StatusTool")}
    assert _tl104(lint, files) == []


def test_one_agent_given_both_weighs_them(lint):
    files = {"app/__init__.py": "", "app/tools.py": TOOLS,
             "app/agent.py": AGENT.format(names="SearchTool, StatusTool")}
    assert len(_tl104(lint, files)) == 2


SEARCH = '''
import mcp.types as types

search_tool = types.Tool(
    name="search_papers",
    description="Search arXiv for papers. Use this when the user asks for papers on a topic.",
    inputSchema={"type": "object", "properties": {"query": {"type": "string", "description": "Keywords"}}},
)
'''

READ = '''
import mcp.types as types

read_tool = types.Tool(
    name="read_paper",
    description="Read a downloaded paper and return its full text. Use this when the user names a paper.",
    inputSchema={"type": "object", "properties": {"paper_id": {"type": "string", "description": "An arXiv ID"}}},
)
'''

SERVER = '''
import mcp.types as types
from mcp.server import Server

from .read import read_tool
from .search import search_tool

server = Server("papers")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [{names}]
'''


def test_low_level_server_lists_tools_imported_from_their_modules_as_one_turn(lint):
    # held-out round 36, M1: each Tool alone in its module, one list in list_tools
    files = {"pkg/__init__.py": "", "pkg/search.py": SEARCH, "pkg/read.py": READ,
             "pkg/server.py": SERVER.format(names="search_tool, read_tool")}
    assert len(_tl104(lint, files)) == 2


def test_a_list_tools_handler_listing_one_imported_tool_gives_it_no_sibling(lint):
    files = {"pkg/__init__.py": "", "pkg/search.py": SEARCH, "pkg/read.py": READ,
             "pkg/server.py": SERVER.format(names="search_tool")}
    assert _tl104(lint, files) == []
