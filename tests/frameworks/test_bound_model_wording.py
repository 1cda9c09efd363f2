"""A model handed to `bind_tools([Model])` is the tool, named after it (issue 16): its
findings say "model ShipOrder" once, not "model ShipOrder (tool 'ShipOrder')"; a tool with
a name of its own (`args_schema=`) keeps naming both."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import run
from toollint.rulekit.naming import schema_owner

from test_openai_models import linked_tools

BOUND = '''
from typing import Optional

from langchain_openai import ChatOpenAI
from pydantic import BaseModel, Field


class Address(BaseModel):
    """A postal address."""

    city: str


class ShipOrder(BaseModel):
    """Ship an order to an address. Call it once the user confirmed the address; not for returns."""

    order_id: str = Field(description="The order's id, such as 'ORD-1042', from the order list.")
    address: Address
    note: Optional[str]


llm = ChatOpenAI().bind_tools([ShipOrder])
'''

NAMED = BOUND.replace("llm = ChatOpenAI().bind_tools([ShipOrder])", '''from langchain_core.tools import StructuredTool


def ship(order_id: str, address: Address, note: Optional[str]) -> str:
    """Ship an order to an address. Call it once the user confirmed the address; not for returns."""
    return order_id


ship_tool = StructuredTool.from_function(ship, name="ship_order", args_schema=ShipOrder)
''')


def _messages(tmp_path, source):
    path = tmp_path / f"m{len(list(tmp_path.iterdir()))}.py"
    path.write_text(textwrap.dedent(source).lstrip())
    found = run([str(path)], Settings(root=str(tmp_path), select=("TL207",)), cache=False).findings
    return sorted((f.span.line, f.message.split(" has no description")[0]) for f in found)


def test_a_bound_model_is_named_once(tmp_path):
    assert _messages(tmp_path, BOUND) == [
        (10, "property 'city' of model Address (tool 'ShipOrder', at address.city)"),
        (18, "property 'note' of model ShipOrder"),
    ]
    path = tmp_path / "bound.py"
    path.write_text(textwrap.dedent(BOUND).lstrip())
    [tool] = linked_tools(str(path), "bound")
    assert schema_owner(tool) == "model ShipOrder"


def test_a_tool_with_its_own_name_keeps_naming_both(tmp_path):
    assert _messages(tmp_path, NAMED) == [
        (10, "property 'city' of model Address (tool 'ship_order', at address.city)"),
        (18, "property 'note' of model ShipOrder (tool 'ship_order')"),
    ]
