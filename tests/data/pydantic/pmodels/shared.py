import enum
from typing import Optional

from pydantic import BaseModel, Field


class Color(str, enum.Enum):
    RED = "red"
    GREEN = "green"


class Priority(enum.IntEnum):
    """How urgent."""

    LOW = 1
    HIGH = 2


class Address(BaseModel):
    """A postal address."""

    street: str
    city: str = Field(description="The city")
    zip_code: Optional[str] = None


class Base(BaseModel):
    id: int = Field(ge=1, description="The id")
    note: str = ""


class Tagged(Base):
    tags: list[str] = []
