# Recorded with llama-index-core; see ../record.py.
from typing import Annotated, List, Literal, Optional

from llama_index.core.tools import FunctionTool
from pydantic import Field


def search_orders(query: str, since: str | None, limit: int = 10, status: Optional[str] = None) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query (str): Words to look for.
        limit: Most results to return.
    """
    return ""


def get_order(order_id: str, verbose: bool = False) -> str:
    return ""


def rate(score: float, unit: Literal["star", "point"] = "star", tags: List[str] = [], *, note: str = "none") -> None:
    """Rate a delivery.

    :param score: Stars from 1 to 5.
    :param unit: What the score counts.
    """


async def find_similar(
    text: Annotated[str, Field(description="Text to compare.")],
    weights: dict[str, float] | None = None,
    kind: Optional[Literal["a", "b"]] = None,
):
    """
        Find orders similar to a text.

        @param weights How much each field counts.
    """
    return ""


search_tool = FunctionTool.from_defaults(fn=search_orders)
order_tool = FunctionTool.from_defaults(get_order, name="get-order", description="Fetch one order by its id. Use when the user gives an id.")
rate_tool = FunctionTool.from_defaults(rate)
similar_tool = FunctionTool.from_defaults(async_fn=find_similar, name="similar")
