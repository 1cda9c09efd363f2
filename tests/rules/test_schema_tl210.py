"""TL210 strict-mode-violation: what OpenAI strict mode refuses, and where strictness cannot be seen."""
from __future__ import annotations

import pytest

from schemacase import CLEAN_STRICT, expect


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


def test_tl210_quiet_where_the_project_sends_through_another_providers_client(lint):
    # held-out round 108, A: OpenAI-format tools with `strict` sent by `Mistral(...)`, whose
    # strict mode does not need `additionalProperties: false`; the client is in another module
    strict = STRICT_TOOL.format(strict='"strict": True,')
    bot = ("from mistralai import Mistral\nfrom tools import TOOLS\n\n\n"
           "def answer(messages):\n    return Mistral(api_key='k').chat.complete(messages=messages, tools=TOOLS)\n")
    assert lint({"tools.py": strict, "bot.py": bot}, select=["TL210"]) == []
    # an OpenAI client sending tools anywhere in the project: judged by OpenAI's list
    fallback = bot.replace("from mistralai import Mistral", "from openai import OpenAI").replace(
        "Mistral(api_key='k').chat.complete(", "OpenAI().chat.completions.create(model='m', ")
    both = {"tools.py": strict, "bot.py": bot, "fallback.py": fallback}
    assert lint(both, select=["TL210"]) == expect(strict, "TL210")


def test_tl210_and_tl203_share_strict_mode(lint):
    """Nullable-and-required is how strict mode spells optional: TL203 quiet, TL210 quiet."""
    assert lint({"tools.py": CLEAN_STRICT}, select=["TL203", "TL210"]) == []


def test_tl210_on_an_object_the_framework_derives_says_to_change_the_type(tmp_path):
    # crewAI makes every schema strict and derives `Any` as an object with no
    # additionalProperties: there is no dict in the code to add it to
    from lintcase import write_tree

    from toollint.config.settings import Settings
    from toollint.engine.core import run

    write_tree(tmp_path, {"tools.py": '''
from typing import Any

from crewai.tools import BaseTool


class Compare(BaseTool):
    name: str = "compare"
    description: str = "Compare a value with the last one. Use this when the user asks for a change."

    def _run(self, value: Any | None = None) -> str:
        return str(value)
'''})
    messages = [f.message for f in run([str(tmp_path)], Settings(root=str(tmp_path), select=("TL210",)),
                                       cache=False).findings]
    assert messages and all(m.endswith("the framework derives it from the type here: use a type with declared fields")
                            for m in messages)
    # a dict written in the code: there it can be added
    write_tree(tmp_path, {"tools.py": '''
TOOLS = [{"type": "function", "function": {"name": "tag", "description": "Tag a ticket.", "strict": True,
          "parameters": {"type": "object", "properties": {}, "required": []}}}]
'''})
    messages = [f.message for f in run([str(tmp_path)], Settings(root=str(tmp_path), select=("TL210",)),
                                       cache=False).findings]
    assert messages and all(m.endswith("strict mode rejects the tool; add it") for m in messages)


CREW_TOOLS = '''
from crewai.tools import tool
from pydantic import BaseModel, Field


class Venue(BaseModel):
    name: str = Field(description="Venue name as printed on the ticket.")


@tool("Book venues")
def book_venues(venues: list[Venue]) -> str:
    """Book every venue of a tour. Call this when the tour dates are confirmed."""
    return "ok"
'''


@pytest.mark.parametrize("pin, strict", [(None, True), ("crewai==0.65.2\n", False), ("crewai>=1.10\n", True)])
def test_tl210_quiet_on_crewai_tools_whose_parameter_types_are_not_read(tmp_path, pin, strict):
    # held-out round 57, B: crewAI's strict pipeline closes the top level whatever the
    # parameters are, and before 1.10 crewAI sent no strict schema at all
    import json

    from lintcase import parse_findings, toollint, write_tree

    from toollint.config.pins import _folder_bounds

    _folder_bounds.cache_clear()  # a folder of its own each run, but pytest may reuse its path
    write_tree(tmp_path, {"tools.py": CREW_TOOLS, **({"requirements.txt": pin} if pin else {})})
    assert parse_findings(toollint("check", "--no-cache", "--select", "TL210", "tools.py", cwd=tmp_path).stdout) == []
    [tool] = json.loads(toollint("dump", "--no-cache", "tools.py", cwd=tmp_path).stdout)
    assert tool.get("strict", False) is strict
