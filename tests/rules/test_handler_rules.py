"""TL211, TL212, the dict-style side of TL204 and TL203's forced tools: where a tool's handler or
its call site disagrees with its schema; each fires and stays quiet."""
from __future__ import annotations

import pytest

from descriptioncase import defs
from toollint.extract.forced import forced_tool_names


# --- TL211 handler-reads-undeclared-argument ------------------------------------------

DICT_HANDLER = '''
def search_customers(args: dict) -> list:
    query = args["query"]
    status = args.get("filters", {}).get("status")
    limit = args.get("max_results", 20)
    return []


def get_customer(arguments):
    return {"id": arguments["customer_id"]}


TOOL_HANDLERS = {"search_customers": search_customers, "get_customer": get_customer}
'''


def test_dict_handler_reads_undeclared_key(lint):
    assert lint({"agent.py": defs() + DICT_HANDLER}, select=["TL211"]) == [("agent.py", 34, "TL211")]


def test_dict_handler_reads_only_declared_keys(lint):
    src = defs() + DICT_HANDLER.replace('limit = args.get("max_results", 20)', "limit = 20")
    assert lint({"agent.py": src}, select=["TL211"]) == []


def test_dict_handler_of_an_open_schema_is_quiet(lint):
    src = (defs() + DICT_HANDLER).replace('"required": ["query"],', '"required": ["query"], "additionalProperties": True,')
    assert lint({"agent.py": src}, select=["TL211"]) == []


def test_keyword_handler_is_not_a_dict_reader(lint):
    src = defs() + '''
def search_customers(query, filters=None):
    return []


def get_customer(customer_id):
    return {}


TOOL_HANDLERS = {"search_customers": search_customers, "get_customer": get_customer}
'''
    assert lint({"agent.py": src}, select=["TL211"]) == []


# --- TL212 default-disagrees -----------------------------------------------------------


def with_limit(prop, handler_default="10", dict_style=False):
    src = defs().replace(
        '"query": {"type": "string", "description": "A name or an email address."},',
        f'"query": {{"type": "string", "description": "A name or an email address."}}, "limit": {prop},',
    )
    if dict_style:
        handler = f'''
def search_customers(args: dict) -> list:
    return args.get("limit", {handler_default})
'''
    else:
        handler = f'''
def search_customers(query: str, limit: int = {handler_default}, filters=None) -> list:
    return []
'''
    return src + handler + '''

def get_customer(customer_id):
    return {}


TOOL_HANDLERS = {"search_customers": search_customers, "get_customer": get_customer}
'''


def test_schema_default_disagrees_with_signature_default(lint):
    src = with_limit('{"type": "integer", "default": 20}')
    assert lint({"agent.py": src}, select=["TL212"]) == [("agent.py", 8, "TL212")]


def test_stated_default_disagrees_with_dict_get_default(lint):
    src = with_limit('{"type": "integer", "description": "Most results to return (default: 100)."}',
                     handler_default="50", dict_style=True)
    assert lint({"agent.py": src}, select=["TL212"]) == [("agent.py", 8, "TL212")]


@pytest.mark.parametrize("prop,handler_default", [
    ('{"type": "integer", "default": 10}', "10"),
    ('{"type": "integer", "description": "Most results (default: 10)."}', "10"),
    ('{"type": "string", "description": "Page size, default \\"10\\"."}', "10"),
    ('{"type": "integer", "default": "10"}', "10"),
    ('{"type": "string", "enum": ["asc", "desc"], "default": "asc"}', "'asc'"),
    ('{"type": "string", "description": "Sort order. Defaults to \'asc\'."}', '"asc"'),
    ('{"type": "boolean", "description": "Include archived ones (default: false)."}', "False"),
    ('{"type": "number", "default": 0.5}', "0.50"),
    ('{"type": "integer", "description": "Most results (default: 20)."}', "None"),  # decided further on
    ('{"type": "integer", "description": "Most results."}', "10"),
    ('{"type": "string", "description": "Output format (default: csv)."}', '"CSV"'),  # prose's own case
])
def test_defaults_that_agree_are_quiet(lint, prop, handler_default):
    for dict_style in (False, True):
        assert lint({"agent.py": with_limit(prop, handler_default, dict_style)}, select=["TL212"]) == [], dict_style


def test_a_schema_default_in_another_case_still_disagrees(lint):
    # an enum value is matched exactly: only prose is read case-blind
    src = with_limit('{"type": "string", "enum": ["csv", "CSV"], "default": "csv"}', handler_default='"CSV"')
    assert lint({"agent.py": src}, select=["TL212"]) == [("agent.py", 8, "TL212")]


def test_default_disagreement_quiet_in_strict_mode(lint):
    src = with_limit('{"type": "integer", "default": 20}').replace(
        '"name": "search_customers",', '"name": "search_customers", "strict": True,')
    # the Anthropic shape has no strict flag of its own in the model; use the OpenAI one
    src = src.replace('"input_schema"', '"parameters"').replace(
        '"name": "search_customers", "strict": True,', '"type": "function", "name": "search_customers", "strict": True,')
    assert lint({"agent.py": src}, select=["TL212"]) == []


# --- TL204, dict-style side ----------------------------------------------------------


