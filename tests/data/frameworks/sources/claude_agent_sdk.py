# Recorded with claude-agent-sdk; see ../record.py.
from typing import Annotated, Optional

from claude_agent_sdk import tool


@tool("search_orders", "Search orders by free text. Use this when the user asks about an order.",
      {"query": str, "limit": int, "status": Optional[str], "tags": list[str], "note": Annotated[str, "A note."]})
async def search_orders(args):
    return {"content": []}


@tool(
    "get-order",
    "Fetch one order by its id. Use when the user gives an id.",
    {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
)
async def get_order(args):
    return {"content": []}
