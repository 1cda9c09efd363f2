# Recorded with fastmcp 2.13.0.1, as requirements.txt beside it pins; see ../../record.py.
from typing import Annotated

from fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("orders")


@mcp.tool
async def open_order(item: str, qty: int) -> dict:
    """
    Open a new order for an item in the catalogue

    Args:
        item: Catalogue item code, e.g. "SKU-1"
        qty: How many units to order

    Note: This is only for new orders. For changing an existing order, use amend_order instead.
    """
    return {}


@mcp.tool()
def search_orders(query: str, limit: int = 10) -> list:
    """Search orders by free text.

    Use this when the user asks about an order.

    Parameters
    ----------
    query : str
        Words to look for.
    limit : int
        Most results to return.

    Returns
    -------
    list
        The matching orders.
    """
    return []


@mcp.tool
def cancel_order(
    order_no: Annotated[int, Field(description="The order number, as open_order returned it.")],
    reason: Annotated[str, "Why the customer cancels."] = "",
) -> dict:
    """Cancel an order. Call this when the customer asks to cancel.

    :param order_no: The order number.
    :param reason: Why.
    """
    return {}


@mcp.tool(description="Show where an order is. Call this when the customer asks about delivery.")
def order_status(order_no: int) -> dict:
    """Not sent: the description above replaces it."""
    return {}


@mcp.tool
def ping() -> str:
    return "pong"
