# Recorded with agent-framework-core 1.26.0 (`from agent_framework import tool`); see ../record.py.
from enum import Enum
from typing import Annotated, List, Literal, Optional

from pydantic import BaseModel, Field

from agent_framework import Agent, FunctionInvocationContext, FunctionTool, tool


class Unit(str, Enum):
    C = "c"
    F = "f"


class Window(BaseModel):
    start: str = Field(description="First day, YYYY-MM-DD.")
    days: int = 1


@tool
def get_weather(city: str, unit: Literal["c", "f"] = "c", when: Optional[str] = None) -> str:
    """Get the current weather for a city.

    Use it when the user asks about the weather now, not for forecasts.

    Args:
        city: The city name, e.g. Paris.
    """
    return ""


@tool(name="search_notes", description="Search the team's notes for past decisions.", approval_mode="always_require")
async def notes(query: Annotated[str, Field(description="Words to look for.")],
                limit: Annotated[int, "How many notes to return."] = 5,
                archived: bool = False, ctx: FunctionInvocationContext = None, **kwargs) -> str:
    return ""


@tool()
def ping(host, tags: List[str] = [], *args) -> str:
    return ""


@tool
def now() -> str:
    """Return the current time."""
    return ""


@tool(description="", name="")
def forecast(city: str, days: int = Field(default=3, description="Days ahead.")) -> str:
    """Forecast the weather for the coming days."""
    return ""


@tool(schema={"type": "object", "properties": {"sql": {"type": "string", "description": "A SELECT."}},
              "required": ["sql"]})
def run_query(**kwargs) -> str:
    """Run a read-only SQL query."""
    return ""


def convert(amount: float, unit: Unit, base: Optional[str] = None, target: str = "EUR") -> str:
    """Convert money between currencies."""
    return ""


def book(window: Window, note: Optional[str] = None) -> str:
    """Book a trip for a window of days."""
    return ""


def lookup(key: str) -> str:
    """This docstring is not sent: FunctionTool() takes description= only."""
    return ""


lookup_tool = FunctionTool(name="lookup_key", func=lookup)
declared = FunctionTool(name="render_chart", description="Draw a chart in the user's browser.")

agent = Agent(client=None, instructions="Use the tools.",
              tools=[get_weather, notes, ping, now, forecast, run_query, lookup_tool, declared, convert, book])
