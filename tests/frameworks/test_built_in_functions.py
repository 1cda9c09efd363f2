"""Tools declared where the registering object is built inside a function, and project
decorators that only wrap a framework's (issue 17)."""
from __future__ import annotations

from frameworkcase import extract, schema


def test_a_server_built_in_a_factory_function():
    tool, = extract('''
        from mcp.server.fastmcp import FastMCP

        def build_server():
            mcp = FastMCP("shop")

            @mcp.tool()
            def lookup(sku: str) -> str:
                """Look up a product. Use this when the user names a SKU."""
                return sku

            return mcp
    ''')
    assert (tool.name.value, tool.framework) == ("lookup", "mcp")


def test_a_handoff_to_an_agent_a_function_returns():
    tool, = extract('''
        from agents import Agent

        def billing_agent():
            return Agent(name="Billing", handoff_description="Refunds and invoices.")

        triage = Agent(name="Triage", handoffs=[billing_agent()])
    ''')
    assert tool.name.value == "transfer_to_billing"
    assert tool.description.value == "Handoff to the Billing agent to handle the request. Refunds and invoices."


def test_a_handoff_to_an_agent_whose_name_is_not_known_is_no_tool():
    assert extract('''
        from agents import Agent

        def specialist(name):
            return Agent(name=name)

        def other(name):
            agent = Agent(name="Other")
            agent.name = name
            return agent

        triage = Agent(name="Triage", handoffs=[specialist("Billing"), other("x"), make()])
    ''') == []


WEATHER = '''
        def weather(city: str) -> str:
            """Weather in a city. Use this when the user asks about the weather.

            Args:
                city: the city's name
            """
            return ""
'''


def test_a_decorator_that_only_wraps_the_framework_one():
    tool, = extract('''
        import logging
        from langchain_core.tools import tool

        def tracked_tool(fn):
            logging.info("registering %s", fn.__name__)
            return tool(fn)

        @tracked_tool''' + WEATHER)
    direct, = extract('''
        from langchain_core.tools import tool

        @tool''' + WEATHER)
    assert (tool.name.value, tool.framework) == ("weather", "langchain")
    assert (tool.description.value, schema(tool)) == (direct.description.value, schema(direct))


def test_decorators_that_do_more_than_wrap_make_no_tool():
    assert extract('''
        from langchain_core.tools import tool

        def renamed(fn):
            fn = with_retries(fn)
            return tool(fn)

        def timed(fn):
            return tool(timer(fn))

        def registered(fn):
            REGISTRY.append(fn)
            return fn

        @renamed
        def a(x: str) -> str:
            """A."""

        @timed
        def b(x: str) -> str:
            """B."""

        @registered
        def c(x: str) -> str:
            """C."""
    ''') == []
