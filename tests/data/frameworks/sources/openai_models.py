"""Pydantic models handed to OpenAI's pydantic_function_tool (issue 16): recorded by
record.py into models/openai_models.json, the whole definition each call returns."""
from enum import Enum
from typing import List, Literal, Optional

import openai
from openai import pydantic_function_tool, pydantic_responses_function_tool
from openai.lib._tools import pydantic_function_tool as lib_tool
from pydantic import BaseModel, ConfigDict, Field


class Unit(str, Enum):
    CELSIUS = "celsius"
    FAHRENHEIT = "fahrenheit"


class GetWeather(BaseModel):
    """Current weather for a city. Call it when the user asks about the weather."""

    city: str = Field(description="The city, e.g. 'Paris'.")
    unit: Unit = Unit.CELSIUS


class Window(BaseModel):
    """A date range."""

    start: str = Field(description="First day, ISO 8601.")
    end: Optional[str] = Field(None, description="Last day; open-ended when omitted.")


class SearchOrders(BaseModel):
    """Search the customer's orders.

    Use it before refunding anything.
    """

    query: str = Field(description="Words to look for.", min_length=1)
    limit: int = Field(10, ge=1, le=100, description="At most this many orders.")
    status: Literal["open", "shipped", "returned"] = "open"
    window: Window = Field(description="When the orders were placed.")
    windows: List[Window] = []
    note: Optional[str] = None


class Loose(BaseModel):
    model_config = ConfigDict(extra="allow")

    tag: str


class Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: int = Field(alias="Code", title="The code", examples=[1, 2])


class Base(BaseModel):
    """Base doc."""

    id: str


class Child(Base):
    name: Optional[str] = Field(default=None, description="Display name.")


TOOLS = [
    pydantic_function_tool(GetWeather),
    openai.pydantic_function_tool(SearchOrders, name="search_orders"),
    lib_tool(Window, name="", description="Pick a date range."),
    pydantic_function_tool(Loose, description="Tag something."),
    pydantic_function_tool(Closed),
    pydantic_function_tool(Child, name="child_tool"),
    pydantic_responses_function_tool(GetWeather, name="weather_responses"),
    pydantic_responses_function_tool(Loose, defer_loading=True),
]
