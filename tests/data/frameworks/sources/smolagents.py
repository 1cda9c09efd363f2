# Recorded with smolagents; see ../record.py.
from typing import Literal, Optional, Union

from smolagents import tool


@tool
def search_orders(query: str, since: str | None, limit: int = 10, status: Optional[str] = None) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
        status: Only orders in this state.
        since: An ISO date.
    """
    return ""


@tool
def rate(score: float, unit: Literal["star", "point"] = "star", tags: list[str] | None = None, extra: dict = {}) -> str:
    """Rate a delivery.

    Args:
        score: Stars from 1 to 5.
        unit: What the score counts.
        tags: Labels for the delivery.
        extra: Anything else.
    """
    return ""


@tool
def find_similar(text: str, mode: Union[int, str], kinds: Optional[Literal["a", "b"]] = None) -> str:
    """
    Find orders similar to a text.

    Args:
        text: The text to compare
            with every order.
        mode: How to compare.
        kinds: Which kinds.
    """
    return ""
