"""TL105-TL107, TL307, TL211, TL212 and the dict-style side of TL204: each fires and stays quiet.

The schemas are the kinds real agents send: nested objects, arrays of objects, `$defs`
with `$ref`, enums with defaults, and strict and non-strict variants of one tool.
"""
from __future__ import annotations


import pytest

from toollint.extract.forced import forced_tool_names

SEARCH_DESC = (
    "Search customers by name or email and return up to twenty matches with their ids. "
    "Call this when the user names a customer but gives no id. "
    "Do not call this when you have an id; use get_customer instead."
)
GET_DESC = (
    "Return one customer's profile, open orders and notes. "
    "Call this when you have a customer id. Do not call this to search; use search_customers instead."
)


def defs(search_desc=SEARCH_DESC, get_desc=GET_DESC, extra=""):
    return f'''
TOOLS = [
    {{
        "name": "search_customers",
        "description": {search_desc!r},
        "input_schema": {{
            "type": "object",
            "properties": {{
                "query": {{"type": "string", "description": "A name or an email address."}},
                "filters": {{
                    "type": "object",
                    "properties": {{
                        "status": {{"type": "string", "enum": ["active", "closed"], "default": "active"}},
                        "tags": {{"type": "array", "items": {{"type": "string"}}}},
                    }},
                }},
            }},
            "required": ["query"],
        }},
    }},
    {{
        "name": "get_customer",
        "description": {get_desc!r},
        "input_schema": {{
            "type": "object",
            "properties": {{"customer_id": {{"type": "string", "description": "An id such as 'C-1042'."}}}},
            "required": ["customer_id"],
        }},
    }},{extra}
]
'''


# --- TL105 exclusion-names-unknown-tool ----------------------------------------------


def test_exclusion_naming_an_unknown_tool(lint):
    src = defs(get_desc=GET_DESC.replace("use search_customers instead", "use find_customers instead"))
    assert lint({"agent.py": src}, select=["TL105"]) == [("agent.py", 22, "TL105")]


def test_exclusion_naming_a_tool_of_another_group_is_known(lint):
    other = '''
TOOL_DEFINITIONS = [
    {
        "name": "find_customers",
        "description": "Fuzzy customer search for the back office.",
        "input_schema": {"type": "object", "properties": {}},
    },
]
'''
    src = defs(get_desc=GET_DESC.replace("use search_customers instead", "use find_customers instead"))
    assert lint({"agent.py": src, "backoffice/tools.py": other}, select=["TL105"]) == []


def test_exclusion_quiet_when_some_definitions_are_unresolved(lint):
    src = defs(get_desc=GET_DESC.replace("use search_customers instead", "use find_customers instead"),
               extra="\n    load_plugin_tool(),")
    assert lint({"agent.py": src}, select=["TL105"]) == []


def test_exclusion_naming_a_parameter_is_not_a_tool(lint):
    src = defs(get_desc=GET_DESC + " For lookups by email, use query_email instead.").replace(
        '"customer_id": {"type": "string", "description": "An id such as \'C-1042\'."}',
        '"customer_id": {"type": "string"}, "query_email": {"type": "string"}',
    )
    assert lint({"agent.py": src}, select=["TL105"]) == []


def test_exclusion_suggests_the_close_name(lint, tmp_path):
    from toollint.config.settings import Settings
    from toollint.engine.core import run

    (tmp_path / "agent.py").write_text(defs(get_desc=GET_DESC.replace("search_customers instead",
                                                                      "search_customer instead")))
    result = run([str(tmp_path / "agent.py")], Settings(select=("TL105",), root=str(tmp_path)))
    assert len(result.findings) == 1
    assert "did you mean 'search_customers'?" in result.findings[0].message


# --- TL106 shouting-description ---------------------------------------------------------


def test_shouting_tool_description(lint):
    src = defs(search_desc="IMPORTANT: you MUST call this before get_customer. " + SEARCH_DESC)
    assert lint({"agent.py": src}, select=["TL106"]) == [("agent.py", 4, "TL106")]


def test_shouting_in_a_nested_property_description(lint):
    src = defs().replace('"tags": {"type": "array", "items": {"type": "string"}}',
                         '"tags": {"type": "array", "items": {"type": "string", "description": "NEVER empty!!"}}')
    assert lint({"agent.py": src}, select=["TL106"]) == [("agent.py", 13, "TL106")]


