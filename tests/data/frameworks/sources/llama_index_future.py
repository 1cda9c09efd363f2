# Recorded with llama-index-core; see ../record.py. Annotations stay strings here.
from __future__ import annotations

from typing import Optional

from llama_index.core.tools import FunctionTool


async def search_orders(query: str, since: Optional[str] = None, limit: int = 10) -> str:
    """Search orders by free text. Use this when the user asks about an order."""
    return ""


def rate(score: float, unit: "str" = "star", *args, **kwargs) -> dict[str, int]:
    """Rate a delivery.

    Args:
        score (float): Stars from 1 to 5.
    """
    return {}


search_tool = FunctionTool.from_defaults(async_fn=search_orders)
rate_tool = FunctionTool.from_defaults(fn=rate)
