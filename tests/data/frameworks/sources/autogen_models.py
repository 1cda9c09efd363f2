# Parameters annotated with a pydantic model or a TypedDict; recorded with autogen-core; see ../record.py.
from typing import List, Optional

from autogen_core.tools import FunctionTool
from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict


class Address(BaseModel):
    """Where the parcel goes."""

    street: str = Field(description="Street and number.")
    city: str = Field(description="City name.")


class Filters(TypedDict):
    """Which orders to keep."""

    status: str
    since: NotRequired[str]


def ship_order(order_id: str, address: Address, stops: List[Address], filters: Optional[Filters] = None) -> str:
    """Ship one order to an address. Use it once the order is paid."""
    return ""


ship_tool = FunctionTool(ship_order, description="Ship one order to an address. Use it once the order is paid.")
