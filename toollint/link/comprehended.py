"""The items of a comprehension, bound and read without libcst: a loop target's names bound
to an item's parts, a record's fields, and a Comprehended's element instantiated per item
of another module's list when linking has it (extract/comprehend.py makes them)."""
from __future__ import annotations

from typing import Dict, Optional

from toollint.deferred import LoopField
from toollint.model import CallVal, Const, DictVal, ListVal, Unresolved, Value

MAX_ITEMS = 200  # a catalog larger than this is data, not a tool list anyone writes by hand


def unpack(shape: object, item: Value) -> Optional[Dict[str, Value]]:
    """Each name of the loop target bound to its part of the item; None when it does not fit."""
    if isinstance(shape, str):
        return {shape: item}
    if not isinstance(item, ListVal) or not item.complete or len(shape) != len(item.items):
        return None
    out: Dict[str, Value] = {}
    for part, value in zip(shape, item.items):
        inner = unpack(part, value)
        if inner is None:
            return None
        out.update(inner)
    return out


def field(record: Value, attr: str, span) -> Value:
    """`spec.name` of a loop variable bound to `ToolSpec(name="ping", ...)` (or to `{"name": ...}`
    by `spec["name"]`); of a LoopField, the field to read when linking has the item."""
    if isinstance(record, LoopField):
        return LoopField(record.var, record.path + (attr,), span)
    if isinstance(record, CallVal):
        found = record.kwarg(attr)
        if found is not None:
            return found
    if isinstance(record, DictVal) and record.complete:
        found = record.get(attr)
        if found is not None:
            return found
    return Unresolved(f"the field '{attr}' of a record is not known statically", span)


def instantiate(template: Value, bound: Dict[str, Value]) -> Value:
    """The template with each LoopField replaced by its field of the bound item."""
    if isinstance(template, LoopField):
        value = bound.get(template.var)
        for attr in template.path:
            value = field(value, attr, template.span) if value is not None else None
        if value is None:
            return Unresolved("a loop variable not bound", template.span)
        falsy = isinstance(value, Const) and not value.value
        return template.default if template.default is not None and falsy else value
    if isinstance(template, DictVal):
        return DictVal(tuple((instantiate(k, bound), instantiate(v, bound)) for k, v in template.entries),
                       template.span, template.complete, template.model)
    if isinstance(template, ListVal):
        return ListVal(tuple(instantiate(i, bound) for i in template.items), template.span, template.complete)
    if isinstance(template, CallVal):
        return CallVal(template.func, tuple(instantiate(a, bound) for a in template.args),
                       tuple((k, instantiate(v, bound)) for k, v in template.kwargs), template.span, template.complete)
    return template
