# Recorded with langchain-core; see ../record.py.
from typing import Optional

from langchain_core.tools import StructuredTool, Tool, tool


def search_orders(query: str, since: str | None, limit: int = 10, status: Optional[str] = None) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


def get_order(order_id: str, verbose: bool = False) -> str:
    """Fetch one order."""
    return ""


def rate(score: float, unit: str = "star") -> str:
    """Rate a delivery.

    Use this after the user received an order.

    Args:
        score: Stars from 1 to 5.
        unit: What the score counts.
    """
    return ""


def lookup(text: str) -> str:
    return ""


class Orders:
    def cancel(self, order_id: str, reason: Optional[str] = None) -> str:
        """Cancel an order. Use when the user asks to cancel."""
        return ""


orders = Orders()

search_tool = StructuredTool.from_function(search_orders)
order_tool = StructuredTool.from_function(func=get_order, name="get-order", description="Fetch one order by its id. Use when the user gives an id.")
rate_tool = StructuredTool.from_function(rate, parse_docstring=True)
lookup_tool = Tool.from_function(func=lookup, name="lookup", description="Look a text up. Use for anything else.")
cancel_tool = StructuredTool.from_function(orders.cancel)
called_tool = tool(get_order)
