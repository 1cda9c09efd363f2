# Parameters annotated with a pydantic model or a TypedDict; recorded with mcp 2.x (MCPServer); see ../record.py.
from typing import Annotated, List, Literal, Optional

from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict

mcp = MCPServer("orders")


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
    quantity: int = Field(1, description="How many.", ge=1)


class Parcel(BaseModel):
    """One parcel: its lines and where it goes."""

    lines: List[Line] = Field(description="What is in it.")
    to: Address
    returned_to: Optional[Address] = Field(None, description="Where it comes back to, if refused.")
    speed: Literal["standard", "express"] = "standard"


class SnapshotInput(BaseModel):
    """Take a snapshot of one virtual machine."""

    vmid: int = Field(description="The VM's numeric id, e.g. 100.", ge=100)
    name: str = Field(description="The snapshot's name.", max_length=40)
    include_ram: bool = False


@mcp.tool()
def ship_order(order_id: str, address: Address, lines: List[Line], filters: Optional[Filters] = None) -> str:
    """Ship one order to an address. Use it once the order is paid."""
    return ""


@mcp.tool()
def find_orders(filters: Filters, limit: int = 10) -> str:
    """Find orders that match the filters. Use it to list orders by status."""
    return ""


@mcp.tool()
def plan_route(stops: list[Address], home: Optional[Address] = None, labels: dict[str, Line] = {},
               backup: Address | None = None, batches: Optional[List[Line]] = None) -> str:
    """Plan a delivery route through the stops. Use it before shipping several orders."""
    return ""


@mcp.tool()
def route_order(order_id: str, address: Address, filters: Filters | None = None) -> str:
    """Route one order to an address. Use it to preview the delivery.

    Args:
        order_id: The order to route.
        address: Where the parcel goes, as the customer gave it.
        filters: Which orders to route with it.
    """
    return ""


@mcp.tool()
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


@mcp.tool()
def send_parcels(parcels: list[Parcel], fallback: Optional[Address], ctx: Context) -> str:
    """Send parcels, each to its own address. Use it for orders split in several parcels."""
    return ""


@mcp.tool()
def create_snapshot(params: SnapshotInput) -> str:
    """Take a snapshot of a VM. Use it before changing the VM's configuration."""
    return ""
