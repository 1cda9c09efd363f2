from app import mcp


@mcp.tool()
def get_order(order_id: str) -> str:
    """Fetch an order's invoice. Use this when the user asks about billing; do not use it for delivery."""
    return ""


def refund(order_id: str) -> str:
    """Refund an order."""
    return ""


mcp.add_tool(refund)
