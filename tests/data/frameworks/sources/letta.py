# Recorded with the letta server's own derivation of the source letta-client sends; see ../record.py.
from typing import List, Literal, Optional

from letta_client import Letta


def roll_dice(sides: int, times: Optional[int] = None, labels: list = [], mode: Literal["fast", "fair"] = "fair") -> str:
    """Roll a die and report the results.

    Use it when the user wants a random number; not for picking among options.

    Args:
        sides (int): How many sides the die has.
        times: How many times to roll.
        labels: Names for the faces, in order.
        mode: How to roll: "fast" or "fair".

    Returns:
        str: The rolls.
    """
    return ""


def save_note(agent_state, title: str, tags: List[str], pinned: bool = False, weight: float = 1.0,
              extra: dict = None) -> str:
    """Save a note to the user's notebook.
    Call it when the user asks to remember something.

    Args:
        title: A short title for the note.
        tags: Words to file the note under.
        pinned: Whether the note stays on top.
        weight: How important the note is, from 0 to 1.
        extra: Anything else to store with it.
    """
    return ""


def ping() -> str:
    """Check that the tools server answers."""
    return "pong"


def register(client: Letta) -> None:
    client.tools.upsert_from_function(func=roll_dice)
    client.tools.upsert_from_function(func=save_note)
    client.tools.create_from_function(func=ping)
