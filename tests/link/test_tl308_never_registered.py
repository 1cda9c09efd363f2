"""TL308 tool-never-registered: a decorated tool no agent, toolkit or list an agent receives
holds, across modules, aliases and framework forms; quiet where registration cannot be read."""
from __future__ import annotations

import textwrap

from toollint.engine import scan as engine
from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.model import Registration


# --- TL308 tool-never-registered ------------------------------------------------------------

SMOL_TOOLS = '''
from smolagents import tool


@tool
def get_weather(city: str) -> str:
    """Get today's weather for a city.

    Args:
        city: The city name, e.g. "Lisbon".
    """
    return "sunny"


@tool
def get_time(city: str) -> str:
    """Get the local time in a city.

    Args:
        city: The city name.
    """
    return "12:00"


@tool
def convert_currency(amount: float, currency: str) -> str:
    """Convert an amount of euros to another currency.

    Args:
        amount: Euros to convert.
        currency: An ISO 4217 code such as "USD".
    """
    return ""
'''


def test_tl308_same_module(lint):
    src = SMOL_TOOLS.replace("from smolagents import tool", "from smolagents import CodeAgent, InferenceClientModel, tool")
    src += "\n\nagent = CodeAgent(tools=[get_weather, get_time], model=InferenceClientModel())\n"
    assert lint({"agent.py": src}, select=["TL308"]) == [("agent.py", 25, "TL308")]
    every = src.replace("tools=[get_weather, get_time]", "tools=[get_weather, get_time, convert_currency]")
    assert lint({"agent.py": every}, select=["TL308"]) == []


def test_tl308_across_modules_with_aliases_and_lists(lint):
    agent = '''
    from smolagents import CodeAgent, InferenceClientModel

    from .tools import get_time as local_time, get_weather

    def build():
        tools = [get_weather]
        tools.append(local_time)
        return CodeAgent(tools=tools, model=InferenceClientModel())
    '''
    files = {"pyproject.toml": "", "app/__init__.py": "", "app/tools.py": SMOL_TOOLS, "app/agent.py": agent}
    assert lint(files, select=["TL308"]) == [("app/tools.py", 25, "TL308")]
    # only the checked file is reported, but the agent module is read all the same
    assert lint(files, paths=["app/tools.py"], select=["TL308"]) == [("app/tools.py", 25, "TL308")]
    assert lint(files, paths=["app/agent.py"], select=["TL308"]) == []


def test_tl308_list_constant_in_another_module(lint):
    registry = '''
    from .tools import get_time, get_weather

    ALL_TOOLS = [get_weather, get_time]
    '''
    agent = '''
    from smolagents import CodeAgent, InferenceClientModel

    from .registry import ALL_TOOLS
    from .tools import convert_currency

    agent = CodeAgent(tools={tools}, model=InferenceClientModel())
    '''
    files = {"pyproject.toml": "", "app/__init__.py": "", "app/tools.py": SMOL_TOOLS, "app/registry.py": registry,
             "app/agent.py": agent.format(tools="ALL_TOOLS")}
    assert lint(files, select=["TL308"]) == [("app/tools.py", 25, "TL308")]
    files["app/agent.py"] = agent.format(tools="[*ALL_TOOLS, convert_currency]")
    assert lint(files, select=["TL308"]) == []
    files["app/agent.py"] = agent.format(tools="ALL_TOOLS + [convert_currency]")
    assert lint(files, select=["TL308"]) == []
    # a list the agent never receives hides nothing: it may be passed where we do not look
    files["app/registry.py"] = (textwrap.dedent(registry)
                                + "from .tools import convert_currency\nEXTRA = [*ALL_TOOLS, convert_currency]\n")
    files["app/agent.py"] = agent.format(tools="ALL_TOOLS")
    assert lint(files, select=["TL308"]) == []


