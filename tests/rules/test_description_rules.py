"""TL105-TL107 and TL307: what descriptions say about each other and how many tools one turn
offers; each fires and stays quiet (the rules that compare handlers with schemas are in
test_handler_rules.py).

The schemas are the kinds real agents send: nested objects, arrays of objects, `$defs`
with `$ref`, enums with defaults, and strict and non-strict variants of one tool.
"""
from __future__ import annotations

import pytest

from descriptioncase import GET_DESC, SEARCH_DESC, defs
from lintcase import parse_findings, toollint


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


@pytest.mark.parametrize("a, b", [
    # held-out round 43, C: Redis's lpush/rpush and lpop/rpop, named so they share every word
    ("Push a value onto the left end of a work queue and return the new length.",
     "Push a value onto the right end of a work queue and return the new length."),
    ("Remove and return the first element of a work queue.", "Remove and return the last element of a work queue."),
    # held-out round 52 (vault): soft-delete beside destroy
    ("Soft-delete specific versions of a secret in the key-value secrets engine.",
     "Permanently destroy specific versions of a secret in the key-value secrets engine."),
])
def test_descriptions_that_differ_in_a_pair_of_opposites_are_quiet(lint, a, b):
    assert lint({"agent.py": _pair("queue_push_x", a, "queue_push_y", b)}, select=["TL107"]) == []


@pytest.mark.parametrize("a, b", [
    # held-out round 52, B: what one does is what the other says it does not
    ("Load a program file from filesystem without executing", "Load and execute a program file from filesystem"),
    ("Upload and load a program file without executing (base64) on the device",
     "Upload, load and execute a program file (base64) on the device"),
])
def test_descriptions_that_differ_in_a_negated_word_are_quiet(lint, a, b):
    assert lint({"agent.py": _pair("prg_a", a, "prg_b", b)}, select=["TL107"]) == []


def test_a_negated_word_the_other_never_uses_does_not_tell_two_apart(lint):
    a = "Fetch the weather forecast for a city for the next five days, with wind, rain, humidity and temperature, " \
        "without caching."
    b = "Fetch the weather forecast for a city for the next five days, with wind, rain, humidity and temperature."
    assert lint({"agent.py": _pair("orders_a", a, "orders_b", b)}, select=["TL107"]) == [("agent.py", 3, "TL107")]


def test_descriptions_that_differ_in_words_that_are_not_opposites_still_fire(lint):
    a = "Push a value onto the left end of a work queue and return the new length."
    b = "Push a value onto the shared end of a work queue and return the new length."
    assert lint({"agent.py": _pair("queue_push_x", a, "queue_push_y", b)}, select=["TL107"]) == [("agent.py", 3, "TL107")]


def test_a_plural_name_word_and_its_singular_in_the_text_are_one_word(lint):
    # held-out round 52 (vault): identity-entity-aliases-list "List all entity alias IDs ..."
    a = "List all entity IDs in the Vault identity engine."
    b = "List all entity alias IDs in the Vault identity engine."
    assert lint({"agent.py": _pair("identity-entities-list", a, "identity-entity-aliases-list", b)},
                select=["TL107"]) == []


def test_a_name_word_the_description_writes_as_two_is_echoed(lint):
    # held-out round 30 (jira): update_issue_duedate "Update the due date ..." beside
    # change_issue_title "Change the summary/title ..."
    docs = "\n:API Docs: https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-put"
    a = "Change the summary/title of a Jira issue." + docs
    b = "Update the due date of a Jira issue." + docs
    assert lint({"agent.py": _pair("change_issue_title", a, "update_issue_duedate", b)}, select=["TL107"]) == []


def test_an_abbreviated_name_word_the_description_spells_out_is_echoed(lint):
    # held-out round 48, D: github_pr_search "... pull requests ..." beside github_issue_search
    tail = " with advanced filtering. The output is a dictionary with total_count, current_page and results."
    a, b = "Search for GitHub issues" + tail, "Search for GitHub pull requests" + tail
    assert lint({"agent.py": _pair("github_issue_search", a, "github_pr_search", b)}, select=["TL107"]) == []


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
    a = "Retrieves the pull requests of a repository as a JSON string."
    b = "Retrieves a pull request of a repository as a JSON string."
    assert lint({"agent.py": _pair("list_pull_requests", a, "get_pull_request_details", b)},
                select=["TL107"]) == [("agent.py", 3, "TL107")]


