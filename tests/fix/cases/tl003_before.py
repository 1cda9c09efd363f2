TOOLS = [
    {
        "name": "search",  # noqa: TL301
        "description": "Search the catalogue. Use it when the user asks for a product.",  # noqa: E501, TL103
        "input_schema": {"type": "object", "properties": {}},  # type: ignore # noqa: TL201
    },
]
