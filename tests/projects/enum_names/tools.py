from enum import Enum


class ToolName(str, Enum):
    SEARCH = "search_kb"
    ESCALATE = "escalate to human"


TOOLS = [
    {
        "name": ToolName.SEARCH.value,
        "description": (
            "Search the knowledge base. Use this when the user asks a how-to question; "
            "do not use it for account problems, escalate instead."
        ),
        "input_schema": {"type": "object", "properties": {"q": {"type": "string", "description": "Query."}}},
    },
    {
        "name": ToolName.ESCALATE,
        "description": (
            "Hand over to a human. Use this when the user asks for a person; "
            "do not use it for how-to questions."
        ),
        "input_schema": {"type": "object", "properties": {}},
    },
]
