TOOLS = [
    {
        "name": "search",  # noqa: TL301 kept until the rename lands
        "description": "Search the catalogue. Use it when the user asks for a product.",
        "input_schema": {"type": "object", "properties": {}},
    },
]
