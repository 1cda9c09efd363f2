def search_orders(query: str) -> str:
    """Search orders by free text. Use this when the user asks about an order they cannot identify by id.

    Args:
        query: words from the order, such as a product name
    """
    return ""


def get_order(order_id: str) -> str:
    return ""


def on_event(event: str) -> None:
    """Log an event. Use this to trace what the agent does."""
