# A Field's constraints on a parameter (held-out round 36, I): fastmcp sends examples,
# pattern, bounds and lengths as pydantic spells them, and drops the title; see ../record.py.
from typing import Annotated

from fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("shop")


@mcp.tool
def find_orders(
    order_ref: Annotated[str, Field(description="Order reference", examples=["ORD-1042"], pattern="ORD-[0-9]+")],
    limit: Annotated[int, Field(description="How many rows", ge=1, le=50)] = 10,
    note: Annotated[str, Field(description="A note", min_length=2, max_length=80, title="Note")] = "",
    tags: Annotated[list[str], Field(description="Tags", min_length=1)] = ["a"],
    price: float = Field(0.0, description="Price", gt=0, multiple_of=0.5),
) -> str:
    """Find orders by their reference. Use this when the user names an order."""
    return order_ref
