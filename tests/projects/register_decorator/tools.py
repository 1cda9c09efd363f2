"""A project's own registration decorator that carries the wire definition."""
from .registry import register_tool


@register_tool(
    name="create_ticket",
    description=(
        "Open a support ticket. Call this when the customer reports a problem that no other "
        "tool can solve. Do not call this for password resets; use reset_password instead."
    ),
    parameters={
        "type": "object",
        "properties": {
            "title": {"type": "string", "description": "One line summary."},
            "priority": {"type": "string", "enum": ["low", "high"], "description": "Urgency."},
        },
        "required": ["title", "priority"],
    },
)
def create_ticket(title: str, priority: str = "low", assignee: str = None):
    return {"id": 1}