def test_tl308_langchain_forms(lint):
    tools = '''
    from langchain_core.tools import tool


    @tool
    def search_docs(query: str) -> str:
        """Search the product documentation. Use this for how-to questions."""
        return ""


    @tool
    def open_ticket(summary: str) -> str:
        """Open a support ticket. Use this when the user reports a bug."""
        return ""


    @tool
    def get_status(service: str) -> str:
        """Get a service's status. Use this when the user asks whether something is down."""
        return ""
    '''
    bind = '''
    from langchain_openai import ChatOpenAI

    from .tools import get_status, open_ticket, search_docs

    llm = ChatOpenAI(model="gpt-4o").bind_tools([search_docs, open_ticket])
    '''
    graph = '''
    from langgraph.prebuilt import create_react_agent

    from . import tools

    agent = create_react_agent("openai:gpt-4o", [tools.search_docs, tools.get_status])
    '''
    executor = '''
    from langchain.agents import AgentExecutor, create_tool_calling_agent, load_tools

    from .tools import get_status, open_ticket, search_docs

    TOOLS = load_tools(["serpapi"]) + [search_docs, open_ticket]
    agent = create_tool_calling_agent(llm, TOOLS, prompt)
    executor = AgentExecutor(agent=agent, tools=TOOLS)
    '''
    base = {"pyproject.toml": "", "bot/__init__.py": "", "bot/tools.py": tools}
    assert lint({**base, "bot/chat.py": bind}, select=["TL308"]) == [("bot/tools.py", 17, "TL308")]
    assert lint({**base, "bot/chat.py": graph}, select=["TL308"]) == [("bot/tools.py", 11, "TL308")]
    # a third-party loader returns its own tools: ours are still read
    assert lint({**base, "bot/chat.py": executor}, select=["TL308"]) == [("bot/tools.py", 17, "TL308")]


def test_tl308_agents_sdk_and_beta_tool(lint):
    agents_sdk = '''
    from agents import Agent, WebSearchTool, function_tool


    @function_tool
    def get_order(order_id: str) -> str:
        """Fetch one order by its id. Use this when the customer gives an id."""
        return ""


    @function_tool
    def cancel_order(order_id: str) -> str:
        """Cancel an order. Use this when the customer asks to cancel."""
        return ""


    support = Agent(name="support", instructions="Help.", tools=[get_order, WebSearchTool()])
    '''
    beta = '''
    import anthropic
    from anthropic import beta_tool


    @beta_tool
    def get_weather(city: str) -> str:
        """Get the weather. Use this when the user asks about the weather.

        Args:
            city: The city.
        """
        return ""


    @beta_tool
    def get_time(city: str) -> str:
        """Get the time. Use this when the user asks what time it is.

        Args:
            city: The city.
        """
        return ""


    client = anthropic.Anthropic()
    reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=1024, messages=[],
                                   tools=[get_weather.to_dict()])
    '''
    assert lint({"support.py": agents_sdk}, select=["TL308"]) == [("support.py", 11, "TL308")]
    assert lint({"weather.py": beta}, select=["TL308"]) == [("weather.py", 16, "TL308")]


def test_tl308_quiet_when_registration_cannot_be_read(lint):
    unreadable = {
        "a call of a project function": "agent = CodeAgent(tools=collect_tools(), model=m)\n"
                                        "def collect_tools():\n    return [get_weather, get_time]\n",
        "a parameter": "def make(tools):\n    return CodeAgent(tools=tools, model=m)\n",
        "an attribute": "class Bot:\n    def run(self):\n        return CodeAgent(tools=self.tools, model=m)\n",
        "a list a helper extends": "TOOLS = [get_weather]\n"
                                   "def enable_extra():\n    TOOLS.append(load_plugin())\n"
                                   "agent = CodeAgent(tools=TOOLS, model=m)\n"
                                   "def load_plugin():\n    return None\n",
        "a list filled in a loop": "extra = [get_weather]\n"
                                   "for plugin in helpers.PLUGINS:\n    extra.append(plugin)\n"
                                   "agent = CodeAgent(tools=extra, model=m)\n",
        "a name used elsewhere": "REGISTRY = {'fx': convert_currency}\n"
                                 "agent = CodeAgent(tools=[get_weather, get_time], model=m)\n",
    }
    head = SMOL_TOOLS.replace("from smolagents import tool", "from smolagents import CodeAgent, tool\nimport helpers")
    for why, tail in unreadable.items():
        assert lint({"agent.py": head + "\nm = None\n" + tail}, select=["TL308"]) == [], why


