"""Tools made from classes are matched to their instances in the lists an agent is given
(issue 18, held-out round 11 class V): `Agent(tools=[WebSearchTool()])` decides
WebSearchTool's neighbours as `Agent(tools=[search])` does for a decorated function, and a
tool class another tool only calls (`CurrentDateTool()._run()`) is no neighbour of it."""
from __future__ import annotations

import textwrap

_CREW_TOOLS = {
    "date_tool.py": '''
        from datetime import datetime

        from crewai.tools import BaseTool


        class CurrentDateTool(BaseTool):
            name: str = "current_date_tool"
            description: str = "Returns the current date (YYYY-MM-DD). Use this when you need today's date."

            def _run(self) -> str:
                return datetime.now().strftime("%Y-%m-%d")
        ''',
    "search_tool.py": '''
        from crewai.tools import BaseTool
        from pydantic import BaseModel, Field

        from date_tool import CurrentDateTool


        class SearchInput(BaseModel):
            query: str = Field(..., description="What to search the web for, such as 'crewAI release notes'.")


        class WebSearchTool(BaseTool):
            name: str = "web_search_tool"
            description: str = "Search the web for recent pages. Use this when the user asks about news."
            args_schema: type[BaseModel] = SearchInput

            def _run(self, query: str) -> str:
                today = CurrentDateTool()._run()
                return f"{query} {today}"

        ''',
    "fetch_tool.py": '''
        from crewai.tools import BaseTool


        class WebFetchTool(BaseTool):
            name: str = "web_fetch_tool"
            description: str = "Fetch one web page by its address. Use this when the user gives a URL."

            def _run(self, url: str) -> str:
                return url
        ''',
}
_DATE = ("date_tool.py", 8, "TL104")
_SEARCH = ("search_tool.py", 13, "TL104")
_FETCH = ("fetch_tool.py", 6, "TL104")


def _crew(agents: str):
    return {**_CREW_TOOLS, "crew.py": "from crewai import Agent\n\n" + agents}


def test_a_tool_class_another_tool_calls_is_not_its_neighbour(lint):
    agents = ('from search_tool import WebSearchTool\n\n'
              'researcher = Agent(role="R", goal="G", backstory="B", tools=[WebSearchTool()])\n')
    # CurrentDateTool is in no list, and the one list WebSearchTool is in leaves it out
    assert lint(_crew(agents), select=["TL104"]) == []


def test_tools_in_no_list_are_still_each_others_neighbours(lint):
    agents = ('from fetch_tool import WebFetchTool\n\n'
              'reader = Agent(role="R", goal="G", backstory="B", tools=[WebFetchTool()])\n')
    # both are in no list (perhaps offered where toollint cannot see): today's group
    assert sorted(lint(_crew(agents), select=["TL104"])) == [_DATE, _SEARCH]


def test_tool_classes_handed_over_together_are_neighbours(lint):
    agents = ('from date_tool import CurrentDateTool\nfrom search_tool import WebSearchTool\n\n'
              'researcher = Agent(role="R", goal="G", backstory="B", tools=[WebSearchTool(), CurrentDateTool()])\n')
    assert sorted(lint(_crew(agents), select=["TL104"])) == [_DATE, _SEARCH]


def test_two_agents_with_disjoint_lists_of_classes(lint):
    agents = ('from date_tool import CurrentDateTool\n'
              'from search_tool import WebSearchTool\nfrom fetch_tool import WebFetchTool\n\n'
              'reader = Agent(role="R", goal="G", backstory="B", tools=[WebSearchTool(), WebFetchTool(verbose=True)])\n'
              'clock = Agent(role="C", goal="G", backstory="B", tools=[CurrentDateTool()])\n')
    assert sorted(lint(_crew(agents), select=["TL104"])) == [_FETCH, _SEARCH]  # one list, two modules


def test_an_instance_kept_in_a_local_and_a_module_imported_whole(lint):
    agents = ('import search_tool\n\n'
              'def make():\n'
              '    search = search_tool.WebSearchTool()\n'
              '    return Agent(role="R", goal="G", backstory="B", tools=[search])\n')
    assert lint(_crew(agents), select=["TL104"]) == []


