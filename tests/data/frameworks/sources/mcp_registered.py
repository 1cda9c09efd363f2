# Recorded with mcp 1.x (FastMCP); see ../record.py.
from typing import Optional

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("orders")


def search_orders(query: str, since: str | None, limit: int = 10, note=None) -> str:
    """Search orders by free text.

    Args:
        query: Words to look for.
    """
    return ""


def get_order(order_id: str, verbose: bool = False) -> str:
    """Fetch one order by its id."""
    return ""


def rate(score: float, unit: str = "star") -> str:
    return ""


class Orders:
    def cancel(self, order_id: str, reason: Optional[str] = None) -> str:
        """Cancel an order. Use when the user asks to cancel."""
        return ""

    @mcp.tool()
    def refund(self, order_id: str) -> str:
        """Refund an order."""
        return ""


orders = Orders()

mcp.add_tool(search_orders)
mcp.add_tool(get_order, name="get-order", description="Fetch one order by its id. Use when the user gives an id.")
mcp.tool(name="rate-delivery")(rate)
mcp.add_tool(orders.cancel)
