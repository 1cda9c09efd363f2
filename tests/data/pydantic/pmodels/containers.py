"""Collections, Literal, Annotated."""
from typing import Annotated, Any, Dict, FrozenSet, List, Literal, Optional, Sequence, Set, Tuple

import typing
from pydantic import BaseModel, Field


class Lists(BaseModel):
    a: list[str]
    b: List[int] = []
    c: list
    d: Sequence[str]
    e: list[list[float]]
    f: Optional[List[str]] = None


class Sets(BaseModel):
    a: set[str]
    b: Set[int] = set()
    c: FrozenSet[str]


class Tuples(BaseModel):
    a: tuple[int, str]
    b: Tuple[int, ...]
    c: tuple = (1, 2)
    d: Tuple[str, str, str] = ("a", "b", "c")


class Dicts(BaseModel):
    a: dict[str, int]
    b: Dict[str, Any] = {}
    c: dict
    d: dict[str, list[str]] = {"k": ["v"]}


class Literals(BaseModel):
    one: Literal["a"]
    two: Literal["a", "b"] = "a"
    ints: Literal[1, 2, 3]
    mixed: Literal["a", 1]
    flag: Literal[True]
    typed: typing.Literal["x", "y"]


class AnnotatedFields(BaseModel):
    a: Annotated[str, Field(description="An annotated field")]
    b: Annotated[int, Field(ge=0)] = 3
    c: Annotated[Optional[str], Field(max_length=4)] = None
    d: Annotated[list[int], Field(min_length=1, description="nums")]
    e: Annotated[str, Field(description="inner")] = Field("z", title="Outer")


class Nested(BaseModel):
    matrix: list[dict[str, int]]
    lookup: dict[str, Optional[int]]
    pairs: list[tuple[str, int]] = []
