"""TL209 judges a function's signature only where the schema comes from it: with
`StructuredTool.from_function(func=f, args_schema=Model)` LangChain sends the model's
schema, and `= None` on `f` changes nothing the model sees (held-out round 13, class P)."""
from __future__ import annotations

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
