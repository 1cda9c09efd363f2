# Recorded with openai-agents; see ../record.py.
from typing import Any, Literal, Optional, Union

from agents import RunContextWrapper, function_tool


@function_tool
def search_orders(query: str, since: str | None, limit: int = 10, status: Optional[str] = None) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


@function_tool(name_override="get-order", description_override="Fetch one order by its id. Use when the user gives an id.")
async def get_order(ctx: RunContextWrapper[Any], order_id: str, verbose: bool = False) -> str:
    return ""


@function_tool(strict_mode=False)
def rate(score: float, unit: Literal["star", "point"] = "star", tags: list[str] | None = None, extra: dict = {}) -> str:
    """Rate a delivery.

    Args:
        score: Stars from 1 to 5.
        unit: What the score counts.
    """
    return ""


@function_tool
def find_similar(text: str, kinds: Optional[Literal["a", "b"]] = None, items: list[int] = [], mode: Union[int, str] = 1) -> str:
    """Find orders similar to a text.

    Args:
        text: The text to compare
            with every order.
        kinds: Which kinds.

    Returns:
        The similar orders.
    """
    return ""


@function_tool
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


@function_tool
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


def lookup(text: str, limit: int = 3) -> str:
    """Look a text up. Use for anything else."""
    return ""


lookup_tool = function_tool(lookup, name_override="lookup-text")


class Orders:
    @function_tool
    def refund(self, order_id: str) -> str:
        """Refund an order."""
        return ""
