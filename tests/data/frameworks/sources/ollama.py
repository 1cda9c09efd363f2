# Recorded with ollama 0.6.3 (ollama/_utils.py convert_function_to_tool), as each chat call
# would send it: readers.py catches the request at the client; see ../record.py.
import enum
from typing import Annotated, Any, Dict, List, Literal, Optional, Union

from pydantic import BaseModel, Field

import ollama
from ollama import AsyncClient, Client


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Point(BaseModel):
    x: int
    y: int


def add_numbers(a: int, b: int) -> int:
    return a + b


def multiply_numbers(a: int, b: int) -> int:
    """Multiply."""
    return a * b


def search_products(query: str, limit: int = 5, tags: list = [], names: List[str] = [], options: dict = {},
                    weights: Dict[str, int] = {}, raw=3, anything: Any = None, exact: bool = False,
                    ratio: float = 1.0) -> list:
    """Search the catalogue.

    Use when the user asks for a product.
      An indented line.

    Args:
        query (str): What to look for:
            words or an ID.
        limit: How many results.
        missing: A parameter the function does not have.
        tags (list[str]) - a line without a colon
    Returns:
        list: The products.
    Extra text after Returns.
    """
    return []


def pick(mode: Literal["fast", "slow"], note: Optional[str], level: Union[int, None] = 5,
         count: Annotated[int, Field(description="ignored", ge=1)] = 1, nothing: None = None) -> str:
    """Pick a mode.

    Arguments:
        mode: Which mode.
    """
    return ""


def describe_item(item_id: str, verbose: bool = False) -> str:
    """
    Describe one item.

    Args:
        item_id(str):The item's ID,
          as search_products returns it.
        note: with a colon: a new key
    Raises:
        ValueError: for an unknown item.
    """
    return ""


def no_parameters() -> str:
    """Say hello."""
    return "hello"


def only_args(city: str) -> str:
    """Args:
        city: The city.
    """
    return ""


def plan_route(start: Point, colour: Color, stops: List[Point], either: Union[int, str], _hidden: int = 0) -> str:
    """Plan a route.

    Args:
        start: Where to start.
        either: Sent with its types in set order.
    """
    return ""


def star(*args: int, **kwargs) -> str:
    """Star parameters are fields too."""
    return ""


class Desk:
    def transfer(self, department: str) -> str:
        """Transfer the user.

        Parameters:
            department: Where to.
        Example:
            transfer("sales")
        """
        return ""


desk = Desk()


def optional_default(city: str, unit: Optional[str] = None) -> str:
    """Every parameter is required but an Optional one: defaults never reach pydantic."""
    return ""


def ask(prompt: str):
    return ollama.chat("llama3.1", messages=[{"role": "user", "content": prompt}],
                       tools=[add_numbers, multiply_numbers, search_products, pick])


client = Client()


def ask_client(prompt: str):
    return client.chat("llama3.1", messages=[{"role": "user", "content": prompt}],
                       tools=[describe_item, no_parameters, only_args, plan_route])


async def ask_async(prompt: str):
    return await AsyncClient().chat(model="llama3.1", messages=[], tools=[star, desk.transfer, optional_default])
