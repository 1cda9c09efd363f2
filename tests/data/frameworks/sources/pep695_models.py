# PEP 695 type aliases (Python 3.12) in pydantic models: each gets a `$defs` entry of its
# own and a `$ref`; recorded with pydantic on Python 3.12; see ../record.py.
from typing import Literal, Optional

from pydantic import BaseModel, Field

type Mode = Literal["fast", "slow"]
type One = Literal["only"]
type Level = Literal[1, 2]
type Tags = list[str]
type Maybe = Optional[str]
type Modes = list[Mode]


class Address(BaseModel):
    street: str = Field(description="Street and number.")


type Wheres = list[Address]
type Where = Address


class Shipping(BaseModel):
    """How a parcel travels."""

    mode: Mode
    maybe_mode: Optional[Mode] = None
    either: Mode | None = Field(None, description="A mode, or none.")
    many: list[Mode] = []
    described: Mode = Field("fast", description="How fast it goes.")
    one: One = "only"
    level: Level = 1


class Containers(BaseModel):
    tags: Tags
    maybe: Maybe = None
    modes: Modes = []
    wheres: Wheres = Field(description="Every address.")
    by_name: dict[str, Mode] = {}


class MergedClass(BaseModel):
    where: Where
