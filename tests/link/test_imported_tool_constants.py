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
