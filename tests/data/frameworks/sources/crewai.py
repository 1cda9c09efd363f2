# crewAI BaseTool subclasses: class attributes name/description/args_schema, a _run method.
from enum import Enum
from typing import List, Literal, Optional, Type

from crewai.tools import BaseTool, tool
from pydantic import BaseModel, ConfigDict, Field


class SearchInput(BaseModel):
    """Input for the order search."""

    query: str = Field(..., description="Words to look for in order notes.")
    limit: int = Field(10, description="Most results to return.", ge=1, le=50)
    status: Optional[str] = None


class Address(BaseModel):
    street: str = Field(description="Street and number.")
    city: str


class Color(str, Enum):
    RED = "red"
    BLUE = "blue"


class ShipInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    order_id: str = Field(description="The order to ship, as returned by search_orders.")
    address: Address
    extras: List[Address] = []
    color: Color = Color.RED
    speed: Literal["slow", "fast"] = "slow"
    contact_email: str = Field("", description="Who to notify.")


class SearchOrdersTool(BaseTool):
    name: str = "Search Orders"
    description: str = "Search orders by free text. Use when the user asks about an order."
    args_schema: Type[BaseModel] = SearchInput

    def _run(self, query: str, limit: int = 10, status: Optional[str] = None) -> str:
        return query


class ShipOrderTool(BaseTool):
    name: str = "ship_order"
    description: str = "Ship one order to an address."
    args_schema: Type[BaseModel] = ShipInput

    def _run(self, **kwargs) -> str:
        return ""


class EmptyInput(BaseModel):
    pass


class PingTool(BaseTool):
    name: str = "PingServer"
    description: str = "Check that the order server answers."
    args_schema: Type[BaseModel] = EmptyInput

    def _run(self) -> str:
        return "pong"


class TrackParcelTool(BaseTool):
    name: str = "Track parcel"
    description: str = "Tell where a shipped parcel is now. Use it when the user asks where an order is."

    def _run(self, tracking_number: str, carrier: Optional[str] = None, verbose: bool = False, **extra) -> str:
        return tracking_number


@tool("Cancel Order")
def cancel_order(order_id: str, reason: Optional[str] = None, notify: bool = True) -> str:
    """Cancel one order that has not shipped yet.

    Use search_orders first when the user gives no id.
    """
    return order_id


@tool
def refundStatus(order_id: str) -> str:
    """Tell whether a refund was paid."""
    return order_id


_TOOLS = [SearchOrdersTool(), ShipOrderTool(), PingTool(), TrackParcelTool(), cancel_order, refundStatus]
