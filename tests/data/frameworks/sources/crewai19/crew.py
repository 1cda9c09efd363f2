# crewAI 1.9, as requirements.txt beside this file pins it: native function calling sent
# `args_schema.model_json_schema()` without its root title and description, and no strict flag.
from typing import List, Optional, Type

from crewai.tools import BaseTool, tool
from pydantic import BaseModel, Field


class Seat(BaseModel):
    row: str = Field(description="Row letter as printed on the ticket.")
    number: int


class HoldInput(BaseModel):
    """Seats to hold for a show."""

    show_id: str = Field(description="The show, as returned by list_shows.")
    seats: List[Seat] = Field(description="Seats to hold.")
    minutes: int = Field(10, description="How long to hold them.", ge=1, le=30)
    note: Optional[str] = None


class HoldSeatsTool(BaseTool):
    name: str = "Hold Seats"
    description: str = "Hold seats for a show while the customer pays. Use after list_shows."
    args_schema: Type[BaseModel] = HoldInput

    def _run(self, **kwargs) -> str:
        return ""


class ListShowsTool(BaseTool):
    name: str = "ListShows"
    description: str = "List the shows of a venue on a date."

    def _run(self, venue: str, date: Optional[str] = None, limit: int = 20) -> str:
        return venue


@tool("Release Seats")
def release_seats(hold_id: str, reason: Optional[str] = None) -> str:
    """Release seats held for a show when the customer gives up."""
    return hold_id


_TOOLS = [HoldSeatsTool(), ListShowsTool(), release_seats]
