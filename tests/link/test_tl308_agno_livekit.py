"""TL308 for agno's `@tool` and LiveKit's module-level `@function_tool` (issue 17): such a
function is a tool only once an Agent (or a Toolkit, a LiveKit Agent) is given it."""
from __future__ import annotations

AGNO = '''
from agno.agent import Agent
from agno.tools import tool


@tool
def get_weather(city: str) -> str:
    """Get the weather for a city. Use this when the user asks about the weather.

    Args:
        city: The city name.
    """
    return ""


@tool
def get_time(city: str) -> str:
    """Get the local time in a city. Use this when the user asks what time it is.

    Args:
        city: The city name.
    """
    return ""


agent = Agent(tools=[get_weather])
'''

LIVEKIT = '''
from livekit.agents import Agent, function_tool


@function_tool
async def lookup_weather(location: str) -> str:
    """Look up the weather. Use this when the user asks about the weather."""
    return "sunny"


@function_tool
async def book_table(time: str) -> str:
    """Book a table. Use this when the user wants a reservation."""
    return "booked"


class Assistant(Agent):
    def __init__(self) -> None:
        super().__init__(instructions="Help.", tools=[lookup_weather])

    @function_tool
    async def end_call(self) -> None:
        """End the call. Use this when the user says goodbye."""
'''


def test_an_agno_tool_no_agent_is_given_is_reported(lint):
    assert lint({"agent.py": AGNO}, select=["TL308"]) == [("agent.py", 16, "TL308")]


def test_agno_tools_given_to_an_agent_a_toolkit_or_add_tool_are_quiet(lint):
    both = AGNO.replace("tools=[get_weather]", "tools=[get_weather, get_time]")
    assert lint({"agent.py": both}, select=["TL308"]) == []
    toolkit = AGNO.replace("from agno.tools import tool", "from agno.tools import Toolkit, tool") + \
        "kit = Toolkit(name='clock', tools=[get_time])\n"
    assert lint({"agent.py": toolkit}, select=["TL308"]) == []
    added = AGNO + "agent.add_tool(get_time)\n"
    assert lint({"agent.py": added}, select=["TL308"]) == []


def test_an_agno_tool_given_in_another_module_is_quiet(lint):
    files = {"pyproject.toml": "", "app/__init__.py": "",
             "app/tools.py": AGNO.replace("agent = Agent(tools=[get_weather])\n", ""),
             "app/agent.py": "from agno.agent import Agent\nfrom app.tools import get_time, get_weather\n\n"
                             "agent = Agent(tools=[get_weather])\n"}
    assert lint(files, select=["TL308"]) == [("app/tools.py", 16, "TL308")]
    files["app/agent.py"] = files["app/agent.py"].replace("[get_weather]", "[get_weather, get_time]")
    assert lint(files, select=["TL308"]) == []


def test_a_livekit_function_tool_no_agent_is_given_is_reported(lint):
    assert lint({"agent.py": LIVEKIT}, select=["TL308"]) == [("agent.py", 11, "TL308")]


def test_livekit_methods_and_tools_given_later_are_quiet(lint):
    given = LIVEKIT.replace("tools=[lookup_weather]", "tools=[lookup_weather, book_table]")
    assert lint({"agent.py": given}, select=["TL308"]) == []
    # `await agent.update_tools([...])`: a use we do not read may register it
    updated = LIVEKIT + "\nasync def later(agent):\n    await agent.update_tools([book_table])\n"
    assert lint({"agent.py": updated}, select=["TL308"]) == []
    # no agent built from a tool list anywhere: a library of tools, quiet
    library = LIVEKIT.replace('super().__init__(instructions="Help.", tools=[lookup_weather])',
                              'super().__init__(instructions="Help.")')
    assert lint({"agent.py": library}, select=["TL308"]) == []