def test_module_instances_imported_into_separate_agents(lint):
    # held-out round 77, A: `branches = ListBranchesTool()` in the tools' module, one agent each
    tools = {name: textwrap.dedent(text) + f"\n\n{var} = {cls}()\n" for (name, text), (var, cls) in zip(
        _CREW_TOOLS.items(), [("date", "CurrentDateTool"), ("search", "WebSearchTool"), ("fetch", "WebFetchTool")])}
    agents = ('from crewai import Agent\nfrom date_tool import date\nfrom search_tool import search\n'
              'from fetch_tool import fetch\n\n'
              'clock = Agent(role="C", goal="G", backstory="B", tools=[date])\n'
              'reader = Agent(role="R", goal="G", backstory="B", tools=[search])\n'
              'fetcher = Agent(role="F", goal="G", backstory="B", tools=[fetch])\n')
    assert lint({**tools, "crew.py": agents}, select=["TL104"]) == []
    together = agents.replace("tools=[search]", "tools=[search, fetch]")
    assert sorted(lint({**tools, "crew.py": together}, select=["TL104"])) == [_FETCH, _SEARCH]


def test_a_tool_class_in_no_list_keeps_its_group_when_no_list_is_read(lint):
    # nothing is handed over where toollint can see it: every tool keeps its group (today's)
    assert sorted(lint(_CREW_TOOLS, select=["TL104"])) == [_DATE, _SEARCH]


def test_a_list_not_read_whole_keeps_the_group(lint):
    agents = ('from search_tool import WebSearchTool\nfrom app.extra import more_tools\n\n'
              'researcher = Agent(role="R", goal="G", backstory="B", tools=[WebSearchTool(), *more_tools()])\n')
    assert sorted(lint(_crew(agents), select=["TL104"])) == [_DATE, _SEARCH]


def test_an_installed_librarys_tool_is_a_neighbour(lint):
    agents = ('from crewai_tools import SerperDevTool\nfrom search_tool import WebSearchTool\n\n'
              'reader = Agent(role="R", goal="G", backstory="B", tools=[SerperDevTool(), WebSearchTool()])\n')
    # WebSearchTool is offered with SerperDevTool: it needs an exclusion
    assert lint(_crew(agents), select=["TL104"]) == [_SEARCH]
    alone = agents.replace("SerperDevTool(), ", "")
    assert lint(_crew(alone), select=["TL104"]) == []


_SMOL = '''
from smolagents import Tool


class WeatherTool(Tool):
    name = "weather"
    description = "Get the weather report for a city. Use this when the user asks about the weather."
    inputs = {"city": {"type": "string", "description": "The city name, such as 'Paris'."}}
    output_type = "string"

    def forward(self, city: str) -> str:
        return city


class ForecastTool(Tool):
    name = "forecast"
    description = "Get the weather report for a city. Use this when the user asks about the weather."
    inputs = {"city": {"type": "string", "description": "The city name, such as 'Paris'."}}
    output_type = "string"

    def forward(self, city: str) -> str:
        return city
'''


def test_smolagents_classes_of_separate_agents_are_not_compared(lint):
    agents = ('from smolagents import CodeAgent, InferenceClientModel\n\n'
              'from app.tools import ForecastTool, WeatherTool\n\n'
              'a = CodeAgent(tools=[WeatherTool()], model=InferenceClientModel())\n'
              'forecast = ForecastTool()\n'
              'b = CodeAgent(tools=[forecast], model=InferenceClientModel())\n')
    files = {"app/__init__.py": "", "app/tools.py": _SMOL, "app/agents.py": agents}
    assert lint(files, select=["TL104", "TL107"]) == []


def test_smolagents_classes_of_one_agent_still_are(lint):
    agents = ('from smolagents import CodeAgent, InferenceClientModel\n\n'
              'from app.tools import ForecastTool, WeatherTool\n\n'
              'a = CodeAgent(tools=[WeatherTool(), ForecastTool()], model=InferenceClientModel())\n')
    files = {"app/__init__.py": "", "app/tools.py": _SMOL, "app/agents.py": agents}
    assert lint(files, select=["TL104", "TL107"]) == [("app/tools.py", 6, "TL104"), ("app/tools.py", 16, "TL104")]


