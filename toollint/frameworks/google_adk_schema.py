"""The google.genai `Schema` google-adk before 2.0 sends for a function
(tools/_function_parameter_parse_util.py _parse_schema_from_parameter and
_get_required_fields, 1.21), made from toollint's pydantic-style derivation of the same
signature: frameworks/google_adk.py says what differs and why."""
from __future__ import annotations

from toollint.frameworks.reshape import map_properties, put, without
from toollint.model import Const, DictVal, ListVal, Value


def _is_null(option: Value) -> bool:
    kind = option.get("type") if isinstance(option, DictVal) else None
    return isinstance(kind, Const) and kind.value == "null"


def _parameter(prop: DictVal) -> DictVal:
    """One parameter's Schema: Optional[X] is X marked nullable (a single type left in a
    union collapses into it), a None default is that mark, a dict's value type is dropped
    (the Gemini API has no additionalProperties)."""
    options = prop.get("anyOf")
    if isinstance(options, ListVal) and any(_is_null(o) for o in options.items):
        rest = [o for o in options.items if not _is_null(o)]
        if len(rest) == 1 and isinstance(rest[0], DictVal):
            merged = without(prop, "anyOf")
            for key, value in rest[0].entries:
                merged = put(merged, key.value, value) if isinstance(key, Const) else merged
            prop = merged
        else:
            prop = put(prop, "anyOf", ListVal(tuple(rest), options.span))
        prop = put(prop, "nullable", Const(True, options.span))
    default = prop.get("default")
    if isinstance(default, Const) and default.value is None:
        prop = put(without(prop, "default"), "nullable", Const(True, default.span))
    prop = without(prop, "title", "additionalProperties")
    items = prop.get("items")
    return put(prop, "items", _parameter(items)) if isinstance(items, DictVal) else prop


def _required(prop: Value) -> bool:
    if not isinstance(prop, DictVal):
        return True
    nullable = prop.get("nullable")
    return prop.get("default") is None and not (isinstance(nullable, Const) and nullable.value is True)


def gemini_schema(schema: DictVal) -> DictVal:
    schema = without(map_properties(schema, lambda name, prop: _parameter(prop)), "title", "additionalProperties")
    props = schema.get("properties")
    if not isinstance(props, DictVal):
        return schema
    names = tuple(Const(k.value, k.span) for k, v in props.entries if isinstance(k, Const) and _required(v))
    return put(schema, "required", ListVal(names, schema.span))
