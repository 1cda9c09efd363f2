TOOLS = [
    {
        "name": "search",
        "description": "Search the catalogue. Use it when the user asks for a product.",
        "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string", "description": "Words to look for."}},
            "required": ["query", "qurey"],
        },
    },
]
