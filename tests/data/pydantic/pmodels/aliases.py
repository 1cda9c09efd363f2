"""Literal type aliases: pydantic reads through them as if the Literal were written in place."""
from typing import Dict, List, Literal, Optional

import typing_extensions
from pydantic import BaseModel, Field
from typing_extensions import TypeAlias

Mode = Literal["fast", "slow"]
Level: TypeAlias = Literal[1, 2, 3]
One = typing_extensions.Literal["only"]
Flag: typing_extensions.TypeAlias = Literal[True, False]


class Shipping(BaseModel):
    """How a parcel travels."""

    mode: Mode
    level: Level = 1
    one: One = "only"
    flag: Flag = Field(False, description="Whether to insure it.")


class Wrapped(BaseModel):
    maybe: Optional[Mode] = None
    many: List[Mode] = []
    by_name: Dict[str, Level] = {}
    either: Mode | None = Field(None, description="A mode, or none.")


class Nested(BaseModel):
    shipping: Shipping
    mode: Mode = "slow"
