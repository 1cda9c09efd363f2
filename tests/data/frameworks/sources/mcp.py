# Recorded with mcp 1.x (FastMCP); see ../record.py.
from typing import Annotated, Literal, Optional, Union

from mcp.server.fastmcp import Context, FastMCP
from pydantic import Field

mcp = FastMCP("orders")


@mcp.tool()
def search_orders(query: str, since: str | None, limit: int = 10, status: Optional[str] = None) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


@mcp.tool(name="get-order", description="Fetch one order by its id. Use when the user gives an id.")
async def get_order(order_id: str, ctx: Context, verbose: bool = False) -> str:
    return ""


@mcp.tool()
def rate(
    score: float,
    note: str = Field(description="A note for the reviewer."),
    unit: Literal["star", "point"] = "star",
    tags: list[str] = [],
    extra: dict = {},
) -> str:
    """Rate a delivery."""
    return ""


@mcp.tool()
def find_similar(
    text: Annotated[str, Field(description="Text to compare.")],
    weights: dict[str, float] | None = None,
    mode: Union[int, str] = 1,
    kinds: Optional[Literal["a", "b"]] = None,
    items: list = [],
) -> str:
    """
    Find orders similar to a text.

    Args:
        text: Ignored: the Field wins.
        weights: How much each field
            counts, from 0 to 1.
    """
    return ""


@mcp.tool("fetch_all_orders")
def fetch_orders() -> list:
    """Fetch every order. The first positional argument of tool() is the name."""
    return []
