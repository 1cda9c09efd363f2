from . import common
from .common import BASE_TOOLS

EXTRA = [
    {
        "name": "search_orders",
        "description": (
            "Search orders by customer id. Call this when the customer asks about past orders; "
            "do not call it for customer details, use search_customers instead."
        ),
        "input_schema": {
            "type": "object",
            "properties": {"customer_id": {"type": "string", "description": "Like C-1."}},
            "required": ["customer_id"],
        },
    },
    {
        "name": "close_account",
        "description": (
            "Close a customer's account. Call this only when the customer asks to leave; "
            "do not call it for refunds, use search_orders to find the order instead."
        ),
        "input_schema": {
            "type": "object",
            "properties": {"customer_id": {"type": "string", "description": "Like C-1."}},
            "required": ["customer_id"],
        },
    },
]

TOOL_DEFINITIONS = [*BASE_TOOLS] + EXTRA
