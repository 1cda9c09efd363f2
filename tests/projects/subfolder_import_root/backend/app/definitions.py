SEARCH = {
    "name": "search",
    "description": "Search the catalogue. Use this when the user names a product; do not use it for orders.",
    "input_schema": {"type": "object", "properties": {"q": {"type": "string", "description": "product words"}}},
}
