# Recorded with pydantic-ai-slim; see ../record.py.
from typing import Annotated, Literal, Optional

from pydantic import Field

from pydantic_ai import Agent, RunContext

agent = Agent("test")


@agent.tool
def search_orders(ctx: RunContext[None], query: str, since: str | None, limit: int = 10, status: Optional[str] = None) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


@agent.tool_plain(name="get-order", description="Fetch one order by its id. Use when the user gives an id.")
def get_order(order_id: str, verbose: bool = False) -> str:
    return ""


@agent.tool_plain
def rate(score: float, unit: Literal["star", "point"] = "star", tags: list[str] | None = None, extra: dict = {}) -> str:
    """Rate a delivery.

    Args:
        score: Stars from 1 to 5.

    Returns:
        A confirmation.
    """
    return ""


@agent.tool_plain
def find_similar(
    text: Annotated[str, Field(description="Text to compare.")],
    weights: dict[str, float] | None = None,
    kinds: Optional[Literal["a", "b"]] = None,
) -> str:
    """Find orders similar to a text.

    Args:
        weights: How much each field
            counts, from 0 to 1.
    """
    return ""


@agent.tool_plain
def sphinx_style(query: str, limit: int = 10, since: str = "") -> str:
    """Search orders, Sphinx style.

    Use this when the user asks about an order.

    :param query: Words to look for.
    :param limit: Most results
        to return.
    :type limit: int
    :returns: The matching orders.
    """
    return ""


@agent.tool_plain
def numpy_style(query: str, limit: int = 10, since: str = "") -> str:
    """Search orders, NumPy style.

    Use this when the user asks about an order.

    Parameters
    ----------
    query : str
        Words to look for.
    limit : int, optional
        Most results
        to return.

    Returns
    -------
    str
        The matching orders.
    """
    return ""


class Orders:
    @agent.tool_plain
    def refund(self, order_id: str) -> str:
        """Refund an order."""
        return ""
