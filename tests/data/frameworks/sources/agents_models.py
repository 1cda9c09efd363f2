# Parameters annotated with a pydantic model or a TypedDict; recorded with openai-agents; see ../record.py.
from typing import Annotated, List, Optional

from agents import function_tool
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


@function_tool
def ship_order(order_id: str, address: Address, lines: List[Line], filters: Optional[Filters] = None) -> str:
    """Ship one order to an address. Use it once the order is paid."""
    return ""


@function_tool
def find_orders(filters: Filters, limit: int = 10) -> str:
    """Find orders that match the filters. Use it to list orders by status."""
    return ""


@function_tool
def plan_route(stops: list[Address], home: Optional[Address] = None,
               backup: Address | None = None, batches: Optional[List[Line]] = None) -> str:
    """Plan a delivery route through the stops. Use it before shipping several orders."""
    return ""


@function_tool
def route_order(order_id: str, address: Address, filters: Filters | None = None) -> str:
    """Route one order to an address. Use it to preview the delivery.

    Args:
        order_id: The order to route.
        address: Where the parcel goes, as the customer gave it.
        filters: Which orders to route with it.
    """
    return ""


class Parcel(BaseModel):
    """One parcel of a shipment."""

    weight: float = Field(description="Weight in kilograms.")
    label: Optional[str] = None
    contact: Optional[Address] = Field(None, description="Who to call about it.")
    lines: List[Line] = Field(default_factory=list, description="What is in it.")


@function_tool
def send_parcels(parcels: List[Parcel], spare: Optional[Parcel] = None) -> str:
    """Send parcels of one shipment. Use it once every parcel is weighed."""
    return ""


@function_tool
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
