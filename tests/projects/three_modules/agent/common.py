DESC_SEARCH = (
    "Search customers by name or email. "
    "Call this when you need a customer id; do not call it for orders, use search_orders instead."
)
BASE_TOOLS = [
    {
        "name": "search_customers",
        "description": DESC_SEARCH,
        "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string", "description": "Name or email."}},
            "required": ["query"],
        },
    }
]
