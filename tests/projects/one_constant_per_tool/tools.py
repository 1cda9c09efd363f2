"""One module constant per tool, never collected in a list here."""

SEARCH_TOOL = dict(
    name="search_docs",
    description="Search docs.",
    input_schema={"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
)

FETCH_TOOL = {
    "name": "fetch page",
    "description": (
        "Download one documentation page by its path. "
        "Call this when a search result looks relevant and you need its full text."
    ),
    "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}},
}
