# Recorded with pydantic-ai-slim; see ../record.py.
from typing import Optional

from pydantic_ai import Agent, RunContext, Tool
from pydantic_ai.toolsets import FunctionToolset


def search_orders(ctx: RunContext[None], query: str, since: str | None, limit: int = 10) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


def get_order(order_id: str, verbose: bool = False) -> str:
    """Fetch one order by its id."""
    return ""


def rate(c, score: float, unit: str = "star") -> str:
    """Rate a delivery.

    :param score: Stars from 1 to 5.
    :param unit: What the score counts.
    """
    return ""


def cancel(order_id: str, reason: Optional[str] = None) -> str:
    """Cancel an order.

    Parameters
    ----------
    order_id : str
        The order to cancel.
    reason : str, optional
        Why the user cancels.
    """
    return ""


toolset = FunctionToolset()
agent = Agent(
    "test",
    tools=[search_orders, Tool(get_order, name="get-order"), Tool(rate, takes_ctx=True), cancel],
    toolsets=[toolset],
)


@toolset.tool_plain
def refund(order_id: str) -> str:
    """Refund an order. Use when the user asks for money back."""
    return ""