def test_classes_and_their_agents_in_one_module(lint):
    source = _SMOL + ('\nfrom smolagents import ToolCallingAgent\n\n'
                      'a = ToolCallingAgent(tools=[WeatherTool()], model=None)\n'
                      'b = ToolCallingAgent(tools=[ForecastTool()], model=None)\n')
    assert lint({"agent.py": source}, select=["TL104", "TL107"]) == []


_LANGCHAIN = '''
from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field


class CityInput(BaseModel):
    city: str = Field(description="The city name, such as 'Paris'.")


class WeatherTool(BaseTool):
    name: str = "weather"
    description: str = "Get the weather for a city. Use this when the user asks about weather."
    args_schema: type[BaseModel] = CityInput

    def _run(self, city: str) -> str:
        return city


class NewsTool(BaseTool):
    name: str = "news"
    description: str = "Get the news for a city. Use this when the user asks about news."
    args_schema: type[BaseModel] = CityInput

    def _run(self, city: str) -> str:
        return city
'''


def test_langchain_tool_classes_through_a_package_reexport(lint):
    agents = ('from langgraph.prebuilt import create_react_agent\n\nfrom app import NewsTool, WeatherTool\n\n'
              'a = create_react_agent("openai:gpt-4o", tools=[WeatherTool()])\n'
              'b = create_react_agent("openai:gpt-4o", tools=[NewsTool()])\n')
    files = {"app/__init__.py": "from app.tools import NewsTool, WeatherTool\n", "app/tools.py": _LANGCHAIN,
             "agents.py": agents}
    assert lint(files, select=["TL104"]) == []
    together = agents.replace("tools=[WeatherTool()]", "tools=[WeatherTool(), NewsTool()]")
    assert lint({**files, "agents.py": together}, select=["TL104"]) == [
        ("app/tools.py", 11, "TL104"), ("app/tools.py", 20, "TL104")]


def test_a_tool_in_a_list_not_read_whole_keeps_its_neighbours(lint):
    agents = ('from date_tool import CurrentDateTool\nfrom search_tool import WebSearchTool\n'
              'from app.extra import more_tools\n\n'
              'reader = Agent(role="R", goal="G", backstory="B", tools=[WebSearchTool(), *more_tools()])\n'
              'clock = Agent(role="C", goal="G", backstory="B", tools=[CurrentDateTool()])\n')
    # CurrentDateTool's one list leaves WebSearchTool out, but WebSearchTool's list holds
    # tools toollint does not read: it stays offered with the group
    assert lint(_crew(agents), select=["TL104"]) == [_SEARCH]


def test_tl107_compares_tool_classes_of_one_list_only(lint):
    twins = _LANGCHAIN.replace(
        "Get the weather for a city. Use this when the user asks about weather.",
        "Look up current conditions for a city and return a short report. Use this when the user asks what "
        "it is like outside.").replace(
        "Get the news for a city. Use this when the user asks about news.",
        "Look up the current conditions for a city and return a brief report. Use this when the user asks "
        "what it is like outside.")
    agents = ('from langgraph.prebuilt import create_react_agent\n\nfrom app.tools import NewsTool, WeatherTool\n\n'
              'a = create_react_agent("openai:gpt-4o", tools=[WeatherTool()])\n'
              'b = create_react_agent("openai:gpt-4o", tools=[NewsTool()])\n')
    files = {"app/__init__.py": "", "app/tools.py": twins, "agents.py": agents}
    assert lint(files, select=["TL107"]) == []
    together = agents.replace("tools=[WeatherTool()]", "tools=[WeatherTool(), NewsTool()]")
    assert lint({**files, "agents.py": together}, select=["TL107"]) == [("app/tools.py", 20, "TL107")]


def test_a_class_given_a_project_function_is_that_functions_tool(lint):
    source = '''
from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent
from toolwrap import RetryTool


@tool
def fetch(url: str) -> str:
    """Fetch one web page by its address. Use this when the user gives a URL."""
    return url


@tool
def lookup(query: str) -> str:
    """Look a word up in the dictionary. Use this when the user asks what a word means."""
    return query


agent = create_react_agent("openai:gpt-4o", tools=[fetch, RetryTool(lookup)])
'''
    # `RetryTool(lookup)` is lookup, wrapped: not a library's tool beside fetch, and lookup
    # is offered with fetch
    assert lint({"agent.py": source}, select=["TL104"]) == [("agent.py", 8, "TL104"), ("agent.py", 14, "TL104")]
