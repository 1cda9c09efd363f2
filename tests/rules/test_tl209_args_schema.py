"""TL209 judges a function's signature only where the schema comes from it: with
`StructuredTool.from_function(func=f, args_schema=Model)` LangChain sends the model's
schema, and `= None` on `f` changes nothing the model sees (held-out round 13, class P). A
strict tool's `None` default on a type without None is reported the other way round."""
from __future__ import annotations

import pytest

SOURCE = '''
from typing import Optional

from langchain_core.tools import StructuredTool
from pydantic import BaseModel, Field


class SearchInputs(BaseModel):
    origin: Optional[str] = Field(description="Origin city such as 'Paris'. Pass null if not provided.")


def search_flights(origin: Optional[str]) -> str:
    return origin or ""


SearchTool = StructuredTool.from_function(
    func=search_flights,
    name="flight_search_tool",
    description="Search for flights from an origin city. Use this when the customer wants to book a flight.",
    ARGS
)
'''


def _codes(lint, args):
    return [code for _, _, code in lint({"tools.py": SOURCE.replace("ARGS", args)}, select=["TL209"])]


def test_a_model_given_as_args_schema_is_what_is_sent(lint):
    assert _codes(lint, "args_schema=SearchInputs,") == []


def test_the_signature_is_judged_when_the_schema_comes_from_it(lint):
    assert _codes(lint, "") == ["TL209"]


STRICT = '''
from agents import Agent, function_tool


@function_tool{options}
def book_spa(treatment: str, room: {annotation}) -> str:
    """Book a spa treatment. Use this when the guest asks for a massage; not for tables."""
    return treatment


agent = Agent(name="spa", tools=[book_spa])
'''


@pytest.mark.parametrize("options, annotation, fires", [
    ("", "int = None", True),  # held-out round 122, M1: required, never null
    ("", "int | None = None", False),  # nullable: the model sends null to leave it out
    ("", "Optional[int] = None", False),
    ("(strict_mode=False)", "int = None", False),  # not strict: optional, with its default
    ("", "int = 0", False),  # a real default the model can send
])
def test_a_strict_tools_none_default_on_a_type_without_none(lint, options, annotation, fires):
    source = "from typing import Optional\n" + STRICT.format(options=options, annotation=annotation)
    assert (lint({"spa.py": source}, select=["TL209"]) != []) is fires
