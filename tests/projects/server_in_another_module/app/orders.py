from .server import mcp


@mcp.tool()
def search_orders(query: str) -> str:
    """Search orders by free text. Use this when the user asks about an order they cannot identify by id."""
    return ""


@mcp.tool()
def get_order(order_id: str) -> str:
    """Fetch one order by its id. Use this when the user gives an order id; do not use it to search."""
    return ""
