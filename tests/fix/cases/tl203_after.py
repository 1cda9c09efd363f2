def search(query, limit=None):
    return []


def lookup(sku):
    return {}


TOOLS = [
    {
        "name": "search",
        "description": "Search the catalogue. Use it when the user asks for a product.",
        "input_schema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Words to look for."},
                "limit": {"type": ["integer", "null"], "description": "Most results to return."},
            },
            "required": ["query"],
        },
    },
    {
        "name": "lookup",
        "description": "Look a product up by SKU. Use it when the user gives a SKU.",
        "input_schema": {
            "type": "object",
            "properties": {"sku": {"type": "string", "description": "The SKU."}},
            "required": ["sku"],
        },
    },
]

TOOL_HANDLERS = {"search": search, "lookup": lookup}
