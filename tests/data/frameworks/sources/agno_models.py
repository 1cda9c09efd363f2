# Parameters annotated with a pydantic model or a TypedDict; recorded with agno; see ../record.py.
from typing import List, Optional

from agno.agent import Agent
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
    """Ship one order to an address. Use it once the order is paid.

    Args:
        order_id: The order to ship.
        address: Where it goes.
    """
    return ""


agent = Agent(tools=[ship_order])
