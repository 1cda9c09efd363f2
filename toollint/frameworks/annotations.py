"""Annotation -> JSON Schema type, before a framework spells it (toollint.frameworks.render).

Reads the annotation as written (`Optional[str]`, `list[int] | None`, `Literal["a", "b"]`,
`Annotated[str, Field(description=...)]`, a string annotation), never importing it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted, number_value, string_value
from toollint.model import CallVal, Const, Span, Unresolved

_SCALARS = {"str": "string", "int": "integer", "float": "number", "bool": "boolean"}
_ARRAYS = {"list", "List", "Sequence", "MutableSequence", "Iterable", "Collection", "set", "Set",
           "frozenset", "FrozenSet", "AbstractSet", "MutableSet", "tuple", "Tuple"}
_OBJECTS = {"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "DefaultDict", "defaultdict"}


@dataclass
class ParamType:
    """A parameter's JSON type before a framework spells it."""

    span: Span
    type: Optional[str] = None  # None: not one we can name: no "type" at all
    items: Optional["ParamType"] = None
    enum: Optional[List[Const]] = None
    members: Optional[List["ParamType"]] = None  # a union of several non-null types
    values: Optional["ParamType"] = None  # dict[str, V]: V
    nullable: bool = False
    description: Optional[Const] = None  # Annotated[X, Field(description=...)] / Annotated[X, "..."]
    field_default: bool = False  # Annotated[X, Field(default=...)]: optional without `= v`
    field_keywords: Tuple[Tuple[str, cst.BaseExpression], ...] = ()  # Annotated[X, Field(pattern=...)]: the rest
    literal_null: bool = False  # None among a Literal's values: pydantic lists it in the enum
    null_outside: bool = False  # Optional[Literal["a", None]]: a null beside that enum too


def last_name(expr: cst.BaseExpression) -> str:
    name = dotted(expr)
    return name.rpartition(".")[2] if name else ""


_MAX_ANNOTATION = 1000  # characters of a string annotation worth parsing


