"""Nested models, enums and TypedDicts, in this module and from others."""
import enum
from typing import Dict, List, Optional

from typing_extensions import NotRequired, Required, TypedDict

from pydantic import BaseModel, ConfigDict, Field

from pmodels import Address
from pmodels.shared import Color, Priority, Tagged
import pmodels.shared as shared


class Size(enum.Enum):
    SMALL = "s"
    LARGE = "l"


class Level(int, enum.Enum):
    """A level."""

    ONE = 1
    TWO = 2


class Point(BaseModel):
    x: float
    y: float


class Shape(BaseModel):
    """A shape."""

    points: list[Point]
    origin: Point
    center: Optional[Point] = None
    size: Size = Size.SMALL
    level: Level


class UsesCross(BaseModel):
    home: Address
    work: Optional[Address] = None
    color: Color = Color.RED
    priority: Priority


class ModuleAttr(BaseModel):
    address: shared.Address
    colors: List[shared.Color] = []


class Described(BaseModel):
    where: Address = Field(description="Where it goes")
    size: Size = Field(Size.LARGE, description="How big")


class Deep(BaseModel):
    shapes: Dict[str, Shape]
    cross: list[UsesCross] = []


class Movie(TypedDict):
    """A movie."""

    title: str
    year: int


class Partial(TypedDict, total=False):
    title: str
    year: Required[int]


class Marked(TypedDict):
    title: str
    year: NotRequired[int]


class WithTypedDicts(BaseModel):
    movie: Movie
    partial: Partial
    marked: Optional[Marked] = None


class StrictWithTypedDict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    movie: Movie


class Inherited(Tagged):
    """Inherits from another module."""

    name: str


class Override(Tagged):
    note: str = "overridden"
    extra_field: bool = False


class ListOfEnums(BaseModel):
    sizes: list[Size]
    maybe: Optional[Size] = None


class HoldsTypedDict(BaseModel):
    movie: Movie
    partial: Partial = {"year": 1}


class ForbidOverLoose(BaseModel):
    """A forbidding model whose nested model does not forbid: the TypedDict follows the nested one."""

    model_config = ConfigDict(extra="forbid")

    inner: HoldsTypedDict


class SubMovie(Movie, total=False):
    rating: float


class UsesSubMovie(BaseModel):
    sub: SubMovie


class EnumDefaults(BaseModel):
    priority: Priority = Priority.HIGH
    level: Level = Level.TWO
    colors: list[Color] = [Color.GREEN]
