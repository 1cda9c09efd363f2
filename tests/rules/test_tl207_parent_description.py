"""TL207 on a nested property the description of its object documents (held-out round
44, H): named there, shown in an example, marked required or optional, or covered together with its siblings of one
type; a parent description that does neither still leaves each child bare."""
from __future__ import annotations

import pytest

TOOL = '''
TOOLS = [
    {
        "name": "create_pivot",
        "description": "Create a pivot table. Use this when the user asks for a summary by group.",
        "input_schema": {
            "type": "object",
            "properties": {
                "rule": {
                    "type": "object",
                    "description": DESCRIPTION,
                    "properties": PROPERTIES,
                },
            },
            "required": ["rule"],
        },
    },
]
'''
NUMBERS = '{"interval": {"type": "number"}, "start": {"type": "number"}, "end": {"type": "number"}}'
MIXED = '{"interval": {"type": "number"}, "label": {"type": "string"}}'


def _found(lint, description: str, properties: str):
    source = TOOL.replace("DESCRIPTION", repr(description)).replace("PROPERTIES", properties)
    return sorted(line for _, line, _ in lint({"tools.py": source}, select=["TL207"]))


@pytest.mark.parametrize("description, properties", [
    ("Group numbers into buckets. interval required, start/end optional.", NUMBERS),
    ('Manual groups, e.g. {"interval": 5, "start": 0, "end": 100}.', NUMBERS),
    ("Bucket bounds (whole numbers, 0-100 each).", NUMBERS),
    ("Bucket bounds (whole numbers, 0-100 each).", NUMBERS.replace('"number"', '["number", "null"]')),  # round 53, I
    ("Bounds, e.g. [{interval: 5, start: 0, end: 100}].", NUMBERS),  # keys of an example (round 49, D)
    ("Array of {interval, start, end}", NUMBERS),  # the fields listed in braces (round 103, A)
])
def test_children_the_parent_documents_are_quiet(lint, description, properties):
    assert _found(lint, description, properties) == []


@pytest.mark.parametrize("description, properties, count", [
    ("Group numbers into buckets.", NUMBERS, 3),  # names none of them
    ("Bucket bounds, one for each group.", MIXED, 2),  # "each" over children of two types
    # a plain word may name the thing, not the field ("a street address in one city")
    ("Group numbers into buckets of the given interval.", MIXED, 2),
    ('Buckets: "interval" sets the width.', MIXED, 1),  # 'label' is still bare
    ("Array of {interval, start}", NUMBERS, 1),  # 'end' is not in the braces
    ("A {single} bucket of numbers.", MIXED, 2),  # one word in braces lists no fields
])
def test_children_the_parent_does_not_document_still_fire(lint, description, properties, count):
    assert len(_found(lint, description, properties)) == count


MODEL = '''
from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent
from pydantic import BaseModel


class CreateProjectInput(BaseModel):
    """The input for creating a project.

    Attributes:
        DOCUMENTED
    """

    name: str
    key: str


@tool
def create_project(input: CreateProjectInput) -> str:
    """Create a project. Use this when the user asks for a new project; not for renaming one."""
    return input.name


agent = create_react_agent(model=None, tools=[create_project])
'''


def test_fields_a_model_docstring_documents_on_their_own_lines_are_quiet(lint):
    # held-out round 48, K: pydantic sends the docstring as the object's description
    documented = "name (str): The display name, e.g. 'Billing'.\n        key (str): The short key, e.g. 'BILL'."
    assert lint({"tools.py": MODEL.replace("DOCUMENTED", documented)}, select=["TL207"]) == []


def test_fields_a_model_docstring_only_mentions_in_prose_still_fire(lint):
    documented = "Give the project a name and a short key."
    assert len(lint({"tools.py": MODEL.replace("DOCUMENTED", documented)}, select=["TL207"])) == 2


HOTELS = '''
from typing import TypedDict

from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent


class Hotel(TypedDict):
    name: str
    stars: str
    price: str


@tool
def show_hotels(hotels: list[Hotel]) -> str:
    """Display hotel cards. Use this when the user asks for hotel options; not for booking.

    Each hotel must have: name (e.g. "Hotel Adlon"), stars (e.g. "5"),
    and price (per night, e.g. "$289").
    """
    return "ok"


agent = create_react_agent("m", [show_hotels])
'''


def test_the_one_parameters_fields_listed_in_the_tool_text_are_documented(lint):
    # held-out round 60, H: the docstring is sent and documents every field of the items
    assert lint({"tools.py": HOTELS}, select=["TL207"]) == []
    # a field it does not list is still reported; the parameter itself is what "Each hotel
    # must have:" describes (held-out round 115, H)
    partial = HOTELS.replace(',\n    and price (per night, e.g. "$289").', ".")
    assert [line for _, line, _ in lint({"tools.py": partial}, select=["TL207"])] == [10]
    unsaid = partial.replace("Each hotel must have:", "Cards have:")
    assert [line for _, line, _ in lint({"tools.py": unsaid}, select=["TL207"])] == [10, 14]
