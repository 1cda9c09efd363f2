# args_schema given as a JSON-schema dict; recorded with langchain-core; see ../record.py.
from langchain_core.tools import StructuredTool, tool

SEARCH_SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "description": "Words to look for."},
        "limit": {"type": "integer", "default": 10},
    },
    "required": ["query"],
}


@tool(args_schema=SEARCH_SCHEMA)
def search_orders(query: str, limit: int = 10) -> str:
    """Search orders by free text. Use it when the user asks about an order."""
    return ""


def get_order(order_id: str) -> str:
    """Fetch one order by its id. Use it when the user gives an id."""
    return ""


get_order_tool = StructuredTool.from_function(
    get_order,
    args_schema={"type": "object", "title": "GetOrder", "properties": {"order_id": {"type": "string"}},
                 "required": ["order_id"]},
)
