# Recorded with ollama 0.6.3 as ollama.py is; annotations here are strings, which pydantic
# resolves among the builtins only (Optional, List, Literal make the chat call raise).
from __future__ import annotations

import ollama


def find_flights(origin: str, destination: str, max_stops: int | None, airlines: list[str], filters: dict,
                 budget: float = 500.0) -> str:
    """Find flights between two airports.

    Args:
        origin: IATA code of the departure airport, such as LHR.
        destination: IATA code of the arrival airport.
        max_stops: At most this many stops; null for any.
    """
    return ""


def quoted(city: "str", days: "int | None" = None) -> str:
    """A string annotation inside one."""
    return ""


def ask(prompt: str):
    return ollama.chat("llama3.1", messages=[{"role": "user", "content": prompt}], tools=[find_flights, quoted])
