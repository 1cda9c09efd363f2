"""The JSON schema of a parameter as a framework spells it, with every node's span."""
from __future__ import annotations

from typing import List, Tuple

from toollint.frameworks.annotations import ParamType
from toollint.model import Const, DictVal, ListVal, Span, Value

Pairs = List[Tuple[str, Span, Value]]

def const(value, span: Span) -> Const:
    return Const(value, span)


def object_of(pairs: Pairs, span: Span) -> DictVal:
    return DictVal(tuple((Const(k, ks), v) for k, ks, v in pairs), span)


def render(t: ParamType, style: str, with_null: bool = True) -> DictVal:
    """style: "pydantic" (anyOf with null), "smol" (nullable flag, type lists), "plain" (None dropped)."""
    pairs: Pairs = []
    if t.members:
        if style == "smol" and all(m.type and not m.items and not m.enum for m in t.members):
            types = [const(m.type, m.span) for m in t.members]
            pairs.append(("type", t.span, ListVal(tuple(types), t.span)))
        else:
            options = [render(m, style, m.literal_null) for m in t.members]
            if t.nullable and style == "pydantic" and with_null:
                options.append(object_of([("type", t.span, const("null", t.span))], t.span))
            pairs.append(("anyOf", t.span, ListVal(tuple(options), t.span)))
            return object_of(pairs, t.span)
    else:
        if t.literal_null and t.nullable and style == "pydantic" and with_null:
            # Literal["a", None]: {"enum": ["a", None]}, no type (pydantic 2.14, tested)
            enum = object_of([("enum", t.span, ListVal((*t.enum, Const(None, t.span)), t.span))], t.span)
            if not t.null_outside:
                return enum
            null = object_of([("type", t.span, const("null", t.span))], t.span)
            return object_of([("anyOf", t.span, ListVal((enum, null), t.span))], t.span)
        if t.nullable and style == "pydantic" and with_null:
            inner = render(ParamType(t.span, t.type, t.items, t.enum, values=t.values), style, False)
            null = object_of([("type", t.span, const("null", t.span))], t.span)
            return object_of([("anyOf", t.span, ListVal((inner, null), t.span))], t.span)
        if t.type is not None:
            pairs.append(("type", t.span, const(t.type, t.span)))
        if t.items is not None:
            pairs.append(("items", t.items.span, render(t.items, style)))
        elif t.type == "array" and style == "pydantic":
            pairs.append(("items", t.span, DictVal((), t.span)))  # pydantic's "items of any type"
        if t.enum is not None and len(t.enum) == 1 and style == "pydantic":
            pairs.append(("const", t.span, t.enum[0]))  # pydantic 2 spells Literal["x"] so
        elif t.enum is not None:
            pairs.append(("enum", t.span, ListVal(tuple(t.enum), t.span)))
        if t.type == "object" and style == "pydantic":
            # pydantic spells an open dict out; dict[str, V] constrains the values
            v = t.values
            known = v is not None and (v.type is not None or v.members or v.enum)
            pairs.append(("additionalProperties", t.span, render(v, style) if known else Const(True, t.span)))
    return object_of(pairs, t.span)


def with_keys(prop: DictVal, pairs: Pairs) -> DictVal:
    return DictVal(prop.entries + tuple((Const(k, ks), v) for k, ks, v in pairs), prop.span, prop.complete)

