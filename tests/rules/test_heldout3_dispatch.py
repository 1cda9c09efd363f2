"""A dispatch branch's handler is what it gives the tool's arguments to (issue 18, third
held-out round).

Shape written after a public Docker MCP server toollint was never tuned on (none of it
copied): each `if name == "x":` branch validates the arguments with a pydantic model,
calls a client, then formats the result with a project helper, `to_dict(item)`. The
helper was taken for the handler and compared with every schema as `to_dict(**arguments)`.
Each quiet case sits next to one that still fires.
"""
from __future__ import annotations

import textwrap

SERVER = '''
import json
from typing import Any

import mcp.types as types
from mcp.server import Server
from pydantic import BaseModel, Field

from .out import to_dict

app = Server("items")
store: Any = None


class ListInput(BaseModel):
    archived: bool = Field(False, description="Also list archived items.")


class GetInput(BaseModel):
    item_id: str = Field(..., description="The item's id, as returned by list_items.")


@app.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name="list_items",
                   description="List the items. Use this when the user asks what exists; do not use it for one item.",
                   inputSchema=ListInput.model_json_schema()),
        types.Tool(name="get_item",
                   description="Return one item. Use this when you have an id; do not use it to browse.",
                   inputSchema=GetInput.model_json_schema()),
    ]


@app.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == "list_items":
        args = ListInput(**arguments)
        result = [to_dict(i) for i in store.list(**args.model_dump())]
    elif name == "get_item":
        args = GetInput(**arguments)
        item = store.get(args.item_id)
        result = to_dict(item, {"source": "store"})
    else:
        return [types.TextContent(type="text", text="unknown")]
    return [types.TextContent(type="text", text=json.dumps(result))]
'''

HELPER = '''
def to_dict(obj, overrides=None) -> dict:
    return {"id": obj.id, **(overrides or {})}
'''

SELECT = ["TL205", "TL206"]


def _project(server):
    return {"pkg/__init__.py": "", "pkg/server.py": textwrap.dedent(server), "pkg/out.py": HELPER}


def test_a_helper_given_only_what_the_branch_computed_is_not_the_handler(lint):
    assert lint(_project(SERVER), select=SELECT) == []


def test_a_helper_given_the_arguments_is_still_the_handler(lint):
    # the same helper, now spread the tool's arguments: `to_dict(**arguments)` fails on
    # both schemas, so TL205 (obj) and TL206 (each property) still fire; TL205 once, at the
    # one parameter both tools' calls miss, saying the other tool shares it
    server = SERVER.replace("result = [to_dict(i) for i in store.list(**args.model_dump())]",
                            "result = to_dict(**arguments)")
    server = server.replace("result = to_dict(item, {\"source\": \"store\"})", "result = to_dict(**arguments)")
    found = lint(_project(server), select=SELECT)
    assert sorted(code for _, _, code in found) == ["TL205", "TL206", "TL206"]


def test_a_handler_given_a_field_of_the_loop_variable_is_still_read(lint):
    # the Anthropic loop: the arguments come from `block.input`, the loop variable
    src = textwrap.dedent('''
        TOOLS = [
            {"name": "get_order", "description": "Return one order. Use this when the user gives an order id.",
             "input_schema": {"type": "object", "properties": {
                 "order_id": {"type": "string", "description": "Order id, e.g. 'ORD-1'."}},
                 "required": ["order_id"]}},
            {"name": "list_orders", "description": "List orders. Use this when the user asks for their orders.",
             "input_schema": {"type": "object", "properties": {
                 "status": {"type": "string", "description": "Order status, e.g. 'open'."}}}},
        ]


        def get_order(order_id: str, tenant: str) -> dict:
            return {}


        def list_orders(status: str = "open") -> list:
            return []


        def run(response):
            for block in response.content:
                if block.name == "get_order":
                    result = get_order(**block.input)
                elif block.name == "list_orders":
                    result = list_orders(**block.input)
    ''')
    assert [code for _, _, code in lint({"agent.py": src}, select=SELECT)] == ["TL205"]  # tenant


# --- TL301: a LangChain tool handed to a crewAI agent is sent under crewAI's name ----------

CREW_TOOLS = '''
from {agent_module} import Agent
from langchain.tools import tool


class WebTools:
    @tool("Search the web")
    def search(query: str) -> str:
        """Use this to search the web when the user asks about recent events.

        Args:
            query: The words to search for, e.g. 'crewai release notes'.
        """
        return query


agent = Agent(role="researcher", goal="find facts", backstory="b", tools=[WebTools.search])
'''


def test_tl301_quiet_on_a_langchain_tool_name_in_a_crewai_project(lint):
    # crewAI's validate_tools converts it and sends sanitize_tool_name('Search the web')
    src = CREW_TOOLS.format(agent_module="crewai")
    assert lint({"crew.py": src}, select=["TL301"]) == []
    assert lint({"crew.py": src}, select=["TL301"], target="openai") == [("crew.py", 6, "TL301")]


def test_tl301_still_fires_on_the_same_tool_without_crewai(lint):
    src = CREW_TOOLS.format(agent_module="langgraph.prebuilt")
    assert lint({"crew.py": src}, select=["TL301"]) == [("crew.py", 6, "TL301")]
