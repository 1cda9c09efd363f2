# Parameters annotated with a pydantic model or a TypedDict; recorded with llama-index-core; see ../record.py.
from typing import Annotated, List, Optional

from llama_index.core.tools import FunctionTool
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


class Line(BaseModel):
    sku: str = Field(description="The product code.")
    quantity: int = Field(1, description="How many.")


def ship_order(order_id: str, address: Address, lines: List[Line], filters: Optional[Filters] = None) -> str:
    """Ship one order to an address. Use it once the order is paid."""
    return ""


def find_orders(filters: Filters, limit: int = 10) -> str:
    """Find orders that match the filters. Use it to list orders by status."""
    return ""


class ShipArgs(BaseModel):
    """Arguments of the shipping tool."""

    order_id: str = Field(description="The order to ship.")
    address: Address
    express: bool = False


ship_tool = FunctionTool.from_defaults(ship_order, fn_schema=ShipArgs, name="ship", description="Ship one paid order.")
find_tool = FunctionTool.from_defaults(find_orders)
described_tool = FunctionTool.from_defaults(find_orders, fn_schema=ShipArgs, name="ship_described")


def plan_route(stops: list[Address], home: Optional[Address] = None, labels: dict[str, Line] = {},
               backup: Address | None = None, batches: Optional[List[Line]] = None) -> str:
    """Plan a delivery route through the stops. Use it before shipping several orders."""
    return ""


def route_order(order_id: str, address: Address, filters: Filters | None = None) -> str:
    """Route one order to an address. Use it to preview the delivery.

    Args:
        order_id: The order to route.
        address: Where the parcel goes, as the customer gave it.
        filters: Which orders to route with it.
    """
    return ""


plan_tool = FunctionTool.from_defaults(plan_route)
route_tool = FunctionTool.from_defaults(route_order)


def pick_orders(order_id: str, at: Annotated[Address, Field(description="Where the picking happens.")],
                address: Address = Field(description="Where to send the picked orders."),
                lines: List[Line] = Field(description="The lines to pick."),
                filters: Filters = Field(description="Which orders to pick."),
                note: str = Field(description="A note for the picker."),
                backup: Optional[Address] = Field(default=None, description="Where to send what is left."),
                count: int = Field(2, description="How many to pick."),
                since: Optional[str] = Field(default=None, description="Only orders after this date.")) -> str:
    """Pick orders for shipping. Use it before ship_order."""
    return ""


pick_tool = FunctionTool.from_defaults(pick_orders)