def test_acronyms_and_enum_values_are_not_shouting(lint):
    text = ("Export the customer's orders as JSON or CSV, with dates in UTC. Levels: DEBUG, INFO, WARNING. "
            "Call this when the user asks for an export; not for a single order.")
    src = defs(search_desc=text)
    assert lint({"agent.py": src}, select=["TL106"]) == []


# --- TL107 overlapping-descriptions -----------------------------------------------------

NEAR = "Look up a customer's profile by email address and return their orders and notes."
NEAR2 = "Return a customer's profile and their orders and notes, looked up by email address."


def test_near_duplicate_descriptions_reported_once_at_the_later(lint):
    src = defs(search_desc=NEAR, get_desc=NEAR2)
    assert lint({"agent.py": src}, select=["TL107"]) == [("agent.py", 22, "TL107")]


def test_near_duplicates_that_name_each_other_are_quiet(lint):
    src = defs(search_desc=NEAR, get_desc=NEAR2 + " Prefer this over search_customers when you have an id.")
    assert lint({"agent.py": src}, select=["TL107"]) == []


TEMPLATE = "Check if the {} integration is enabled for the current workspace and return its connection status."


def _pair(name_a, desc_a, name_b, desc_b):
    tool = '{{"name": {!r}, "description": {!r}, "input_schema": {{"type": "object", "properties": {{}}}}}}'
    return "TOOLS = [\n    " + tool.format(name_a, desc_a) + ",\n    " + tool.format(name_b, desc_b) + ",\n]\n"


def test_one_template_filled_with_different_services_is_quiet(lint):
    src = _pair("slack_enabled", TEMPLATE.format("Slack"), "github_enabled", TEMPLATE.format("GitHub"))
    assert lint({"agent.py": src}, select=["TL107"]) == []


def test_one_template_with_an_unnamed_difference_still_fires(lint):
    # 'owners' is neither in the tool's name nor a proper noun: the model cannot tell them apart.
    a = "List all open issues in the project tracker with their labels, assignees and due dates."
    b = "List all open issues in the project tracker with their labels, owners and due dates."
    src = _pair("list_issues", a, "list_tracker_items", b)
    assert lint({"agent.py": src}, select=["TL107"]) == [("agent.py", 3, "TL107")]


def test_different_actions_named_and_described_are_quiet(lint):
    # The texts share nearly every word, but the verb the model chooses by differs in
    # both the names and the descriptions.
    a = "Stores the text of the file at `path` and returns the file path if successful."
    b = "Reads the text of the file at `path` and returns the file path if successful."
    assert lint({"agent.py": _pair("store_file", a, "read_file", b)}, select=["TL107"]) == []


def test_objects_the_names_differ_in_and_the_descriptions_echo_are_quiet(lint):
    a = "Create a new card on the given board, in the given column, with a title."
    b = "Create a new column on the given board, with a title."
    assert lint({"agent.py": _pair("create_card", a, "create_column", b)}, select=["TL107"]) == []


def test_a_name_difference_the_description_does_not_echo_still_fires(lint):
    a = "Retrieves every pull request of a repository as a JSON string."
    b = "Retrieves a pull request of a repository as a JSON string."
    assert lint({"agent.py": _pair("list_pull_requests", a, "get_pull_request_details", b)},
                select=["TL107"]) == [("agent.py", 3, "TL107")]


def test_same_action_in_both_names_still_fires(lint):
    a = "Fetches every open ticket of a project, as a JSON string."
    b = "Fetches one open ticket of a project, as a JSON string."
    assert lint({"agent.py": _pair("get_tickets", a, "get_ticket", b)},
                select=["TL107"]) == [("agent.py", 3, "TL107")]


def test_distinct_descriptions_are_quiet(lint):
    assert lint({"agent.py": defs()}, select=["TL107"]) == []


def test_strict_and_plain_variants_of_one_tool_are_not_overlaps(lint):
    tool = '''{{
        "type": "function",
        "name": "search_customers",
        "description": "{d}",
        "parameters": {{"type": "object", "properties": {{"query": {{"type": "string"}}}}, "required": ["query"]{extra}}},
        {strict}
    }}'''
    src = (
        "TOOLS = [" + tool.format(d=NEAR, extra="", strict='"strict": False,') + "]\n"
        + "TOOL_DEFINITIONS = [" + tool.format(d=NEAR, extra=', "additionalProperties": False',
                                               strict='"strict": True,') + "]\n"
    )
    assert lint({"agent.py": src}, select=["TL107", "TL302"]) == []


