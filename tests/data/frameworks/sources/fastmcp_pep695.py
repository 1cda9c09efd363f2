# PEP 695 aliases (Python 3.12) in parameters; recorded with fastmcp on Python 3.12; see ../record.py.
from typing import Literal, Optional

from fastmcp import FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("orders")

type Mode = Literal["fast", "slow"]
type Tags = list[str]


class Address(BaseModel):
    """Where the parcel goes."""

    street: str = Field(description="Street and number.")


type Wheres = list[Address]


@mcp.tool
def ship_aliased(order_id: str, mode: Mode, tags: Tags, maybe: Optional[Mode] = None, wheres: Wheres = []) -> str:
    """Ship one order. Use it once the order is paid."""
    return ""
