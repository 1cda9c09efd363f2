"""Classes a framework may turn into a schema (issue 16; extract/models.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from toollint.model.values import Span, Str, Value


@dataclass(frozen=True)
class TypeExpr:
    """An annotation as a small tree: `Optional[list[Item]]`, `int | None`, `Literal["a"]`.

    Names are dotted and resolved through the module's imports ("typing.Optional",
    "pkg.models.Item"); builtins stay bare ("str"); classes of the same module are
    qualified with it.
    """

    kind: str  # "name" | "subscript" | "union" (X | Y) | "literal" (a constant) | "call" | "other"
    name: str = ""  # for name, subscript and call
    args: Tuple["TypeExpr", ...] = ()  # subscript arguments, union members, call positionals
    value: Optional[Value] = None  # for literal
    keywords: Tuple[Tuple[str, Value], ...] = ()  # for call: `Field(gt=0)` inside Annotated
    text: str = ""  # source, for messages


@dataclass(frozen=True)
class ModelField:
    """One annotated class attribute (or an Enum member, then annotation is None)."""

    name: str
    span: Span
    annotation: Optional[TypeExpr]
    has_default: bool = False  # `= value` or Field(value) / Field(default=...), not `...`
    default: Optional[Value] = None
    field: Optional[Tuple[Tuple[str, Value], ...]] = None  # `= Field(...)`'s arguments (default included)
    default_factory: bool = False


@dataclass(frozen=True)
class ModelClass:
    """A module-level class that may be a pydantic model, a TypedDict or an Enum."""

    name: str
    module: str
    span: Span  # the class name
    bases: Tuple[str, ...]  # dotted, resolved like annotations
    keywords: Tuple[Tuple[str, Value], ...] = ()  # `class M(BaseModel, extra="forbid")`, `total=False`
    docstring: Optional[Str] = None
    fields: Tuple[ModelField, ...] = ()
    config: Tuple[Tuple[str, Value], ...] = ()  # model_config = ConfigDict(...) / v1 `class Config`
    unresolved: Tuple[str, ...] = ()  # features not modelled: any of them leaves the schema unknown
