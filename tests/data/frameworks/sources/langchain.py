# Recorded with langchain-core; see ../record.py.
from typing import Annotated, Literal, Optional, Union

from langchain_core.tools import InjectedToolArg, tool


@tool
def search_orders(query: str, since: str | None, limit: int = 10, status: Optional[str] = None) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


@tool("get-order")
def get_order(order_id: str, user_id: Annotated[str, InjectedToolArg], verbose: bool = False) -> str:
    """Fetch one order by its id. Use when the user gives an id."""
    return ""


@tool(parse_docstring=True)
def rate(score: float, unit: Literal["star", "point"] = "star", tags: list[str] | None = None, extra: dict = {}) -> str:
    """Rate a delivery.

    Use this after the user received an order.

    Args:
        score: Stars from 1 to 5.
        unit: What the score counts.
        tags: Labels for the delivery.
        extra: Anything else.

    Returns:
        A confirmation.
    """
    return ""


@tool
def find_similar(text: str, callbacks=None, mode: Union[int, str] = 1, weights: dict[str, float] | None = None) -> str:
    """
    Find orders similar to a text.

    Args:
        text: The text.
    """
    return ""


@tool
def fetch_quote(symbol: Annotated[str, "Ticker symbol, such as AAPL."], days: Annotated[int, "Days of closes."] = 30) -> str:
    """Return the latest price of one stock. Call this before quoting a price."""
    return symbol
