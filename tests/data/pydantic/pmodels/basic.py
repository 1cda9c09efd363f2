"""Scalars, defaults, Optional, Field and docstrings."""
from typing import Any, ClassVar, Optional, Union

import typing

import pydantic
import typing_extensions
from pydantic import BaseModel, Field


class Empty(BaseModel):
    pass


class Scalars(BaseModel):
    s: str
    i: int
    f: float
    b: bool
    by: bytes
    anything: Any


class Defaults(BaseModel):
    s: str = "x"
    i: int = 3
    f: float = 1.5
    b: bool = False
    n: None = None
    neg: int = -2


class Documented(BaseModel):
    """Search the catalogue.

        Indented second paragraph.
    """

    query: str


class OneLineDoc(BaseModel):
    '''One line.'''
    q: str


class Optionals(BaseModel):
    a: Optional[int] = None
    b: Optional[str]
    c: int | None = None
    d: Union[int, None] = 5
    e: None | str = "e"


class Unions(BaseModel):
    a: Union[int, str]
    b: int | str | None = None
    c: Union[int, str, None]


class Fields(BaseModel):
    required_described: str = Field(description="Required and described")
    ellipsis: int = Field(..., description="Also required")
    positional: int = Field(4, description="Has a default")
    keyword: str = Field(default="k", title="Custom Title")
    factory: list[int] = Field(default_factory=list)
    examples: str = Field(examples=["a", "b"])
    extra: int = Field(0, json_schema_extra={"x-unit": "seconds"})


class Aliases(BaseModel):
    user_name: str = Field(alias="userName")
    other_field: int = Field(1, alias="other_field_alias", description="d")


class Constraints(BaseModel):
    n: int = Field(ge=0, le=10)
    x: float = Field(gt=0, lt=1)
    m: int = Field(multiple_of=5)
    s: str = Field(min_length=1, max_length=20, pattern="^[a-z]+$")
    items: list[int] = Field(min_length=1, max_length=3)
    maybe: Optional[str] = Field(None, max_length=5)
    maybe_n: Optional[int] = Field(default=None, ge=1)


class Titles(BaseModel):
    snake_case_name: int
    CamelCase: int
    lower: int
    with_1_digit: int


class QualifiedField(BaseModel):
    a: str = pydantic.Field(description="via the module")


class EllipsisDefault(BaseModel):
    a: int = ...


class ClassVars(BaseModel):
    kind: ClassVar[str] = "k"
    _private: int = 3
    public: int = 1


class Hidden(BaseModel):
    secret: int = Field(0, repr=False, exclude=True, description="Not shown")


class BareTyping(BaseModel):
    a: typing.Dict
    b: typing.Tuple
    c: typing.Set
    d: typing.List = []
    e: typing_extensions.Any = None
