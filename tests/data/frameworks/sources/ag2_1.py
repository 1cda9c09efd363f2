# Recorded with ag2 1.2.1 (the `ag2` package of AG2 1.x: `from ag2 import tool`); see ../record.py.
from typing import Annotated, List, Literal, Optional

from pydantic import Field

from ag2 import Agent, Context, tool


@tool
def get_weather(city: str, unit: Literal["c", "f"] = "c") -> str:
    """Get the current weather for a city.

    Use it when the user asks about the weather now, not for forecasts.

    Args:
        city: The city name, e.g. Paris.
    """
    return ""


@tool(name="search_notes", description="Search the team's notes for past decisions.")
async def notes(query: Annotated[str, Field(description="Words to look for.")], limit: int = 5,
                archived: bool = False, ctx: Context = None) -> str:
    return ""


@tool()
def ping(host: str, tags: Optional[List[str]] = None) -> str:
    return ""


@tool
def now() -> str:
    """Return the current time."""
    return ""


def convert(amount: float, base: Optional[str] = None, target: str = "EUR") -> str:
    """Convert money between currencies."""
    return ""


agent = Agent("helper", prompt="Use the tools.", tools=[get_weather, notes, ping, now, convert])