def test_same_action_in_both_names_still_fires(lint):
    # (with "every" / "one" the quantity tells them apart: tests/rules/test_text.py)
    a = "Fetches the open tickets of a project, as a JSON string."
    b = "Fetches an open ticket of a project, as a JSON string."
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


def _decorated(n, start=0):
    return "".join(f'\n\n@mcp.tool()\ndef tool_{i}() -> str:\n    """Tool number {i}."""\n    return ""\n'
                   for i in range(start, start + n))


def _messages(tmp_path, files):
    from lintcase import write_tree

    from toollint.config.settings import Settings
    from toollint.engine.core import run

    write_tree(tmp_path, files)
    return [f.message for f in run([str(tmp_path)], Settings(root=str(tmp_path), select=("TL307",)),
                                   cache=False).findings]


def test_crowded_turn_names_the_server_its_decorated_tools_are_registered_on(tmp_path):
    # a server's tools written in two modules: neither module is the one offering them
    server = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("shop")\n'
    files = {"app/server.py": server + "from app import more\n" + _decorated(12),
             "app/more.py": "from app.server import mcp\n" + _decorated(12, start=12), "app/__init__.py": ""}
    (message,) = _messages(tmp_path, files)
    assert message.startswith("'mcp' offers 24 tools in one turn, more than 20")


def test_crowded_turn_of_a_module_s_free_decorated_tools(tmp_path):
    src = "from langchain_core.tools import tool\n" + _decorated(21).replace("@mcp.tool()", "@tool")
    (message,) = _messages(tmp_path, {"tools.py": src})
    assert message.startswith("this module offers 21 decorated tools in one turn")


def _tl107_messages(tmp_path, src):
    from toollint.config.settings import Settings
    from toollint.engine.core import run

    (tmp_path / "agent.py").write_text(src)
    return [f.message for f in run([str(tmp_path)], Settings(root=str(tmp_path), select=("TL107",)),
                                   cache=False).findings]


def test_tl107_says_cannot_only_for_near_identical_texts(tmp_path):
    # round 28: "cannot tell them apart" overstated pairs at 0.83-0.93 that differ in a word
    a = "List all open issues in the project tracker with their labels, assignees and due dates."
    b = "List all open issues in the project tracker with their labels, owners and due dates."
    [near] = _tl107_messages(tmp_path, _pair("list_issues", a, "list_tracker_items", b))
    assert "may confuse them" in near and "cannot" not in near
    same = tmp_path / "same"
    same.mkdir()
    [identical] = _tl107_messages(same, _pair("list_issues", a, "list_tracker_items", a))
    assert "similarity 1.00): the model cannot tell them apart" in identical


def _agents_module(per_agent):
    tools = "".join(f'\n\n@function_tool\ndef tool_{i}(x: str) -> str:\n    """Do step {i}. Use it for step {i}."""\n'
                    f'    return x\n' for i in range(22))
    names = [f"tool_{i}" for i in range(22)]
    groups = [names[i:i + per_agent] for i in range(0, 22, per_agent)]
    agents = "".join(f'\nagent_{i} = Agent(name="a{i}", tools=[{", ".join(g)}])' for i, g in enumerate(groups))
    return "from agents import Agent, function_tool\n" + tools + agents + "\n"


def test_crowded_turn_counts_each_agents_list_not_the_module(lint):
    # held-out round 35: 30 decorated tools on 16 agents of one module, none offering more than 12
    assert lint({"agents_app.py": _agents_module(per_agent=1)}, select=["TL307"]) == []
    assert lint({"agents_app.py": _agents_module(per_agent=22)}, select=["TL307"]) == [("agents_app.py", 5, "TL307")]


def test_the_two_directions_of_one_conversion_are_told_apart(lint):
    # held-out round 41: the same words, the direction in the names is what the model picks by
    src = _pair("hex_to_rgb", "Convert a HEX color to RGB values for the user's palette.",
                "rgb_to_hex", "Convert RGB values to a HEX color for the user's palette.")
    assert lint({"agent.py": src}, select=["TL107"]) == []
    same = _pair("hex_to_rgb", "Convert a HEX color to RGB values for the user's palette.",
                 "hex_to_rgba", "Convert a HEX color to RGB values for the user's palette.")
    assert lint({"agent.py": same}, select=["TL107"]) == [("agent.py", 3, "TL107")]


