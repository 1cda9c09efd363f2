"""Schema edits the toolkit frameworks make after a pydantic-style derivation: they
drop defaults, make parameters nullable, or require every one."""
from __future__ import annotations

from typing import Callable, Optional

from toollint.model import Const, DictVal, ListVal, Value


def _key(entry) -> Optional[str]:
    key = entry[0]
    return key.value if isinstance(key, Const) and isinstance(key.value, str) else None


def without(d: DictVal, *keys: str) -> DictVal:
    return DictVal(tuple(e for e in d.entries if _key(e) not in keys), d.span, d.complete)


def put(d: DictVal, key: str, value: Value) -> DictVal:
    """d with key set to value, in place when the key is there, else appended."""
    if d.get(key) is None:
        return DictVal(d.entries + ((Const(key, value.span), value),), d.span, d.complete)
    return DictVal(tuple((k, value) if _key((k, v)) == key else (k, v) for k, v in d.entries), d.span, d.complete)


def map_properties(schema: DictVal, edit: Callable[[str, DictVal], DictVal]) -> DictVal:
    props = schema.get("properties")
    if not isinstance(props, DictVal):
        return schema
    entries = tuple((k, edit(k.value, v) if isinstance(v, DictVal) and isinstance(k, Const) else v)
                    for k, v in props.entries)
    return put(schema, "properties", DictVal(entries, props.span, props.complete))


def require_all(schema: DictVal) -> DictVal:
    props = schema.get("properties")
    if not isinstance(props, DictVal):
        return schema
    names = tuple(Const(k.value, k.span) for k, _ in props.entries if isinstance(k, Const))
    return put(schema, "required", ListVal(names, schema.span))