def test_required_key_read_with_get_and_no_default_is_not_reported(lint):
    src = defs() + '''
def search_customers(args: dict) -> list:
    return [args.get("query")]


def get_customer(args: dict) -> dict:
    return {"id": args.get("customer_id", "C-0")}


TOOL_HANDLERS = {"search_customers": search_customers, "get_customer": get_customer}
'''
    assert lint({"agent.py": src}, select=["TL204"]) == [("agent.py", 36, "TL204")]


# --- TL203 and tool_choice -------------------------------------------------------------


def test_forced_tool_names_forms():
    src = '''
FORCE = {"type": "tool", "name": "record_summary"}
client.messages.create(tools=TOOLS, tool_choice={"type": "tool", "name": "extract_invoice"})
client.chat.completions.create(tool_choice={"type": "function", "function": {"name": "chat_tool"}})
client.responses.create(tool_choice={"type": "function", "name": "responses_tool"})
client.messages.create(tool_choice=FORCE)
llm.bind_tools(tools, tool_choice="lc_tool")
llm.bind_tools(tools, tool_choice="any")
client.messages.create(tool_choice={"type": "auto"})
request = {"model": "m", "tool_choice": dict(type="tool", name="via_dict")}
'''
    assert forced_tool_names(src) == (
        "chat_tool", "extract_invoice", "lc_tool", "record_summary", "responses_tool", "via_dict")
    assert forced_tool_names("x = 1\n") == ()
    assert forced_tool_names("tool_choice = 'auto'\n") == ()


def test_forced_tool_names_survive_unparsable_source():
    src = 'def broken(:\nclient.messages.create(tool_choice={"type": "tool", "name": "extract_invoice"})\n'
    assert forced_tool_names(src) == ("extract_invoice",)


def test_nullable_required_quiet_when_forced_in_the_project(lint):
    tool = '''
TOOLS = [
    {
        "name": "record_invoice",
        "description": "Record the fields read from an invoice.",
        "input_schema": {
            "type": "object",
            "properties": {"due_date": {"type": ["string", "null"]}},
            "required": ["due_date"],
        },
    },
]
'''
    call = '''
from .tools import TOOLS


def extract(client, text):
    return client.messages.create(tools=TOOLS, tool_choice={"type": "tool", "name": "record_invoice"},
                                  messages=[{"role": "user", "content": text}])
'''
    assert lint({"pkg/__init__.py": "", "pkg/tools.py": tool}, select=["TL203"]) == [("pkg/tools.py", 8, "TL203")]
    assert lint({"pkg/__init__.py": "", "pkg/tools.py": tool, "pkg/run.py": call}, select=["TL203"]) == []


def test_docstring_default_disagrees_with_a_decorated_tools_signature(lint):
    src = '''
from fastmcp import FastMCP

mcp = FastMCP("orders")


@mcp.tool
def search_orders(query: str, limit: int = 10, sort: str = "newest") -> list:
    """Search orders by product name. Use this when the customer names a product.

    Args:
        query: Words to look for.
        limit: Most orders to return (default: 50).
        sort: Order of results (default: 'newest').
    """
    return []
'''
    # the derived schema's "default" is the signature's; the docstring's is what disagrees
    assert lint({"server.py": src}, select=["TL212"]) == [("server.py", 12, "TL212")]
    # a default with no letters named in words: "(default: root)" for "/" (held-out round 58, B)
    named = src.replace('sort: str = "newest"', 'sort: str = "/"').replace("(default: 'newest')", "(default: root)")
    assert lint({"server.py": named}, select=["TL212"]) == [("server.py", 12, "TL212")]
    # an empty string the body fills: "(default: auto-generated)" (held-out round 86, D)
    sentinel = src.replace('sort: str = "newest"', 'sort: str = ""').replace("(default: 'newest')",
                                                                             "(default: auto-generated)")
    assert lint({"server.py": sentinel}, select=["TL212"]) == [("server.py", 12, "TL212")]


CALCULATOR = '''
from langchain_core.tools import tool
from pydantic import Field


@tool
def add(a: float = Field(description="First number"), b: float = Field(..., description="Second number"),
        c: float = Field(0.0, description="Third number, 0 when left out")) -> str:
    """Add two or three numbers. Use when the user asks for a sum; not for other arithmetic."""
    return str(a + b + c)
'''


def test_tl204_a_field_marker_without_a_default_is_not_a_default(lint):
    # mcp-server-langgraph's shape: Field(description=...) as the default of a langchain tool's
    # parameter marks it required, in the schema and in the function alike
    assert lint({"calc.py": CALCULATOR}, select=["TL204"]) == []


_AGENTS = '''
from livekit.agents.llm import function_tool
from livekit.agents.voice import Agent, RunContext


class FrontDesk(Agent):
    @function_tool
    async def to_billing(self, context: RunContext) -> str:
        """Hand the caller to billing. Use this when the caller asks about an invoice."""
        return ""


class OTHER(Agent):
    @function_tool
    async def to_billing(self, context: RunContext) -> str:
        """Hand the caller to billing. Use this when the caller asks about an invoice."""
        return ""
'''


def test_same_named_methods_of_two_agent_classes_are_no_duplicates(lint):
    # held-out round 54, B: each LiveKit agent sends its own methods
    assert lint({"agents.py": _AGENTS.replace("OTHER", "Bookings")}, select=["TL302"]) == []

