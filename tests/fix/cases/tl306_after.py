TOOLS = [
    {
        "name": "search_products",
        "description": "Search the catalogue. Use it when the user asks for a product.",
        "input_schema": {"type": "object", "properties": {}},
    },
    {
        "name": "track_order",
        "description": "Track an order. Use it when the user asks where a parcel is.",
        "input_schema": {"type": "object", "properties": {}},
    },
]

TOOL_CATEGORIES = {
    "shop": ['search_products'],
    "orders": ["track_order"],
}
