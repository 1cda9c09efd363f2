# Recorded with anthropic; see ../record.py.
from typing import Literal, Optional, Union

from anthropic import beta_tool


@beta_tool
def search_orders(query: str, since: str | None, limit: int = 10, status: Optional[str] = None) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


@beta_tool(name="get-order", description="Fetch one order by its id. Use when the user gives an id.")
def get_order(order_id: str, verbose: bool = False) -> str:
    return ""


@beta_tool
def rate(score: float, unit: Literal["star", "point"] = "star", tags: list[str] | None = None, extra: dict = {}) -> str:
    """Rate a delivery."""
    return ""


@beta_tool
def find_similar(text: str, weights: dict[str, float] | None = None, mode: Union[int, str] = 1) -> str:
    """
    Find orders similar to a text.

    Args:
        text: The text to compare
            with every order.
    """
    return ""
