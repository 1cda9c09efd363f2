"""model_config, v1 class Config, class keywords, inheritance of config."""
from pydantic import BaseModel, ConfigDict, Field


class Forbid(BaseModel):
    model_config = ConfigDict(extra="forbid")

    a: int


class Allow(BaseModel):
    model_config = ConfigDict(extra="allow")

    a: int


class Ignore(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    a: int


class Titled(BaseModel):
    model_config = ConfigDict(title="Custom Model Title")

    a: int


class DictConfig(BaseModel):
    model_config = {"extra": "forbid"}

    a: int


class V1Config(BaseModel):
    class Config:
        extra = "forbid"

    a: int = Field(description="old style")


class KeywordConfig(BaseModel, extra="forbid"):
    a: int


class ChildOfForbid(Forbid):
    b: str = "b"


class ChildLoosens(Forbid):
    model_config = ConfigDict(extra="ignore")

    b: str = "b"


class Strip(BaseModel):
    model_config = ConfigDict(str_strip_whitespace=True, populate_by_name=True)

    name: str = Field(alias="Name")


class Quiet(BaseModel):
    model_config = ConfigDict(validate_assignment=True, arbitrary_types_allowed=True, from_attributes=True,
                              validate_default=True, revalidate_instances="always", str_to_lower=True,
                              str_to_upper=False)

    a: str = "A"
