"""LangChain (@tool, StructuredTool, Tool): toollint.frameworks.langchain."""
from __future__ import annotations

import textwrap

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings


@pytest.mark.parametrize("recording", recordings("langchain"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_langchain_parse_docstring_needs_an_args_block():
    found = extract('''
        from langchain_core.tools import StructuredTool, tool

        @tool(parse_docstring=True)
        def sphinx(query: str) -> str:
            """Search.

            :param query: Words.
            """

        @tool(parse_docstring=True, error_on_invalid_docstring=False)
        def tolerated(query: str) -> str:
            """Search. Use this for anything."""

        def plain(query: str) -> str:
            """Search. Use this for anything."""

        made = StructuredTool.from_function(plain, parse_docstring=True)
    ''')
    assert [t.name.value for t in found] == ["tolerated", "plain"]  # @tool raises on `sphinx`


def test_langchain_raw_and_parsed():
    raw, parsed, named = extract('''
        from langchain_core.tools import tool

        @tool
        def raw(query: str) -> str:
            """Search.

            Args:
                query: Words.
            """

        @tool(parse_docstring=True)
        def parsed(query: str, limit: int = 3) -> str:
            """Search orders.

            Use this for orders.

            Args:
                query: Words to
                    look for.
                limit (int): At most.

            Returns:
                Orders.
            """

        @tool("named", description="Given.")
        def named(query: str) -> str:
            """Ignored."""
    ''')
    assert raw.description.value == "Search.\n\n    Args:\n        query: Words."
    assert "description" not in props(raw)["query"]
    assert parsed.description.value == "Search orders. Use this for orders."
    assert props(parsed)["query"]["description"] == "Words to look for."
    assert props(parsed)["limit"]["description"] == "At most."
    assert (named.name.value, named.description.value) == ("named", "Given.")


def test_functions_handed_to_bind_tools_and_create_react_agent():
    bound, agent = extract('''
        from langgraph.prebuilt import create_react_agent

        def search(query: str) -> str:
            """Search orders.

            Args:
                query: Words to look for.
            """

        def track(order_id: str) -> str:
            """Track a parcel.

            Args:
                order_id: The order.
            """

        llm = make_model().bind_tools([search])
        graph = create_react_agent(llm, [track])
    ''')
    assert (bound.name.value, bound.description.value) == ("search", "Search orders.")
    assert props(bound)["query"]["description"] == "Words to look for."  # bind_tools parses the Args
    assert agent.description.value.startswith("Track a parcel.\n\n    Args:")  # tool(fn) does not
    assert bound.function.span.line == 3


def test_a_function_local_tool_list():
    found = extract('''
        from langgraph.prebuilt import create_react_agent

        def search(query: str) -> str:
            """Search orders."""

        def build(model):
            tools = [search]
            return create_react_agent(model, tools)

        def other(model):
            tools = []
            return model.bind_tools(tools)
    ''')
    assert [t.name.value for t in found] == ["search"]


def test_lists_not_handed_to_a_model_are_not_tools():
    assert extract('''
        from langchain_core.tools import tool

        def on_start(run) -> None:
            """Callback."""

        def helper(x: int) -> int:
            """Help."""

        chain = prompt | llm.with_config(callbacks=[on_start])
        result = executor.invoke({"tools": [helper]}, callbacks=[on_start, helper])
        tool_calls = [{"id": "1", "type": "function", "function": {"name": "helper", "arguments": "{}"}}]
    ''') == []


def test_tl308_counts_bind_tools_and_agents_as_registering(lint):
    source = '''
        from langchain_core.tools import tool
        from langgraph.prebuilt import create_react_agent

        @tool
        def search(query: str) -> str:
            """Search the orders for a text. Use when the user asks about an order."""
            return ""

        @tool
        def track(order_id: str) -> str:
            """Track the parcel of an order. Use when the user asks where an order is."""
            return ""

        llm = make_model().bind_tools([search])
        graph = create_react_agent(llm, tools=[track])
    '''
    import textwrap
    assert lint({"tools.py": textwrap.dedent(source)}, select=["TL308"]) == []
    unregistered = textwrap.dedent(source).replace("tools=[track]", "tools=[]")
    assert lint({"tools.py": unregistered}, select=["TL308"]) == [("tools.py", 10, "TL308")]


def test_an_args_schema_dict_is_sent_without_its_titles_as_recorded():
    # langchain-core 1.8 pops the dict's title (and description), and _rm_titles the rest
    import json
    import os

    from frameworkcase import DATA, schema

    with open(os.path.join(DATA, "langchain_dict.json"), encoding="utf-8") as handle:
        recorded = {t["name"]: t["input_schema"] for t in json.load(handle)["tools"]}
    with open(os.path.join(DATA, "sources", "langchain_dict.py"), encoding="utf-8") as handle:
        tools = extract(handle.read())
    assert {t.name.value: schema(t) for t in tools} == recorded


_DICT_CLASS = '''
    from langchain_core.tools import BaseTool


    class SearchTool(BaseTool):
        name: str = "search_orders"
        description: str = "Search orders by free text. Use it when the user asks about an order."
        args_schema: dict = {
            "type": "object",
            "title": "Search",
            "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "description": "At most."}},
            "required": ["query"],
        }

        def _run(self, query: str, limit: int = 10) -> str:
            return ""
'''


def test_a_basetool_subclass_with_an_args_schema_dict_is_judged(lint):
    assert lint({"tools.py": textwrap.dedent(_DICT_CLASS)}, select=["TL207"]) == [("tools.py", 10, "TL207")]


def test_an_args_schema_dict_with_references_is_not_judged(lint):
    source = _DICT_CLASS.replace('{"query": {"type": "string"}', '{"query": {"$ref": "#/$defs/Q"}')
    assert lint({"tools.py": textwrap.dedent(source)}, select=["TL207"]) == []


def test_the_decorator_and_classes_langchain_community_re_exports():
    # langchain-community 0.4.2's tools/__init__.py hands out langchain_core's tool, Tool and
    # StructuredTool (held-out round 25: seven tools went unseen)
    decorated, single = extract('''
        from langchain_community.tools import Tool, tool

        @tool
        def search_internet(query: str) -> str:
            """Search the web for a query."""

        fetch = Tool(name="fetch_page", func=print, description="Fetch a page.")
    ''')
    assert (decorated.name.value, single.name.value) == ("search_internet", "fetch_page")


def test_deepagents_tools_are_langchain_tools():
    # held-out round 60, M4: create_deep_agent builds on langchain's create_agent; only `tools=`
    # is read, its position moved between deepagents' versions
    found = extract('''
        from deepagents import create_deep_agent


        def build(llm):
            def web_lookup(query: str) -> list:
                """Search the web and return results."""
                return []

            return create_deep_agent(model=llm, system_prompt="Research.", tools=[web_lookup])
    ''')
    assert [(t.name.value, t.framework) for t in found] == [("web_lookup", "langchain")]