def test_tl308_quiet_for_libraries_and_self_registering_frameworks(lint):
    # a module that only defines tools, and an app that never builds an agent from them
    assert lint({"tools.py": SMOL_TOOLS}, select=["TL308"]) == []
    # @mcp.tool() and @agent.tool register the function themselves
    src = '''
    from mcp.server.fastmcp import FastMCP
    from pydantic_ai import Agent

    mcp = FastMCP("orders")
    agent = Agent("openai:gpt-4o", tools=[])


    @mcp.tool()
    def search_orders(query: str) -> list:
        """Search orders. Use this when the customer cannot name the order."""
        return []


    @agent.tool_plain
    def get_order(order_id: str) -> dict:
        """Fetch one order. Use this when the customer gives an id."""
        return {}
    '''
    assert lint({"server.py": src}, select=["TL308"]) == []


def test_tl308_a_test_module_using_the_tool_does_not_register_it(lint):
    test = '''
    from app.tools import convert_currency

    def test_convert():
        assert convert_currency(1.0, "USD") == ""
    '''
    agent = '''
    from smolagents import CodeAgent

    from .tools import get_time, get_weather

    agent = CodeAgent(tools=[get_weather, get_time], model=None)
    '''
    files = {"pyproject.toml": "", "app/__init__.py": "", "app/tools.py": SMOL_TOOLS, "app/agent.py": agent,
             "tests/test_tools.py": test}
    assert lint(files, select=["TL308"]) == [("app/tools.py", 25, "TL308")]
    server = test.replace("def test_convert():", "def expose():").replace('assert convert_currency(1.0, "USD") == ""',
                                                                         "register(convert_currency)")
    files.pop("tests/test_tools.py")
    files["app/server.py"] = server
    assert lint(files, select=["TL308"]) == []


def test_registration_facts():
    src = textwrap.dedent('''
    from smolagents import CodeAgent, tool
    from .extra import EXTRA_TOOLS, fetch_page


    @tool
    def get_weather(city: str) -> str:
        """Get the weather.

        Args:
            city: The city.
        """
        return ""


    BASE = [get_weather]


    def main():
        tools = [*BASE, fetch_page]
        tools += EXTRA_TOOLS
        return CodeAgent(tools=tools, model=None)
    ''').lstrip()
    facts = extract_file("app/agent.py", "app.agent", False, Settings(), data=src.encode())
    assert facts.registration == Registration(
        builds=(("CodeAgent", 21),),
        names=(("", "get_weather"), ("app.extra", "EXTRA_TOOLS"), ("app.extra", "fetch_page")),
        opaque=(),
        used=("tool",),
        offers=((("", "get_weather"), ("app.extra", "EXTRA_TOOLS"), ("app.extra", "fetch_page")),),  # issue 18
    )
    quiet = extract_file("app/plain.py", "app.plain", False, Settings(), data=b"import os\nTOOLS = []\n")
    assert quiet is None or quiet.registration is None


def test_tl308_main_block_and_narrowing(monkeypatch):
    src = SMOL_TOOLS.replace("from smolagents import tool", "from smolagents import CodeAgent, tool") + textwrap.dedent('''

    def build(extra=()):
        tools = [get_weather]
        tools += [get_time]
        return CodeAgent(tools=tools, model=None)


    if __name__ == "__main__":
        chosen = [get_weather, convert_currency]
        CodeAgent(tools=chosen, model=None).run("What is 3 EUR in USD?")
    ''')
    data = textwrap.dedent(src).lstrip().encode()
    # the same facts whether or not libcst reads the function bodies nothing is extracted from
    monkeypatch.setattr(engine, "NARROW", False)
    whole = extract_file("agent.py", "agent", False, Settings(), data=data)
    monkeypatch.setattr(engine, "NARROW", True)
    narrow = extract_file("agent.py", "agent", False, Settings(), data=data)
    assert whole == narrow
    assert set(whole.registration.names) == {("", "get_weather"), ("", "get_time"), ("", "convert_currency")}
    assert whole.registration.opaque == ()
