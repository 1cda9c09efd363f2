TOOLS = [
    {
        "name": "search",
        "description": "Search the catalogue. Use it when the user asks for a product.",  # noqa: E501
        "input_schema": {"type": "object", "properties": {}},  # type: ignore
    },
]
