# PEP 695 aliases (Python 3.12) in parameters; recorded with langchain-core on Python 3.12; see ../record.py.
from typing import Literal, Optional

from langchain_core.tools import tool
from pydantic import BaseModel, Field


type Mode = Literal["fast", "slow"]
type Tags = list[str]


class Address(BaseModel):
    """Where the parcel goes."""

    street: str = Field(description="Street and number.")


type Wheres = list[Address]


@tool
def ship_aliased(order_id: str, mode: Mode, tags: Tags, maybe: Optional[Mode] = None, wheres: Wheres = []) -> str:
    """Ship one order. Use it once the order is paid."""
    return ""
