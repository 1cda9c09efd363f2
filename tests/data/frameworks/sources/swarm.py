# Recorded with swarm's own function_to_json (from its source: swarm is not on the package index); see ../record.py.
from typing import Optional

from swarm import Agent


def look_up_item(search_query: str, limit: int = 5):
    """Use to find item ID.
    Search query can be a description or keywords."""
    return "item_132612938"


def execute_refund(item_id: int, reason="not provided", context_variables: dict = {}):
    return "success"


def escalate(ticket: dict, priority: float, urgent: bool, tags: list, note: Optional[str] = None, *, who=None) -> str:
    """
    Escalate a ticket to a human.

    Use when the user asks for a person.
    """
    return ""


class Desk:
    def transfer(self, department: str, context_variables: dict) -> str:
        """Transfer the user to another department."""
        return ""


desk = Desk()

agent = Agent(name="Triage", functions=[look_up_item, execute_refund, escalate, desk.transfer])
