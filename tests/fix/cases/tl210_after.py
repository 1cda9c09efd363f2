TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "search",
            "description": "Search the catalogue. Use it when the user asks for a product.",
            "strict": True,
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "Words to look for."},
                    "filters": {
                        "type": "object",
                        "properties": {"color": {"type": "string", "description": "A colour."}},
                        "required": ["color"], "additionalProperties": False
                    },
                },
                "required": ["query", "filters"],
                "additionalProperties": False,
            },
        },
    },
]
