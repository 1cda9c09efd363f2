"""Methods and validators: most leave the schema alone, some rewrite it."""
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field, computed_field, field_validator, model_validator

T = TypeVar("T")


class AfterValidator(BaseModel):
    name: str

    @field_validator("name")
    @classmethod
    def strip(cls, v: str) -> str:
        return v.strip()


class BeforeValidator(BaseModel):
    n: int = 0

    @field_validator("n", mode="before")
    @classmethod
    def coerce(cls, v: Any) -> Any:
        return v

    @model_validator(mode="after")
    def check(self):
        return self


class WithMethods(BaseModel):
    """Has ordinary methods."""

    a: int

    def double(self) -> int:
        return self.a * 2

    @property
    def triple(self) -> int:
        return self.a * 3


class Computed(BaseModel):
    a: int

    @computed_field
    @property
    def b(self) -> int:
        return self.a


class PlainValidator(BaseModel):
    n: int

    @field_validator("n", mode="plain")
    @classmethod
    def any_n(cls, v: Any) -> int:
        return int(v)


class CustomSchema(BaseModel):
    a: int

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema, handler):
        schema = handler(core_schema)
        schema["x-custom"] = True
        return schema


class GenericModel(BaseModel, Generic[T]):
    value: int


class CallableExtra(BaseModel):
    a: int = Field(json_schema_extra=lambda s: s.update({"x": 1}))


class FactoryDefault(BaseModel):
    items: list[str] = Field(default_factory=lambda: ["a"], description="factory")
