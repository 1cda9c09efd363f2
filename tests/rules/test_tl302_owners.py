"""TL302 among framework-made tools: a name twice on one server, agent or list is the
error; once on each of two servers or agents, or a wrapper a method builds around the
module's own tool, is not (issue 18, round 10's class U)."""
from __future__ import annotations

import textwrap

DOC = '"""Look things up by text. Use this when the user asks about {0}."""'


def _lint(lint, src):
    return [(line, code) for _, line, code in lint({"app.py": textwrap.dedent(src)}, select=["TL302"])]


def test_one_name_on_each_of_two_pydantic_ai_agents_in_one_module_is_quiet(lint):
    assert _lint(lint, f'''
        from pydantic_ai import Agent

        weather = Agent("openai:gpt-4o")
        news = Agent("openai:gpt-4o")


        @weather.tool_plain
        def search(q: str) -> str:
            {DOC.format("weather")}
            return q


        @news.tool_plain(name="search")
        def search_news(q: str) -> str:
            {DOC.format("news")}
            return q
    ''') == []


def test_one_name_twice_on_one_agent_is_reported(lint):
    assert _lint(lint, f'''
        from pydantic_ai import Agent

        weather = Agent("openai:gpt-4o")


        @weather.tool_plain
        def search(q: str) -> str:
            {DOC.format("weather")}
            return q


        @weather.tool_plain(name="search")
        def search_again(q: str) -> str:
            {DOC.format("news")}
            return q
    ''') == [(12, "TL302")]  # at name=


def test_two_fastmcp_servers_in_one_module_are_two_turns_one_server_is_one(lint):
    src = f'''
        from fastmcp import FastMCP

        public = FastMCP("public")
        admin = FastMCP("admin")


        @public.tool
        def fetch(q: str) -> str:
            {DOC.format("pages")}
            return q


        @admin.tool(name="fetch")
        def fetch_row(q: str) -> str:
            {DOC.format("rows")}
            return q
    '''
    assert _lint(lint, src) == []
    assert _lint(lint, src.replace("@admin.tool", "@public.tool")) == [(13, "TL302")]


def test_a_server_of_the_module_used_inside_a_function_is_the_same_server(lint):
    assert _lint(lint, f'''
        from fastmcp import FastMCP

        mcp = FastMCP("one")


        @mcp.tool
        def fetch(q: str) -> str:
            {DOC.format("pages")}
            return q


        def register():
            @mcp.tool(name="fetch")
            def fetch_again(q: str) -> str:
                {DOC.format("rows")}
                return q
    ''') == [(13, "TL302")]


def test_agents_of_two_factories_are_two_agents(lint):
    assert _lint(lint, f'''
        from pydantic_ai import Agent


        def weather_agent():
            agent = Agent("openai:gpt-4o")

            @agent.tool_plain
            def search(q: str) -> str:
                {DOC.format("weather")}
                return q
            return agent


        def news_agent():
            agent = Agent("openai:gpt-4o")

            @agent.tool_plain
            def search(q: str) -> str:
                {DOC.format("news")}
                return q
            return agent
    ''') == []


WRAPPED = f'''
    from langchain_core.tools import Tool, tool


    @tool
    def wait_frames(num_frames: int = 30) -> str:
        {DOC.format("waiting")}
        return "waited"


    class Player:
        def configure_tools(self):
            def bound(num_frames: int = 30) -> str:
                return wait_frames.invoke({{"num_frames": num_frames}})

            wrapper = Tool(name="wait_frames", func=bound, description="Wait. Use this when stuck.")
            return [wrapper]
'''


def test_a_wrapper_a_method_builds_around_the_module_tool_is_no_duplicate(lint):
    assert _lint(lint, WRAPPED) == []


def test_the_wrapper_and_the_module_tool_in_one_list_are_a_duplicate(lint):
    offered = WRAPPED.replace("return [wrapper]", "return ChatOpenAI().bind_tools([wrapper, wait_frames])")
    offered = offered.replace("from langchain_core.tools import Tool, tool",
                              "from langchain_core.tools import Tool, tool\n    from langchain_openai import ChatOpenAI")
    assert [code for _, code in _lint(lint, offered)] == ["TL302"]


def test_two_module_level_tools_of_one_name_are_still_reported(lint):
    assert _lint(lint, f'''
        from langchain_core.tools import tool


        @tool("search")
        def search_web(q: str) -> str:
            {DOC.format("the web")}
            return q


        @tool("search")
        def search_docs(q: str) -> str:
            {DOC.format("docs")}
            return q
    ''') == [(10, "TL302")]
