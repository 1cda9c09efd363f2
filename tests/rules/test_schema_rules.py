"""The schema rules on realistic schemas: every rule quiet on a clean tool, TL202, TL207 and
the schema walk they share (TL201, TL208 and TL210 have their own test_schema_tl2xx.py).

A trailing `# !` marks each line a finding is expected on (schemacase.expect).
"""
from __future__ import annotations

import textwrap

import pytest

from schemacase import CLEAN_ANTHROPIC, CLEAN_STRICT, expect
from toollint.model import Const, DictVal, ListVal, Span
from toollint.rulekit.schemawalk import describe, node_at, object_levels, pointer_node, subschemas


SCHEMA_RULES = ["TL201", "TL202", "TL207", "TL208", "TL210"]


@pytest.mark.parametrize("src", [CLEAN_ANTHROPIC, CLEAN_STRICT], ids=["anthropic", "openai-strict"])
def test_clean_schemas_are_quiet(lint, src):
    assert lint({"tools.py": src}, select=SCHEMA_RULES) == []


def test_server_tools_are_skipped(lint):
    src = '''
    TOOLS = [{"type": "bash_20250124", "name": "bash"}, {"type": "text_editor_20250124", "name": "str_replace_editor"}]
    '''
    assert lint({"tools.py": src}, select=SCHEMA_RULES) == []


# --- TL202 required-not-declared ------------------------------------------------------


