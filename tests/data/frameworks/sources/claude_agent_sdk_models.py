# Parameters annotated with a pydantic model or a TypedDict; recorded with claude-agent-sdk; see ../record.py.
from typing import List, Optional

from claude_agent_sdk import tool
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


@tool("ship_order", "Ship one order to an address. Use it once the order is paid.",
      {"order_id": str, "address": Address, "stops": List[Address], "filters": Optional[Filters]})
async def ship_order(args):
    return {"content": []}