def test_a_camel_case_pointer_in_a_project_of_snake_case_tools_is_a_value(lint):
    # held-out round 49, E: "Never use promptTokens: use totalTokens instead" names measures
    a = "Report usage figures. Use this when the user asks how much was used. Never use promptTokens: use totalTokens instead."
    b = "Return the latest invoice. Use this when the user asks about billing."
    assert lint({"agent.py": _pair("usage_report", a, "get_invoice", b)}, select=["TL105"]) == []
    # a project whose tools are named in camelCase: the pointer may be one of them
    assert [c for _, _, c in lint({"agent.py": _pair("usageReport", a, "getInvoice", b)}, select=["TL105"])] == \
        ["TL105", "TL105"]


FORCED = '''
from openai import OpenAI

TOOLS = [{"type": "function", "function": {
    "name": "record_grade",
    "description": "Record the grade of a spoken answer with a score and feedback.",
    "parameters": {"type": "object", "properties": {"score": {"type": "integer", "description": "0 to 4."}},
                   "required": ["score"]}}}]


def grade(answer):
    return OpenAI().chat.completions.create(model="m", messages=[], tools=TOOLS, CHOICE)
'''


def test_a_tool_its_call_forces_needs_no_trigger(lint):
    # held-out round 59, D: structured output; when to call it is the code's, not the model's
    forced = FORCED.replace("CHOICE", 'tool_choice={"type": "function", "function": {"name": "record_grade"}}')
    assert lint({"grader.py": forced}, select=["TL103"]) == []
    assert lint({"grader.py": FORCED.replace("CHOICE", 'tool_choice="auto"')}, select=["TL103"]) \
        == [("grader.py", 5, "TL103")]


SHARED = '''
ACCOUNT = {"type": "string", "description": "Account number, e.g. 'AC-1001'. IMPORTANT: call find_account first."}

TOOLS = [
    {"name": "get_balance", "description": "Get the balance. Use this when asked how much is left; not for history.",
     "input_schema": {"type": "object", "properties": {"account": ACCOUNT}}},
    {"name": "get_history", "description": "Get the payments. Use this when asked about past payments; not balances.",
     "input_schema": {"type": "object", "properties": {"account": ACCOUNT}}},
    {"name": "freeze", "description": "Freeze an account. Use this when a card is lost; not for closing accounts.",
     "input_schema": {"type": "object", "properties": {"account": ACCOUNT}}},
]
'''


def test_a_shared_text_is_reported_once_saying_how_many_tools_share_it(tmp_path):
    # held-out round 124: one shared schema constant's TL106 reported 19 times at one line
    (tmp_path / "tools.py").write_text(SHARED)
    result = toollint("check", "--select", "TL106", "tools.py", cwd=tmp_path)
    found = parse_findings(result.stdout)
    assert [(line, code) for _, line, _, code, _ in found] == [(2, "TL106")]
    assert found[0][4].endswith("(2 more tools share it)")


def test_a_model_two_servers_share_is_reported_once(tmp_path):
    # held-out round 17 (r_57): one model's undescribed field, used by two servers' tools (two
    # groups), was reported twice at its one line
    model = ("from pydantic import BaseModel\n\n\nclass Point(BaseModel):\n    x: float\n")
    server = ('from mcp.server.fastmcp import FastMCP\n\nfrom models import Point\n\nmcp = FastMCP("{name}")\n\n\n'
              '@mcp.tool()\ndef {name}(at: Point) -> str:\n    """Mark a point. Use this when asked to; not for lines."""\n'
              '    return ""\n')
    (tmp_path / "models.py").write_text(model)
    (tmp_path / "zones.py").write_text(server.format(name="add_zone"))
    (tmp_path / "pins.py").write_text(server.format(name="add_pin"))
    result = toollint("check", "--select", "TL207", ".", cwd=tmp_path)
    assert [(path, line) for path, line, _, _, _ in parse_findings(result.stdout)] == [("models.py", 5)]
