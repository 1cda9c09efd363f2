PARAMETERS = {
    "type": "object",
    "properties": {"query": {"type": "string", "description": "Words to look for."}},
    "required": ["query"],
}

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "search",
            "description": "Search the catalogue. Use it when the user asks for a product.",
            "strict": True,
            "parameters": PARAMETERS,
        },
    },
]
