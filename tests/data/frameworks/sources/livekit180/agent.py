# Recorded with livekit-agents 1.8.0, as requirements.txt beside it pins; see ../../record.py.
from typing import Annotated, List, Optional

from pydantic import Field

from livekit.agents import Agent, RunContext, function_tool


@function_tool
async def lookup_weather(context: RunContext, location: str, unit: str = "celsius") -> str:
    """Look up the weather for a location.

    Call this when the user asks about the weather.

    Args:
        location: The city, e.g. Paris.
        unit: celsius or fahrenheit.
    """
    return ""


@function_tool(name="book", description="Book a table.")
async def book_table(party: Annotated[int, Field(description="How many people.")], when: Optional[str] = None) -> str:
    return ""


@function_tool
async def no_doc(ids: List[str]) -> str:
    return ""


class Receptionist(Agent):
    def __init__(self) -> None:
        super().__init__(instructions="Help.")

    @function_tool
    async def transfer(self, context: RunContext, department: str) -> str:
        """Transfer the call.

        Args:
            department: Where to.
        """
        return ""
