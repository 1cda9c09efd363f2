# Recorded with fastmcp; see ../record.py.
from typing import Optional

from fastmcp import FastMCP
from fastmcp.tools import Tool, tool

mcp = FastMCP("orders")


def search_orders(query: str, since: str | None, limit: int = 10) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


def get_order(order_id: str, verbose: bool = False) -> str:
    """Fetch one order by its id."""
    return ""


class Orders:
    @tool(name="cancel-order")
    def cancel(self, order_id: str, reason: Optional[str] = None) -> str:
        """Cancel an order. Use when the user asks to cancel."""
        return ""

    def refund(self, order_id: str) -> str:
        """Refund an order."""
        return ""


orders = Orders()

mcp.add_tool(search_orders)
mcp.add_tool(Tool.from_function(get_order, name="get-order", description="Fetch one order by its id. Use when the user gives an id."))
mcp.add_tool(orders.cancel)
mcp.add_tool(orders.refund)
