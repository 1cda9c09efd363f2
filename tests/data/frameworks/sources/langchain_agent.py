# Recorded with langchain (v1) create_agent; see ../record.py.
from typing import Optional

from langchain.agents import create_agent


def find_flights(origin: str, destination: str, date: Optional[str] = None, seats: int = 1) -> str:
    """Find flights between two airports.

    Use this when the user wants to travel and names both ends.

    Args:
        origin: IATA code of the departure airport.
        seats: How many seats are needed.
    """
    return ""


def cancel_booking(booking_id: str) -> str:
    """Cancel one booking by its id."""
    return ""


def build(model):
    return create_agent(model, tools=[find_flights, cancel_booking])
