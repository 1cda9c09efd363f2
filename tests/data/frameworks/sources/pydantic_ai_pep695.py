# PEP 695 aliases (Python 3.12) in parameters; recorded with pydantic-ai-slim on Python 3.12; see ../record.py.
from typing import Literal, Optional

from pydantic_ai import Agent
from pydantic import BaseModel, Field

agent = Agent("test")

type Mode = Literal["fast", "slow"]
type Tags = list[str]


class Address(BaseModel):
    """Where the parcel goes."""

    street: str = Field(description="Street and number.")


type Wheres = list[Address]


@agent.tool_plain
def ship_aliased(order_id: str, mode: Mode, tags: Tags, maybe: Optional[Mode] = None, wheres: Wheres = []) -> str:
    """Ship one order. Use it once the order is paid."""
    return ""
