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

SHOP = "search_prodcts"  # a constant: other code may read it

TOOL_CATEGORIES = {
    "shop": [SHOP],
    "orders": ["track_order"],
}
