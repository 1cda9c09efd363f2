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


@beta_tool
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


@beta_tool
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


lookup_tool = beta_tool(lookup)


class Orders:
    @beta_tool
    def refund(self, order_id: str) -> str:
        """Refund an order."""
        return ""
