"""The schema rules TL201, TL202, TL207, TL208 and TL210 on realistic schemas.

A trailing `# !` marks each line a finding is expected on; `expect(src, code)` turns
the marks into the (path, line, code) triples the `lint` fixture returns.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from toollint.model import Const, DictVal, ListVal, Span
from toollint.rulekit.schemawalk import describe, node_at, object_levels, pointer_node, subschemas


def expect(src, code, path="tools.py"):
    text = textwrap.dedent(src).lstrip("\n")
    return [(path, n, code) for n, line in enumerate(text.splitlines(), 1) if line.rstrip().endswith("# !")]


DESC = "Call this when the customer asks about an order. Do not call it for refunds."

# One order tool in the Anthropic shape, nested objects, an array of objects, $defs/$ref,
# an enum with a default: clean for every schema rule.
CLEAN_ANTHROPIC = f'''
TOOLS = [
    {{
        "name": "create_order",
        "description": "{DESC}",
        "input_schema": {{
            "type": "object",
            "properties": {{
                "customer_id": {{"type": "string", "description": "The customer ID returned by find_customer."}},
                "items": {{
                    "type": "array",
                    "description": "The confirmed line items.",
                    "items": {{
                        "type": "object",
                        "properties": {{
                            "sku": {{"type": "string", "description": "Stock keeping unit, e.g. 'SKU-881'."}},
                            "quantity": {{"type": "integer", "minimum": 1, "description": "How many."}},
                        }},
                        "required": ["sku", "quantity"],
                    }},
                }},
                "shipping": {{"$ref": "#/$defs/Address"}},
                "speed": {{"type": "string", "enum": ["standard", "express"], "default": "standard"}},
                "note": {{"anyOf": [{{"type": "string"}}, {{"type": "null"}}], "description": "Note for the courier."}},
            }},
            "required": ["customer_id", "items"],
            "$defs": {{
                "Address": {{
                    "type": "object",
                    "description": "A postal address.",
                    "properties": {{
                        "street": {{"type": "string", "description": "Street and house number."}},
                        "postcode": {{"type": "string", "description": "Postal code, e.g. '10115'."}},
                    }},
                    "required": ["street", "postcode"],
                }},
            }},
        }},
    }},
]
'''

# The same tool for OpenAI strict mode: every property required, optional ones nullable,
# additionalProperties false everywhere.
CLEAN_STRICT = f'''
TOOLS = [
    {{
        "type": "function",
        "function": {{
            "name": "create_order",
            "description": "{DESC}",
            "strict": True,
            "parameters": {{
                "type": "object",
                "properties": {{
                    "customer_id": {{"type": "string", "description": "The customer ID returned by find_customer."}},
                    "items": {{
                        "type": "array",
                        "minItems": 1,
                        "description": "The confirmed line items.",
                        "items": {{
                            "type": "object",
                            "properties": {{
                                "sku": {{"type": "string", "pattern": "^SKU-[0-9]+$", "description": "The SKU."}},
                                "quantity": {{"type": "integer", "minimum": 1, "description": "How many."}},
                            }},
                            "required": ["sku", "quantity"],
                            "additionalProperties": False,
                        }},
                    }},
                    "shipping": {{"anyOf": [{{"$ref": "#/$defs/Address"}}, {{"type": "null"}}]}},
                    "speed": {{"type": ["string", "null"], "enum": ["standard", "express", None]}},
                    "deliver_on": {{"type": "string", "format": "date", "description": "Delivery day."}},
                }},
                "required": ["customer_id", "items", "shipping", "speed", "deliver_on"],
                "additionalProperties": False,
                "$defs": {{
                    "Address": {{
                        "type": "object",
                        "description": "A postal address.",
                        "properties": {{
                            "street": {{"type": "string", "description": "Street and house number."}},
                            "postcode": {{"type": "string", "description": "Postal code, e.g. '10115'."}},
                        }},
                        "required": ["street", "postcode"],
                        "additionalProperties": False,
                    }},
                }},
            }},
        }},
    }},
]
'''

SCHEMA_RULES = ["TL201", "TL202", "TL207", "TL208", "TL210"]


@pytest.mark.parametrize("src", [CLEAN_ANTHROPIC, CLEAN_STRICT], ids=["anthropic", "openai-strict"])
def test_clean_schemas_are_quiet(lint, src):
    assert lint({"tools.py": src}, select=SCHEMA_RULES) == []


def test_server_tools_are_skipped(lint):
    src = '''
    TOOLS = [{"type": "bash_20250124", "name": "bash"}, {"type": "text_editor_20250124", "name": "str_replace_editor"}]
    '''
    assert lint({"tools.py": src}, select=SCHEMA_RULES) == []


# --- TL201 invalid-input-schema -------------------------------------------------------


def test_tl201_points_at_the_offending_key_at_any_depth(lint):
    src = '''
    TOOLS = [
        {
            "name": "issue_refund",
            "description": "Refund an order. Call this once the customer confirmed the items.",
            "input_schema": {
                "type": "object",
                "properties": {
                    "order_id": {"type": "str", "description": "e.g. 'ORD-1'"},  # !
                    "lines": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"qty": {"type": "integer", "minimum": "1"}},  # !
                            "required": ["qty", "qty"],  # !
                        },
                    },
                    "code": {"type": "string", "pattern": "[A-"},  # !
                },
                "required": "order_id",  # !
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == expect(src, "TL201")


def test_tl201_top_level_must_be_an_object(lint):
    src = '''
    TOOLS = [
        {"name": "a", "description": "d", "input_schema": {"properties": {}}},  # !
        {"name": "b", "description": "d", "input_schema": {"type": "array", "items": {"type": "string"}}},  # !
        {"name": "c", "description": "d", "input_schema": {"type": ["object", "null"]}},  # !
        {"name": "d", "description": "d", "input_schema": ["order_id"]},  # !
        {"name": "e", "description": "d", "input_schema": {"type": "object"}},
    ]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == expect(src, "TL201")


def test_tl201_a_bad_top_level_type_is_one_finding(lint):
    src = '''
    TOOLS = [{"name": "a", "description": "d", "input_schema": {"type": "dict", "properties": {}}}]  # !
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == expect(src, "TL201")


def test_tl201_follows_dollar_schema(lint):
    tuple_items = '"properties": {"point": {"type": "array", "items": [{"type": "number"}, {"type": "number"}]}}'
    draft7 = f'''
    TOOLS = [{{"name": "a", "description": "d", "input_schema": {{
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object", {tuple_items}}}}}]
    '''
    default = f'''
    TOOLS = [{{"name": "a", "description": "d", "input_schema": {{
        "type": "object", {tuple_items}}}}}]  # !
    '''
    assert lint({"tools.py": draft7}, select=["TL201"]) == []
    assert lint({"tools.py": default}, select=["TL201"]) == expect(default, "TL201")


def test_tl201_skips_schemas_that_are_not_fully_resolved(lint):
    src = '''
    from pydantic import BaseModel
    from .schemas import BASE_PROPS

    class Refund(BaseModel):
        order_id: str

    TOOLS = [
        {"name": "a", "description": "d", "input_schema": Refund.model_json_schema()},
        {"name": "b", "description": "d", "input_schema": {"type": "object", "properties": {**BASE_PROPS}}},
        {"name": "c", "description": "d", "input_schema": {"type": "objekt", "properties": load()}},
    ]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == []


def test_tl201_ecma_only_patterns_are_not_reported(lint):
    src = r'''
    TOOLS = [{"name": "a", "description": "d", "input_schema": {"type": "object", "properties": {
        "name": {"type": "string", "pattern": "^\\p{L}+$"},
        "year": {"type": "string", "pattern": "^(?<year>[0-9]{4})$"},
    }}}]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == []


def test_tl201_mcp_tool_call(lint):
    src = '''
    from mcp.types import Tool

    TOOLS = [
        Tool(
            name="search_docs",
            description="Search the docs. Call this when the user asks how to do something.",
            inputSchema={"type": "object", "properties": {"query": {"type": "text"}}},  # !
        ),
    ]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == expect(src, "TL201")


def test_tl201_does_not_import_jsonschema_at_start_up():
    code = "import sys, toollint.rulekit.registry as r; r.all_rules(); print('jsonschema' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"



def _jsonschema_errors(schema):
    from jsonschema import Draft202012Validator

    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA,
                                format_checker=Draft202012Validator.FORMAT_CHECKER)
    return [e.message for e in meta.iter_errors(schema)]


def test_tl201_fast_path_knows_every_keyword_of_the_meta_schema():
    from jsonschema_specifications import REGISTRY

    from toollint.rules.tl201_invalid_input_schema import VOCABULARY

    keywords = set()
    for uri in REGISTRY:
        if "2020-12" in uri:
            keywords |= set(REGISTRY[uri].contents.get("properties", {}))
    assert VOCABULARY == keywords  # a keyword it did not know would pass unchecked


_KEYWORDS = ["type", "properties", "required", "description", "title", "enum", "items", "default",
             "examples", "additionalProperties", "minimum", "maximum", "exclusiveMinimum", "minLength",
             "maxItems", "uniqueItems", "const", "anyOf", "oneOf", "allOf", "not", "format", "$defs",
             "deprecated", "readOnly", "prefixItems", "if", "then", "contains", "minContains",
             "pattern", "$ref", "multipleOf", "dependentRequired", "x-custom", "nullable"]


def _schemas():
    from hypothesis import strategies as st

    scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2, allow_nan=False),
                        st.sampled_from(["string", "integer", "object", "array", "null", "str", "", "[a-"]))
    values = st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(_KEYWORDS + ["a", "b"]), inner, max_size=3)), max_leaves=12)
    return st.recursive(st.dictionaries(st.sampled_from(_KEYWORDS), values, max_size=4), lambda inner: st.one_of(
        st.dictionaries(st.sampled_from(_KEYWORDS), st.one_of(values, inner, st.lists(inner, max_size=3),
                                                              st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                        max_size=4)), max_leaves=15)


@pytest.mark.slow  # CI runs it
def test_tl201_fast_path_never_passes_what_jsonschema_rejects():
    hypothesis = pytest.importorskip("hypothesis")

    from toollint.rules.tl201_invalid_input_schema import plainly_valid

    seen = {"fast": 0}

    @hypothesis.settings(max_examples=600, deadline=None, database=None)
    @hypothesis.given(_schemas())
    def check(schema):
        if plainly_valid(schema):
            seen["fast"] += 1
            assert _jsonschema_errors(schema) == [], schema

    check()
    assert seen["fast"] > 20  # the property was exercised on schemas the walk accepts


def test_tl201_fast_path_takes_ordinary_schemas_and_sends_the_rest_to_jsonschema():
    from toollint.rules.tl201_invalid_input_schema import plainly_valid

    ordinary = {"type": "object", "properties": {
        "q": {"type": "string", "description": "text", "minLength": 1},
        "n": {"type": ["integer", "null"], "default": None, "maximum": 50},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "uniqueItems": True},
        "when": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]},
    }, "required": ["q"], "additionalProperties": False, "x-vendor": {"anything": [1]}}
    assert plainly_valid(ordinary) and _jsonschema_errors(ordinary) == []
    for odd in ({"type": "str"}, {"required": ["a", "a"]}, {"minimum": "1"}, {"pattern": "[a-"},
                {"$ref": "#/$defs/x"}, {"items": [{"type": "string"}]}, {"anyOf": []}, {"minLength": 1.0}):
        assert not plainly_valid({"type": "object", "properties": {"p": odd}}), odd


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


# --- TL208 unspecified-format ---------------------------------------------------------

FORMAT_TOOL = '''
TOOLS = [
    {{
        "name": "book",
        "description": "Book a slot. Call this when the customer agreed on a time.",
        "input_schema": {{
            "type": "object",
            "properties": {{
                "{name}": {{{schema}"description": {description!r}}},
            }},
        }},
    }},
]
'''

UNSPECIFIED = [
    ("user_id", "The user's ID."),
    ("userId", "Identifier of the user."),
    ("order_number", "The order number."),
    ("email", "The customer's email address."),
    ("customer_email", "Who to send the receipt to."),
    ("callback_url", "Where to post updates."),
    ("websiteURL", "The company website."),
    ("start_date", "When the booking starts."),
    ("created_at", "Creation time."),
    ("deadline", "When it is due."),
    ("phone_number", "The customer's phone number."),
    ("mobile", "Mobile to text the code to."),
    ("ticket_id", "Step 1: the ticket to close."),
    ("user_id", "the user's id and the user's name"),
    ("session_id", "The session to use."),
    ("paper_id", "The paper to summarise."),
    ("channel_id", "The channel to post to, by name."),
]

SPECIFIED = [
    ("start_date", "ISO 8601 date, e.g. 2024-05-01"),
    ("order_id", "The order number, e.g. 'ORD-10423'"),
    ("order_id", "The order number such as ORD10423"),
    ("customer_id", "The customer ID as returned by search_customers."),
    ("customer_id", "The id from the search results."),
    ("user_id", "Starts with usr_ followed by 8 characters."),
    ("account_number", "The 8-digit account number."),
    ("ticket_id", "Ticket #10423 style reference."),
    ("start_time", "Start (YYYY-MM-DD HH:MM, UTC)."),
    ("created_at", "Unix epoch seconds."),
    ("callback_url", "Absolute https URL."),
    ("callback_url", "Where to post, like 'https://example.com/hook'."),
    ("email", "Where to send it: jane@example.com"),
    ("phone", "International format with country code."),
    ("phone", "In E.164: +14155550100"),
    ("uuid", "A UUID."),
    ("since", "Relative dates like `yesterday` work."),
    ("user_id", "Order id (v2 API)."),
    # where the value comes from, in the shapes browser and project tools use
    ("session_id", "Browser session to act in (get from browser_list_sessions)."),
    ("project_id", "The project. See `listProjects`."),
    ("run_id", "The run, from a previous call."),
    ("message_id", "The ID of the message, retrieved from a search."),  # langchain_community gmail
    ("sessionId", "The session, received from one of the createSessions calls."),
    # named public id schemes
    ("paper_id", "arXiv ID of the paper."),
    ("post_uri", "AT URI of the post to reply to."),
    ("article_id", "DOI of the article."),
    ("book_id", "ISBN of the edition."),
    ("region_id", "ISO region code."),
    ("lang_id", "Language code of the transcript."),
    # not English: the format words say nothing to it
    ("user_id", "El identificador del usuario."),
    ("kunden_id", "Die ID des Kunden."),
    ("date_debut", "La date de début de la réservation."),
]


@pytest.mark.parametrize("name,description", UNSPECIFIED)
def test_tl208_fires_on_a_type_annotation(lint, name, description):
    src = FORMAT_TOOL.format(name=name, schema='"type": "string", ', description=description)
    assert lint({"tools.py": src}, select=["TL208"]) == [("tools.py", 8, "TL208")]


@pytest.mark.parametrize("name,description", SPECIFIED)
def test_tl208_quiet_on_a_spec(lint, name, description):
    src = FORMAT_TOOL.format(name=name, schema='"type": "string", ', description=description)
    assert lint({"tools.py": src}, select=["TL208"]) == []


@pytest.mark.parametrize("schema", [
    '"type": "string", "format": "date", ',
    '"type": "string", "pattern": "^ORD-[0-9]+$", ',
    '"type": "string", "enum": ["a", "b"], ',
    '"type": "string", "examples": ["ORD-1"], ',
    '"type": "string", "default": "ORD-1", ',
    '"type": "integer", ',
    '"type": ["integer", "string"], ',
    '',
    '"$ref": "#/$defs/OrderId", ',
])
def test_tl208_quiet_when_the_schema_pins_the_format(lint, schema):
    src = FORMAT_TOOL.format(name="order_id", schema=schema, description="The order.")
    assert lint({"tools.py": src}, select=["TL208"]) == []


def test_tl208_nullable_and_nested(lint):
    src = '''
    TOOLS = [
        {
            "name": "book",
            "description": "Book a slot. Call this when the customer agreed on a time.",
            "input_schema": {
                "type": "object",
                "properties": {
                    "contact": {
                        "type": "object",
                        "description": "Who to notify.",
                        "properties": {
                            "phone": {"type": ["string", "null"], "description": "Their phone."},  # !
                            "email": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "Mail."},  # !
                        },
                    },
                    "attendees": {
                        "type": "array",
                        "description": "Who attends.",
                        "items": {
                            "type": "object",
                            "properties": {"user_id": {"type": "string", "description": "The user."}},  # !
                        },
                    },
                    "reference_id": {"type": "string"},
                    "booking_id": {"type": "string", "description": DESCRIBED_ELSEWHERE},
                },
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL208"]) == expect(src, "TL208")


def test_tl208_names_that_are_not_format_bearing(lint):
    for name in ("email_subject", "time_zone", "date_range", "name", "number", "body"):
        src = FORMAT_TOOL.format(name=name, schema='"type": "string", ', description="Whatever.")
        assert lint({"tools.py": src}, select=["TL208"]) == [], name


# --- TL210 strict-mode-violation ------------------------------------------------------

STRICT_TOOL = '''
TOOLS = [
    {{
        "type": "function",
        "function": {{
            "name": "search_orders",
            "description": "Search orders. Call this when the customer cannot give an order number.",
            {strict}
            "parameters": {{  # !
                "type": "object",
                "properties": {{
                    "query": {{"type": "string", "description": "Free text."}},
                    "status": {{"type": "string", "enum": ["open", "shipped"]}},  # !
                    "placed": {{  # !
                        "type": "object",
                        "description": "Placement window.",
                        "properties": {{
                            "after": {{"type": "string", "format": "date", "description": "From."}},
                            "before": {{"type": "string", "format": "date", "description": "To."}},
                        }},
                        "required": ["after", "before"],
                    }},
                }},
                "required": ["query", "placed"],
            }},
        }},
    }},
]
'''


def test_tl210_strict_variant_fires_and_non_strict_variant_is_quiet(lint):
    strict = STRICT_TOOL.format(strict='"strict": True,')
    loose = STRICT_TOOL.format(strict='"strict": False,')
    assert lint({"tools.py": strict}, select=["TL210"]) == expect(strict, "TL210")
    assert lint({"tools.py": loose}, select=["TL210"]) == []
    assert lint({"tools.py": STRICT_TOOL.format(strict="")}, select=["TL210"]) == []


def test_tl210_strict_and_loose_lists_of_one_tool(lint):
    src = '''
    SEARCH = {
        "type": "object",
        "properties": {"query": {"type": "string", "description": "Free text."}},
        "required": ["query"],
        "additionalProperties": False,
    }
    LOOSE = {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "Free text."},
            "limit": {"type": "integer", "description": "Max results."},
        },
        "required": ["query"],
    }
    CHAT_TOOLS = [
        {"type": "function", "function": {"name": "search", "description": "d", "strict": True, "parameters": SEARCH}},
        {"type": "function", "function": {"name": "search", "description": "d", "parameters": LOOSE}},
    ]
    RESPONSES_TOOLS = [{"type": "function", "name": "search", "description": "d", "strict": True,
                        "parameters": SEARCH}]
    '''
    assert lint({"tools.py": src}, select=["TL210"]) == []


def test_tl210_keywords_and_formats(lint):
    src = '''
    TOOLS = [
        {
            "type": "function",
            "name": "update_profile",
            "description": "Update the profile. Call this when the user changes a setting.",
            "strict": True,
            "parameters": {
                "type": "object",
                "properties": {
                    "website": {"type": "string", "format": "uri", "description": "Homepage."},  # !
                    "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},  # !
                    "contact": {
                        "oneOf": [  # !
                            {"type": "string", "format": "email"},
                            {"type": "string", "pattern": "^[+][0-9]+$", "minLength": 8, "maxLength": 16},
                        ],
                    },
                    "age": {"type": "integer", "minimum": 0, "maximum": 150, "not": {"const": 13}},  # !
                    "prefs": {
                        "type": "object",
                        "properties": {"theme": {"type": "string"}},
                        "required": ["theme"],
                        "additionalProperties": False,
                        "if": {"properties": {"theme": {"const": "dark"}}},  # !
                        "then": {"required": ["theme"]},
                    },
                },
                "required": ["website", "tags", "contact", "age", "prefs"],
                "additionalProperties": False,
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL210"]) == expect(src, "TL210")


def test_tl210_additional_properties_must_be_false(lint):
    src = '''
    TOOLS = [
        {
            "type": "function",
            "function": {
                "name": "tag_ticket",
                "description": "Tag a ticket. Call this when the agent labels a ticket.",
                "strict": True,
                "parameters": {
                    "type": "object",
                    "properties": {
                        "labels": {
                            "type": "object",
                            "description": "Label name to value.",
                            "additionalProperties": {"type": "string"},  # !
                        },
                        "meta": {
                            "type": "object",
                            "description": "Anything else.",
                            "properties": {},
                            "additionalProperties": True,  # !
                        },
                        "owner": {
                            "anyOf": [
                                {  # !
                                    "type": "object",
                                    "properties": {"team": {"type": "string"}},
                                    "required": ["team"],
                                },
                                {"type": "null"},
                            ],
                        },
                    },
                    "required": ["labels", "meta", "owner"],
                    "additionalProperties": False,
                    "$defs": {
                        "Unused": {  # !
                            "properties": {
                                "x": {"type": "string"},  # !
                            },
                        },
                    },
                },
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL210"]) == expect(src, "TL210")


def test_tl210_root_anyof(lint):
    src = '''
    TOOLS = [{"type": "function", "name": "pay", "description": "d", "strict": True, "parameters": {
        "type": "object",
        "anyOf": [  # !
            {"type": "object", "properties": {}, "required": [], "additionalProperties": False},
        ],
        "properties": {},
        "required": [],
        "additionalProperties": False,
    }}]
    '''
    assert lint({"tools.py": src}, select=["TL210"]) == expect(src, "TL210")


def test_tl210_quiet_on_what_it_cannot_see_and_on_other_providers(lint):
    src = '''
    from .shared import PAGING, CLOSED

    TOOLS = [
        {"type": "function", "name": "a", "description": "d", "strict": True, "parameters": build()},
        {"type": "function", "name": "b", "description": "d", "strict": True, "parameters": {
            "type": "object",
            "properties": {"query": {"type": "string"}, **PAGING},
            "required": ["query"],
            **CLOSED,
        }},
        {"type": "function", "name": "c", "description": "d", "strict": STRICT, "parameters": {
            "type": "object", "properties": {"query": {"type": "string"}},
        }},
        # MCP has no strict mode (Anthropic's strict tool use has its own test below)
        {"name": "d", "description": "d", "strict": True, "inputSchema": {
            "type": "object", "properties": {"query": {"type": "string"}},
        }},
    ]
    '''
    assert lint({"tools.py": src}, select=["TL210"]) == []


def test_tl210_and_tl203_share_strict_mode(lint):
    """Nullable-and-required is how strict mode spells optional: TL203 quiet, TL210 quiet."""
    assert lint({"tools.py": CLEAN_STRICT}, select=["TL203", "TL210"]) == []


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