# --- TL307 crowded-turn ---------------------------------------------------------------


def many(n, with_router=None, always=()):
    tools = ",\n".join(
        f'    {{"name": "tool_{i}", "description": "Tool number {i}.", "input_schema": {{"type": "object"}}}}'
        for i in range(n)
    )
    src = f"TOOL_DEFINITIONS = [\n{tools},\n]\n"
    if with_router is not None:
        cats = ", ".join(f'"{name}": {[f"tool_{i}" for i in members]!r}' for name, members in with_router.items())
        src += f"TOOL_CATEGORIES = {{{cats}}}\n"
        src += f"ALWAYS_INCLUDE = {[f'tool_{i}' for i in always]!r}\n"
    return src


def test_crowded_turn_without_router(lint):
    assert lint({"agent.py": many(21)}, select=["TL307"]) == [("agent.py", 1, "TL307")]
    assert lint({"agent.py": many(20)}, select=["TL307"]) == []


def test_crowded_turn_threshold_is_configurable(lint):
    assert lint({"agent.py": many(8)}, select=["TL307"], max_tools_per_turn=5) == [("agent.py", 1, "TL307")]


def test_crowded_turn_counts_the_always_set_with_the_largest_category(lint):
    router = {"orders": range(0, 15), "billing": range(15, 30)}
    src = many(30, with_router=router, always=(28, 29, 1, 2, 3, 4, 5))
    # billing has 15, plus 5 always-offered tools outside it: 20, at the limit
    assert lint({"agent.py": src}, select=["TL307"]) == []
    src = many(32, with_router=router, always=(30, 31, 1, 2, 3, 4))
    found = lint({"agent.py": src}, select=["TL307"])
    assert found == [("agent.py", 35, "TL307")]  # at 'billing': 15 + 6 always-offered


def test_crowded_turn_quiet_with_small_categories(lint):
    router = {"a": range(0, 10), "b": range(10, 20), "c": range(20, 30)}
    assert lint({"agent.py": many(30, with_router=router)}, select=["TL307"]) == []


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


def test_shouting_in_a_docstring_args_block_is_reported_once(lint):
    src = '''
from fastmcp import FastMCP
from mcp.server.fastmcp import FastMCP as SdkMCP

mcp = FastMCP("orders")
sdk = SdkMCP("orders")


@mcp.tool
def search_orders(query: str) -> list:
    """Search orders by product name. Use this when the customer names a product.

    Args:
        query: Words to look for. NEVER empty.
    """
    return []


@sdk.tool()
def find_orders(query: str) -> list:
    """Find orders by product name. Use this when the customer names a product.

    Args:
        query: Words to look for. NEVER empty.
    """
    return []
'''
    # fastmcp moves Args into the schema (reported there); the MCP SDK sends the raw docstring
    assert lint({"server.py": src}, select=["TL106"]) == [("server.py", 13, "TL106"), ("server.py", 20, "TL106")]


@pytest.mark.parametrize("name_a,desc_a,name_b,desc_b", [
    # 'it' is a stop word and 'tools' boilerplate: one name adds a word its description echoes
    ("it_search", "Use this function to search for IT related information.",
     "music_search", "Use this function to search for information related to music."),
    ("list_models", "List the models available for building components.",
     "list_tools", "List the tools available for building components."),
    # the general member of a family need not say 'web'
    ("search_web", "Search Google for the given query using the search service.",
     "search_news", "Search Google News for the given query using the search service."),
])
def test_one_name_adds_the_word_its_description_echoes(lint, name_a, desc_a, name_b, desc_b):
    assert lint({"agent.py": _pair(name_a, desc_a, name_b, desc_b)}, select=["TL107"]) == []


def test_a_subsumed_variant_whose_other_name_word_is_not_generic_still_fires(lint):
    # a CSV file is also a local file: the model cannot tell which to call for one
    src = _pair("load_path_to_table", "Load a local file into the database.",
                "load_csv_to_table", "Load a local CSV file into the database.")
    assert lint({"agent.py": src}, select=["TL107"]) == [("agent.py", 3, "TL107")]


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
