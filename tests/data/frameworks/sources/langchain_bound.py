# Recorded with langchain-core and langgraph; see ../record.py.
from typing import Optional

from langgraph.prebuilt import create_react_agent


def search_orders(query: str, since: Optional[str] = None, limit: int = 10) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


def get_order(order_id: str) -> str:
    """Fetch one order."""
    return ""


def rate(score: float, unit: str = "star") -> str:
    """Rate a delivery.

    Use this after the user received an order.

    Args:
        score: Stars from 1 to 5.
        unit: What the score counts.
    """
    return ""


def track(order_id: str, carrier: Optional[str] = None) -> str:
    """
    Track a parcel.
      Use when the user asks where an order is.
    """
    return ""


def bind(llm):
    return llm.bind_tools([search_orders, get_order])


def build(model):
    return create_react_agent(model, tools=[rate, track])
