"""Responses API tools with a match/case dispatch."""

TOOLS = [
    {
        "type": "function",
        "name": "add_note",
        "description": "Attach a note to a ticket. Use this when the agent wants to record something; "
        "do not use it to message the customer.",
        "parameters": {
            "type": "object",
            "properties": {"ticket_id": {"type": "string", "description": "Like T-9."},
                           "text": {"type": "string", "description": "Note text."}},
            "required": ["ticket_id", "text"],
        },
    },
    {
        "type": "function",
        "name": "close_ticket",
        "description": "Close a solved ticket. Use this when the customer confirms the fix; "
        "do not use it for open questions.",
        "parameters": {
            "type": "object",
            "properties": {"ticket_id": {"type": "string", "description": "Like T-9."}},
            "required": ["ticket_id"],
        },
    },
]