class Types:
    def __init__(self, span_of: Callable[[cst.CSTNode], Span], evaluator: Evaluator,
                 string_descriptions: bool = False) -> None:
        self.span_of = span_of
        self.evaluator = evaluator
        self.string_descriptions = string_descriptions

    def of(self, node: Optional[cst.BaseExpression], span: Optional[Span] = None, depth: int = 0) -> Optional[ParamType]:
        if node is None:
            return None
        here = span or self.span_of(node)
        if depth > 20:
            return ParamType(here)
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            text = string_value(node)
            try:
                # A real annotation is short; a long string is not one, and 3,000 nested
                # brackets in it would cost libcst's parser 7 GB and half a minute.
                parsed = cst.parse_expression(text.strip()) if text and len(text) <= _MAX_ANNOTATION else None
            except Exception:
                parsed = None
            # positions are unknown inside a string: everything points at the string
            return self.of(parsed, here, depth + 1) if parsed is not None else ParamType(here)
        members = self._union(node)
        if members is not None:
            return self._merge([ParamType(here, type="null") if m is _NONE else self.of(m, span, depth + 1)
                                for m in members], here)
        if isinstance(node, cst.Name) and node.value == "None":
            return ParamType(here, type="null")
        if isinstance(node, cst.Subscript):
            head = last_name(node.value)
            args = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
            if head == "Annotated" and args:
                inner = self.of(args[0], span, depth + 1) or ParamType(here)
                if span is None:  # nodes parsed out of a string annotation have no position
                    for meta in args[1:]:
                        self._metadata(meta, inner)
                return inner
            if head == "Literal":
                return _literal_type([_literal(a, span or self.span_of(a)) for a in args], here)
            if head in _ARRAYS:
                items = self.of(args[0], span, depth + 1) if args and head not in ("tuple", "Tuple") else None
                return ParamType(here, type="array", items=items)
            if head in _OBJECTS:
                values = self.of(args[1], span, depth + 1) if len(args) == 2 else None
                return ParamType(here, type="object", values=values)
            return ParamType(here)
        name = last_name(node)
        names = getattr(self.evaluator, "names", None) or {}
        alias = names.get(node.value) if isinstance(node, cst.Name) and name not in _SCALARS else None
        if isinstance(alias, cst.Subscript) and last_name(alias.value) in ("Annotated", "Literal"):
            # `Email = Annotated[str, Field(description=...)]`, `Mode = Literal["a", "b"]`
            return self.of(alias, None, depth + 1)
        if name in _SCALARS:
            return ParamType(here, type=_SCALARS[name])
        if name in _ARRAYS:
            return ParamType(here, type="array")
        if name in _OBJECTS:
            return ParamType(here, type="object")
        return ParamType(here)

    @staticmethod
    def _union(node: cst.BaseExpression) -> Optional[List[cst.BaseExpression]]:
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            return [node.left, node.right]
        if isinstance(node, cst.Subscript) and last_name(node.value) in ("Optional", "Union"):
            args = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
            return args + [_NONE] if last_name(node.value) == "Optional" else args
        return None

    def _merge(self, parts: List[Optional[ParamType]], span: Span) -> ParamType:
        flat: List[ParamType] = []
        nullable = False
        for part in parts:
            if part is None:
                continue
            if part.type == "null" and not part.enum:
                nullable = True
                continue
            # a Literal's own None stays in its enum (pydantic): no null beside it in a union
            nullable = nullable or (part.nullable and not (part.literal_null and len(parts) > 1))
            flat.extend(part.members if part.members else [part])
        if not flat:
            return ParamType(span, type="null")
        if len(flat) == 1:
            only = flat[0]
            return ParamType(only.span, type=only.type, items=only.items, enum=only.enum, values=only.values,
                             nullable=nullable or only.nullable, description=only.description,
                             field_default=only.field_default, field_keywords=only.field_keywords,
                             literal_null=only.literal_null, null_outside=nullable and only.literal_null)
        return ParamType(span, members=flat, nullable=nullable)

    def _metadata(self, meta: cst.BaseExpression, into: ParamType) -> None:
        if self.string_descriptions:  # claude-agent-sdk reads Annotated[str, "description"]; pydantic does not
            value = self.evaluator.eval(meta)
            if isinstance(value, Const) and isinstance(value.value, str) and into.description is None:
                into.description = value
            elif into.description is None and field_call(meta) is None and (isinstance(value, Unresolved) or (
                    isinstance(value, CallVal) and value.func.rpartition(".")[2][:1].islower())):
                # `Annotated[str, helper()]`: a description we cannot read (not `Gt(0)`, a class's object)
                into.description = Unresolved("the description is computed", value.span)
        call = field_call(meta)
        if call is not None:
            description = keyword(call, "description")
            if description is not None:
                got = self.evaluator.eval(description)
                if not isinstance(got, Const) or isinstance(got.value, str):
                    into.description = got  # `description=helper(...)`: there is one, we cannot read it
            into.field_default = field_has_default(call)
            into.field_keywords = tuple((a.keyword.value, a.value) for a in call.args
                                        if a.keyword is not None and a.keyword.value not in _READ_HERE)


_READ_HERE = frozenset({"description", "default", "default_factory"})
_NONE = cst.Name("None")  # the None that Optional[X] implies; it has no position


def _literal_type(consts: List[Optional[Const]], here: Span) -> ParamType:
    """`Literal[...]` of these members (None: one not read, so the type is not known)."""
    if any(c is None for c in consts):
        return ParamType(here)
    nullable = any(c.value is None for c in consts)
    values = [c for c in consts if c.value is not None]
    kinds = {type(c.value) for c in values}
    json = {str: "string", int: "integer", bool: "boolean", float: "number"}
    return ParamType(here, type=json.get(kinds.pop()) if len(kinds) == 1 else None, enum=values,
                     nullable=nullable, literal_null=nullable)


def _literal(node: cst.BaseExpression, span: Span) -> Optional[Const]:
    """A Literal[...] member: str, int, float, bool or None."""
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        text = string_value(node)
        return Const(text, span) if text is not None else None
    if isinstance(node, (cst.Integer, cst.Float)):
        return Const(number_value(node), span)
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return Const({"True": True, "False": False, "None": None}[node.value], span)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _literal(node.expression, span)
        if inner is not None and isinstance(inner.value, (int, float)) and not isinstance(inner.value, bool):
            return Const(-inner.value, span)
    return None


def field_call(node: Optional[cst.BaseExpression]) -> Optional[cst.Call]:
    if isinstance(node, cst.Call) and last_name(node.func) == "Field":
        return node
    return None


def keyword(call: cst.Call, name: str) -> Optional[cst.BaseExpression]:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def field_has_default(call: cst.Call) -> bool:
    for arg in call.args:
        if arg.keyword is None and not arg.star:
            return not (isinstance(arg.value, cst.Ellipsis) or dotted(arg.value) == "PydanticUndefined")
        if arg.keyword is not None and arg.keyword.value in ("default", "default_factory"):
            return True
    return False