def test_tl202_every_object_level(lint):
    src = '''
    ADDRESS = {
        "type": "object",
        "properties": {"street": {"type": "string"}, "city": {"type": "string"}},
        "required": ["street", "zip"],  # !
    }

    TOOLS = [
        {
            "type": "function",
            "function": {
                "name": "create_order",
                "description": "Create an order. Call this when the customer confirmed the cart.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "customer_id": {"type": "string"},
                        "items": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": {"sku": {"type": "string"}, "quantity": {"type": "integer"}},
                                "required": ["sku", "qty"],  # !
                            },
                        },
                        "contact": {
                            "anyOf": [
                                {
                                    "type": "object",
                                    "properties": {"email": {"type": "string"}},
                                    "required": ["mail"],  # !
                                },
                                {"type": "null"},
                            ],
                        },
                        "shipping": {"$ref": "#/$defs/Address"},
                    },
                    "required": ["customer_id", "items", "customerId"],  # !
                    "$defs": {"Address": ADDRESS},
                },
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL202"]) == expect(src, "TL202")


def test_tl202_quiet_where_the_name_may_be_declared(lint):
    src = '''
    from .shared import PAGING

    TOOLS = [
        {"name": "a", "description": "d", "input_schema": {
            "type": "object",
            "properties": {"email": {"type": "string"}, "phone": {"type": "string"}},
            "anyOf": [{"required": ["email"]}, {"required": ["phone"]}],
        }},
        {"name": "b", "description": "d", "input_schema": {
            "type": "object",
            "allOf": [{"properties": {"query": {"type": "string"}}}],
            "required": ["query"],
        }},
        {"name": "c", "description": "d", "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string"}, **PAGING},
            "required": ["query", "page"],
        }},
        {"name": "d", "description": "d", "input_schema": {
            "type": "object",
            "allOf": [{"$ref": "#/$defs/Paging"}],
            "required": ["page"],
        }},
        {"name": "e", "description": "d", "input_schema": {
            "type": "object",
            "patternProperties": {"^x-": {"type": "string"}},
            "required": ["x-tenant"],
        }},
        {"name": "f", "description": "d", "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string"}},
            "required": REQUIRED,
        }},
    ]
    '''
    assert lint({"tools.py": src}, select=["TL202"]) == []


# --- TL207 missing-parameter-description ----------------------------------------------


def test_tl207_nested_items_and_defs(lint):
    src = '''
    TOOL_DEFINITIONS = [
        {
            "name": "schedule_delivery",
            "description": "Book a delivery slot. Call this when the customer picks a time.",
            "input_schema": {
                "type": "object",
                "properties": {
                    "order_id": {"type": "string", "description": "The order number, e.g. 'ORD-1'."},
                    "window": {  # !
                        "type": "object",
                        "properties": {
                            "start": {"type": "string", "format": "date-time"},  # !
                            "end": {"type": "string", "description": "  "},  # !
                        },
                    },
                    "parcels": {
                        "type": "array",
                        "description": "Parcels as packed.",
                        "items": {"type": "object", "properties": {"weight_kg": {"type": "number"}}},  # !
                    },
                    "unit": {"type": "string", "enum": ["c", "f"]},  # !
                    "level": {"type": "integer", "enum": [1, 2, 3]},  # !
                    "grade": {"type": "string", "enum": ["Ç1", "Ş2"]},  # !
                    "region": {"type": "string", "enum": ["EU", "US", "APAC"]},  # !
                    "block": {"type": "string", "enum": ["가", "나"]},  # one syllable each: codes  # !
                    "address": {"$ref": "#/$defs/Address"},
                },
                "$defs": {
                    "Address": {
                        "type": "object",
                        "properties": {"street": {"type": "string"}},  # !
                    },
                },
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL207"]) == expect(src, "TL207")


def test_tl207_quiet_when_the_schema_speaks_for_itself(lint):
    src = '''
    from .shared import COMMON

    TOOLS = [
        {
            "name": "get_weather",
            "description": (
                "Get the forecast. Call this when the user asks about the weather.\\n\\n"
                "Args:\\n"
                "    city: The city name, e.g. 'Lyon'.\\n"
                "    days (int): How many days ahead, 1 to 7.\\n"
            ),
            "input_schema": {
                "type": "object",
                "properties": {
                    "city": {"type": "string"},
                    "days": {"type": "integer"},
                    "units": {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"},
                    "model": {"type": "string", "enum": ["gpt-4o", "gpt-4o-mini"]},
                    # words of any script name themselves (held-out round 92, A)
                    "country": {"type": "string", "enum": ["USA", "UK", "Germany", "France"]},  # names (round 96, A)
                    "carrier": {"type": "string", "enum": ["남경", "남서울"]},  # Hangul names (round 101, A)
                    "channel": {"type": "string", "enum": ["Çağrı Merkezi", "Şube", "İnternet"]},
                    "kind": {"const": "forecast"},
                    "only": {"enum": ["hourly"]},
                    "location": {"anyOf": [{"$ref": "#/$defs/Point"}, {"type": "null"}]},
                    "legacy": {"allOf": [{"$ref": "#/$defs/Point"}], "default": None},
                    "note": {"anyOf": [{"type": "string", "description": "Free text."}, {"type": "null"}]},
                    "extra": {"type": "string", **COMMON},
                    "lang": LANG_SCHEMA,
                },
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL207"]) == []


def test_tl207_decorated_tool_args_block(lint):
    """The MCP SDK sends the raw docstring: a parameter in its Args block is described."""
    src = '''
    from mcp.server.fastmcp import FastMCP

    mcp = FastMCP("shop")


    @mcp.tool()
    def lookup_order(order_id: str, verbose: bool = False) -> dict:  # !
        """Look up one order. Call this when the customer asks where an order is.

        Args:
            order_id: The order number, e.g. 'ORD-10423'.
        """
        return {}
    '''
    assert lint({"tools.py": src}, select=["TL207"]) == expect(src, "TL207")


# --- schemawalk -----------------------------------------------------------------------


def test_schemawalk_paths_and_pointers():
    def c(v, line):
        return Const(v, Span("t.py", line, 1, line, 2))

    def d(line, *pairs):
        return DictVal(tuple((c(k, line), v) for k, v in pairs), Span("t.py", line, 1, line, 9))

    item = d(5, ("type", c("object", 5)), ("properties", d(6, ("sku", d(6, ("type", c("string", 6)))))))
    root = d(
        1,
        ("type", c("object", 1)),
        ("properties", d(2, ("lines", d(3, ("type", c("array", 3)), ("items", item))))),
        ("required", ListVal((c("lines", 8),), Span("t.py", 8, 1, 8, 9))),
        ("$defs", d(9, ("Addr", d(10, ("properties", d(10)))))),
    )
    paths = [p for p, _ in subschemas(root)]
    assert paths == [(), ("properties", "lines"), ("properties", "lines", "items"),
                     ("properties", "lines", "items", "properties", "sku"), ("$defs", "Addr")]
    assert [p for p, _ in object_levels(root)] == [(), ("properties", "lines", "items"), ("$defs", "Addr")]
    assert describe(("properties", "lines", "items", "properties", "sku")) == "lines[].sku"
    assert describe(("$defs", "Addr", "properties", "x")) == "$defs.Addr.x"
    assert describe(("properties", "c", "anyOf", 1, "properties", "email")) == "c.anyOf[1].email"
    assert node_at(root, ("required", 0)).value == "lines"
    assert node_at(root, ("required", 3)) is None
    assert pointer_node(root, ("properties", "lines", "items", "type")).span.line == 5
    assert pointer_node(root, ("required", 0)).span.line == 8
    assert pointer_node(root, ("properties", "nope", "type")) is root.key_node("properties")  # deepest known key


def test_tl207_is_quiet_on_the_fixed_input_of_an_agent_as_tool(tmp_path):
    # openai-agents 0.24 sends {"input": {"type": "string"}} with no description for every
    # agent.as_tool(...) (AgentAsToolInput): the caller cannot describe it. A hand-built
    # FunctionTool with the same property is the caller's own schema and still fires.
    from toollint.config.settings import Settings
    from toollint.engine.scan import extract_file
    from toollint.rules.tl207_missing_parameter_description import MissingParameterDescription

    src = tmp_path / "agents_app.py"
    src.write_text(textwrap.dedent('''
        from agents import Agent, FunctionTool

        spanish = Agent(name="Spanish agent", instructions="Translate to Spanish.")
        tool = spanish.as_tool(tool_name="translate_to_spanish", tool_description="Translate to Spanish.")

        async def run(ctx, args):
            return args

        manual = FunctionTool(name="lookup_order", description="Look up an order.", on_invoke_tool=run,
                              params_json_schema={"type": "object", "properties": {"input": {"type": "string"}}})
    '''))
    facts = extract_file(str(src), "agents_app", False, Settings(root=str(tmp_path)))
    found = {t.name.value: list(MissingParameterDescription().check_tool(t, None, None)) for t in facts.decorated}
    assert found["translate_to_spanish"] == []
    assert [f.code for f in found["lookup_order"]] == ["TL207"]


def test_tl207_quiet_on_a_parameter_the_tool_description_discusses(lint):
    # the MCP SDK sends the docstring whole: prose about a parameter is on the wire
    src = textwrap.dedent('''
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("notes")


        @mcp.tool()
        def update_note(note_id: int, etag: str, recurring: bool = True, title: str = "") -> str:
            """Update a note. Call this when the user edits a note; not for new notes.

            The etag parameter must be provided to prevent overwriting concurrent changes.
            ``recurring=False`` stops the series. ``note_id`` comes from list_notes.
            """
            return ""
    ''')
    assert lint({"notes.py": src}, select=["TL207"]) == [("notes.py", 7, "TL207")]  # only title


def test_tl207_quiet_on_parameters_a_sentence_says_to_pass_by_their_words(lint):
    # held-out round 31, E: "Pass column names as ..., data as ..., and optional user intent."
    src = textwrap.dedent('''
        from langchain_core.tools import tool


        @tool
        def draw_chart(columns: str, data: str, intent: str = "", style: str = "") -> str:
            """Draw a chart from query results. Use this after a query when the user asks for a chart.
            Pass column names as comma-separated string, data as JSON array of rows, and optional user intent.
            The style of the chart follows the data."""
            return columns
    ''')
    # style is named only in a sentence that sends nothing: still undocumented
    assert lint({"chart.py": src}, select=["TL207"]) == [("chart.py", 5, "TL207")]


def test_tl207_the_shapes_of_rounds_33_and_34(lint):
    src = textwrap.dedent('''
        from typing import Literal, Optional

        from langchain_core.tools import tool


        @tool
        def package_info(package_name: str) -> str:
            """Look up a package on the index. Use this when the user names a package.
            Input should be the name of a Python package."""
            return package_name


        @tool
        def tide_table(harbour: str, date: str = "") -> str:
            """Use this when the user asks about tides. Returns high and low water for a harbour
            and optional date (format: YYYY-MM-DD). If no date is provided, today's table is returned."""
            return harbour


        @tool
        def move_item(item_id: str, backburner: bool = False) -> str:
            """Move an item. Use this when the user reorganises. Set backburner=true to park it.
            The item_id comes from list_items."""
            return item_id


        @tool
        def set_level(level: Optional[Literal["low", "mid", "high"]] = None, tags: list[Literal["red", "blue"]] = []) -> str:
            """Set the alert level. Use this when the user asks for quieter or louder alerts."""
            return ""
    ''')
    # harbour is named only as a plain word in the prose: still undocumented
    assert lint({"tools.py": src}, select=["TL207"]) == [("tools.py", 14, "TL207")]


def test_tl207_use_x_to_and_x_must_document_x(lint):
    # held-out round 42, H: a docstring fastmcp sends whole (no sections)
    src = textwrap.dedent('''
        from fastmcp import FastMCP

        mcp = FastMCP("index")


        @mcp.tool
        def list_entries(globs: list[str] = [], paths: list[str] = [], depth: int = 1) -> list:
            """List indexed entries. Use this when the user asks what is in the index.

            Use globs to filter by path with SQLite GLOB syntax. Paths must match exactly.
            The depth of the listing is one level unless told otherwise."""
            return []
    ''')
    # depth is named, but nothing says what to send for it
    assert lint({"index.py": src}, select=["TL207"]) == [("index.py", 7, "TL207")]


def test_tl205_tl206_quiet_on_a_handler_given_the_arguments_dict_and_the_dispatchers_own_values(lint):
    # mcp-server-langgraph's shape: `return await self._handle_get(arguments, span, user_id)`
    src = textwrap.dedent('''
        TOOLS = [
            {"name": "conversation_get", "description": "Get one conversation. Use when the user names a chat.",
             "input_schema": {"type": "object", "properties": {
                 "thread_id": {"type": "string", "description": "Thread id, e.g. 't-12'."},
                 "user_id": {"type": "string", "description": "User id, e.g. 'user:ana'."}},
                 "required": ["thread_id"]}},
            {"name": "search_tools", "description": "Find a tool by keyword. Use when no tool fits.",
             "input_schema": {"type": "object", "properties": {
                 "query": {"type": "string", "description": "Keywords."}}, "required": ["query"]}},
        ]


        class Server:
            async def call_tool(self, name, arguments):
                span, user_id = None, "user:ana"
                if name == "conversation_get":
                    return await self._handle_get(arguments, span, user_id)
                elif name == "search_tools":
                    return await self._handle_search(arguments, span)

            async def _handle_get(self, arguments: dict, span, user_id: str):
                return arguments["thread_id"]

            async def _handle_search(self, arguments, span):
                return arguments["query"]
    ''')
    assert lint({"server.py": src}, select=["TL205", "TL206"]) == []
