"""TL108 description-names-unknown-parameter: a description or docstring entry names a
parameter the tool lacks; quiet on output fields, values, other tools and unknown signatures."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings


# --- TL108 description-names-unknown-parameter -------------------------------------------

LOAD_CSV = '''
from langchain_core.tools import tool


@tool
def load_csv(path: str, limit: int = 100) -> str:
    """Load a CSV file from the data folder and return its first rows as text.

    Use this when the user asks what a data file contains.

    Args:
        dataset_name: Path of the CSV file, relative to the data folder.
        limit: How many rows to return.
    """
    return ""
'''


def test_tl108_args_entry_for_a_renamed_parameter(lint):
    assert lint({"tools.py": LOAD_CSV}, select=["TL108"]) == [("tools.py", 11, "TL108")]
    fixed = LOAD_CSV.replace("dataset_name:", "path:")
    assert lint({"tools.py": fixed}, select=["TL108"]) == []


def test_tl108_a_result_field_said_to_be_populated_is_not_a_parameter(lint):
    # an MCP server's shape: the description explains when an output field is filled in
    src = LOAD_CSV.replace("dataset_name:", "path:").replace("Use this when the user asks what a data file contains.",
                           "Use this when the user asks what a data file contains.\n\n"
                           "    - `source_url` is only populated when `limit` is provided.")
    assert lint({"tools.py": src}, select=["TL108"]) == []
    src = src.replace("is only populated when `limit` is provided", "must be set when `limit` is provided")
    assert lint({"tools.py": src}, select=["TL108"]) == [("tools.py", 10, "TL108")]


def test_tl108_a_field_the_tool_reports_is_not_a_parameter(lint):
    # held-out round 114, E: '"read" reports `ok_flag`; if false, ...' names a result field
    src = LOAD_CSV.replace("dataset_name:", "path:").replace("Use this when the user asks what a data file contains.",
                           "Use this when the user asks what a data file contains.\n\n"
                           "    A read reports `ok_flag`; if false, stop.")
    assert lint({"tools.py": src}, select=["TL108"]) == []
    src = src.replace("A read reports `ok_flag`; if false, stop.", "Set `ok_flag` to true to skip bad lines.")
    assert lint({"tools.py": src}, select=["TL108"]) == [("tools.py", 10, "TL108")]


def test_tl108_a_backticked_field_the_tool_surfaces_is_not_a_parameter(lint):
    # round 24: a sentence about what the tool shows, with no supplying-input word
    src = LOAD_CSV.replace("dataset_name:", "path:").replace("Use this when the user asks what a data file contains.",
                           "Use this when the user asks what a data file contains.\n\n"
                           "    The `skip_rows` field surfaces what it left out.")
    assert lint({"tools.py": src}, select=["TL108"]) == []
    src = src.replace("The `skip_rows` field surfaces what it left out.",
                      "Set the `skip_rows` field to 2 when the first two lines are a title.")
    assert lint({"tools.py": src}, select=["TL108"]) == [("tools.py", 10, "TL108")]


def test_tl108_message_names_the_parameters_and_the_likely_one(tmp_path):
    from toollint.engine.core import run

    (tmp_path / "tools.py").write_text(textwrap.dedent(LOAD_CSV))
    [finding] = run([str(tmp_path)], Settings(select=("TL108",), root=str(tmp_path))).findings
    assert "'dataset_name'" in finding.message
    assert "its parameters: path, limit" in finding.message
    assert "did you mean 'path'?" in finding.message
    assert (finding.span.line, finding.span.col) == (12, 9)
    assert finding.noqa_line == 14  # the closing quotes: where a noqa comment can go


def test_tl108_numpy_and_sphinx_entries(lint):
    src = '''
    from agents import function_tool


    @function_tool
    def search_tickets(query: str, max_results: int = 10) -> list:
        """Search support tickets by keywords.

        Use this when the customer describes a problem without a ticket id.

        Parameters
        ----------
        query : str
            Words from the customer's message.
        max_result : int
            How many tickets to return.

        Returns
        -------
        tickets : list
            The matches.
        """
        return []


    @function_tool
    def close_ticket(ticket_id: str, note: str = "") -> str:
        """Close a ticket once the customer confirms the problem is solved.

        Use this when the customer says the issue is fixed.

        :param ticket: The ticket to close, such as T-4821.
        :param note: A closing remark for the customer.
        """
        return ""
    '''
    assert lint({"tools.py": src}, select=["TL108"]) == [("tools.py", 14, "TL108"), ("tools.py", 31, "TL108")]


def test_tl108_backticked_parameter_references(lint):
    src = '''
    TOOLS = [
        {
            "name": "run_query",
            "description": """Run one read-only SQL query and return the rows.

    Use this when a question needs numbers from the warehouse. The `timeout_s` parameter
    bounds the run time; pass `dry_run=true` first when unsure of the cost.""",
            "input_schema": {
                "type": "object",
                "properties": {
                    "sql": {"type": "string", "description": "One SELECT statement."},
                    "timeout": {"type": "number", "description": "Seconds before it is cancelled."},
                },
                "required": ["sql"],
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL108"]) == [("tools.py", 6, "TL108"), ("tools.py", 7, "TL108")]


def test_tl108_quiet_on_output_fields_values_tools_and_known_names(lint):
    src = '''
    from langchain_core.tools import tool
    from mcp.server.fastmcp import Context, FastMCP

    mcp = FastMCP("orders")


    @tool
    def search_orders(query: str, status: str = "open") -> list:
        """Search the customer's orders by free text.

        Use this when the customer cannot name the order. Returns a list of orders with
        `order_id`, `created_at` and `total_cents`. The status is one of `in_progress`,
        `shipped` or `cancelled`. If the customer has an id, call `get_order` instead.
        Set the `status` parameter to narrow the search.

        Args:
            query: Words from the order, e.g. `blue_shoes`.
            status: Only orders in this state.

        Returns:
            list: each with `order_id` and `line_items`.

        Example:
            >>> search_orders(query="shoes", page_size=5)
        """
        return []


    @tool
    def get_order(order_id: str) -> dict:
        """Fetch one order by its id. Use this when the customer gives an id."""
        return {}


    @mcp.tool()
    async def refund(order_id: str, ctx: Context) -> str:
        """Refund an order. Use this when the customer confirmed the refund.

        Args:
            order_id: The order to refund.
            ctx: The MCP context, for progress reports.
        """
        return ""
    '''
    assert lint({"tools.py": src}, select=["TL108"]) == []


def test_tl108_quiet_when_the_parameters_are_not_fully_known(lint):
    src = '''
    from catalogue_sdk import Query  # a model of an installed library: its fields are not known
    from langchain_core.tools import tool

    from .schemas import SEARCH_SCHEMA


    @tool
    def search(params: Query) -> list:
        """Search the catalogue. Use this when the user asks for a product.

        Args:
            text: Words to look for.
            limit: How many results.
        """
        return []


    @tool
    def fetch(url: str, **options) -> str:
        """Fetch a page. Use this when the user gives a link.

        Args:
            url: The page.
            timeout: Seconds to wait, passed through `options`.
        """
        return ""


    TOOLS = [{"name": "lookup", "description": "Look up a SKU. Set `sku_code` when known.",
              "input_schema": SEARCH_SCHEMA}]
    '''
    assert lint({"tools.py": src}, select=["TL108"]) == []


def test_tl108_nested_object_keys_are_known(lint):
    src = '''
    TOOLS = [
        {
            "name": "create_invoice",
            "description": (
                "Create an invoice. Use this when the customer asks for one. If "
                "`billing_address` is omitted the account's address is used."
            ),
            "input_schema": {
                "type": "object",
                "properties": {
                    "customer": {
                        "type": "object",
                        "properties": {"billing_address": {"type": "string"}, "name": {"type": "string"}},
                    },
                },
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL108"]) == []


def test_tl108_a_parameter_denied_or_of_another_owner_is_not_the_tools(lint):
    # held-out round 76, D: the text says the tool has no such parameter, or whose it is
    src = '''
    from mcp.server.fastmcp import FastMCP

    mcp = FastMCP("logs")


    @mcp.tool()
    def describe_trace(trace_id: str, max_len: int = 5000) -> dict:
        """Describe one trace in prose. Call this when the user asks about one trace.

        Output stops at ``max_len`` characters, not via a ``top_k`` parameter.
        The wrapped ``trace_to_text`` has no ``MAX_LEN`` parameter.
        If set, ``max_len`` maps to the library's ``limit_chars`` parameter.
        Set the ``depth`` parameter to expand nested spans.
        """
        return {}
    '''
    assert lint({"tools.py": src}, select=["TL108"]) == [("tools.py", 13, "TL108")]  # `depth` is claimed


def test_tl108_a_field_under_a_result_heading_is_the_results(lint):
    # held-out round 89, B: "## Return Structure" lists the result's fields
    src = '''
    from fastmcp import FastMCP

    mcp = FastMCP("items")


    @mcp.tool()
    def list_items(limit: int = 10) -> list:
        """List the stored items. Use this for discovery; for free-text search use find_items instead.

        ## Parameters

        - ``limit``: Maximum results per page (default 10).

        ## {heading}

        - `default_detail`: Recommended detail level, "full" or "concise" (absent if not set)
        """
        return []
    '''
    assert lint({"tools.py": src.replace("{heading}", "Return Structure")}, select=["TL108"]) == []
    assert [c for _, _, c in lint({"tools.py": src.replace("{heading}", "Options")}, select=["TL108"])] == ["TL108"]


def test_tl108_a_name_the_tool_says_it_returns_is_a_result_field(lint):
    # held-out round 90, C: "returns only id + display_name ... if `display_name` resolves to ..."
    src = '''
TOOLS = [
    {
        "name": "lookup_record",
        "description": (
            "Fast name-based lookup. Use this when you know a name. {returns} "
            "Policy still applies: if `display_name` resolves to a sensitive field, it is hidden."
        ),
        "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string", "description": "Substring to match."}},
            "required": ["query"],
        },
    },
]
'''
    said = src.replace("{returns}", "Returns only id + display_name, much cheaper than a search.")
    assert lint({"tools.py": said}, select=["TL108"]) == []
    # returned only under a condition it names: the name is still the caller's to send
    other = src.replace("{returns}", "Returns an error unless display_name is set.")
    assert [c for _, _, c in lint({"tools.py": other}, select=["TL108"])] == ["TL108"]
    assert [c for _, _, c in lint({"tools.py": src.replace("{returns}", "")}, select=["TL108"])] == ["TL108"]
