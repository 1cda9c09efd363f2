# Recorded with semantic-kernel 1.45.0 (plugins handed to a Kernel and an agent); see ../record.py.
from enum import Enum
from typing import Annotated, List, Literal, Optional

from pydantic import BaseModel, Field

from semantic_kernel import Kernel
from semantic_kernel.agents import ChatCompletionAgent
from semantic_kernel.functions import KernelArguments, KernelPlugin, kernel_function


class Unit(Enum):
    CELSIUS = "c"
    FAHRENHEIT = "f"


class Booking(BaseModel):
    guest: str = Field(description="Guest name.")
    nights: int = 1


class WeatherPlugin:
    """Weather lookups."""

    @kernel_function
    def get_weather(self, city: Annotated[str, "The city name, e.g. Paris."],
                    unit: Annotated[str, "c or f"] = "c") -> str:
        """Get the current weather for a city.

        Use it when the user asks about the weather now, not for forecasts.
        """
        return ""

    @kernel_function(name="get_forecast", description="Get the forecast for the next days.")
    async def forecast(self, city: str, days: Annotated[int, "How many days ahead."] = 5,
                       detail: Optional[str] = None, note: str = None, scale: Unit = Unit.CELSIUS) -> str:
        return ""

    def helper(self) -> str:
        return ""


class MathPlugin:
    @kernel_function(description="Add numbers.")
    def add(self, numbers: Annotated[list[float], "The numbers to add."], labels: List[str] = [],
            rounding: Annotated[Optional[int], "Digits to round to."] = None, exact: bool = False) -> float:
        return 0.0

    @kernel_function
    def describe(self, value, mode: Literal["short", "long"] = "short", weights: dict[str, int] = {},
                 table: dict = {}, pair: tuple[str, int] = ("a", 1), tags: set = set()) -> str:
        return ""


class NotesPlugin:
    @kernel_function(description="")
    def search_notes(self, query: Annotated[str, "Words to look for.", "Words or a phrase to look for."],
                     tags: Annotated[Optional[List[str]], "Only notes with these tags."] = None,
                     owner: Annotated[str | None, "Whose notes."] = None,
                     user_id: Annotated[str, {"include_in_function_choices": False}] = "me",
                     limit: Annotated[int, {"description": "At most this many."}] = 10) -> str:
        """Search the team's notes for past decisions."""
        return ""

    @kernel_function(description="Book a room.")
    def book(self, booking: Booking, arguments: KernelArguments, rate: float = 1.5) -> str:
        return ""

    @staticmethod
    @kernel_function
    def ping(host: str) -> str:
        return ""


class MenuPlugin:
    @kernel_function(description="List the specials of the day.")
    def get_specials(self) -> str:
        return ""

    @kernel_function(description="Get the price of a menu item.")
    def get_item_price(self, menu_item: Annotated[str, "The name of the menu item."]) -> str:
        return ""


@kernel_function(name="now")
def current_time(zone: Annotated[str, "An IANA time zone."] = "UTC", *extra) -> str:
    return ""


kernel = Kernel()
kernel.add_plugin(WeatherPlugin(), plugin_name="weather")
kernel.add_plugin(MathPlugin())  # named after its class
kernel.add_function(plugin_name="clock", function=current_time)
kernel.add_plugin(KernelPlugin.from_object("notes", NotesPlugin()))
agent = ChatCompletionAgent(name="host", instructions="Answer about the menu.", plugins=[MenuPlugin()])
