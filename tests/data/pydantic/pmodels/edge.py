"""v1 models and what the static side must leave unresolved, or get right anyway."""
import datetime
import uuid
from decimal import Decimal
from typing import Optional

from pydantic import BaseModel, Field
from pydantic.v1 import BaseModel as V1Model

Alias = list[int]


class OldStyle(V1Model):
    a: int


class Tree(BaseModel):
    children: list["Tree"] = []


class Forward(BaseModel):
    other: "Leaf"


class Leaf(BaseModel):
    v: int


class Dates(BaseModel):
    when: datetime.datetime
    day: Optional[datetime.date] = None
    ident: uuid.UUID


class Money(BaseModel):
    amount: Decimal


class UsesAlias(BaseModel):
    nums: Alias


class Deprecated(BaseModel):
    old: int = Field(0, deprecated=True)


class SameNameA(BaseModel):
    leaf: Leaf
    again: Optional[Leaf] = None
