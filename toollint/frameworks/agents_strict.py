"""What the Agents SDK sends for `FunctionTool(params_json_schema=..., strict_json_schema=True)`
(the default): `FunctionTool.__post_init__` replaces the schema with
`ensure_strict_json_schema(schema)` (openai-agents 0.24, agents/tool.py and
agents/strict_schema.py `_ensure_strict_json_schema`), which

- gives every object schema that lacks it `"additionalProperties": false`;
- makes every declared property required (`required = list(properties)`);
- raises UserError on an object that allows additional properties, so such a schema is
  left as written: the tool is never built, and TL210 saying so is right.

Judging the schema as written would report the strict-mode defects the SDK repairs (TL210
fired ~50 times on openai-agents' own examples). Anything this does not read whole stays as
written, and a `required` it cannot compute (properties not all readable) is not invented.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List, Tuple

from toollint.model import Const, DictVal, ListVal, Value

STRICT_TRANSFORM = "openai-agents-strict"  # pydantic_values' name of strict_python

_MAPS = ("properties", "$defs", "definitions", "patternProperties")
_ONE = ("items", "additionalItems", "contains", "not", "if", "then", "else", "additionalProperties")
_MANY = ("anyOf", "allOf", "oneOf", "prefixItems")


def strict_schema(schema: Value) -> Value:
    """`schema` as ensure_strict_json_schema returns it, as far as it is read."""
    if not isinstance(schema, DictVal):
        return schema
    entries: List[Tuple[Value, Value]] = []
    for key, value in schema.entries:
        name = key.value if isinstance(key, Const) else None
        if name in _MAPS and isinstance(value, DictVal):
            value = replace(value, entries=tuple((k, strict_schema(v)) for k, v in value.entries))
        elif name in _ONE:
            value = strict_schema(value)
        elif name in _MANY and isinstance(value, ListVal):
            value = replace(value, items=tuple(strict_schema(i) for i in value.items))
        entries.append((key, value))
    out = replace(schema, entries=tuple(entries))
    if not _is_object(out):
        return out
    where = out.span
    if not out.has("additionalProperties"):
        out = replace(out, entries=out.entries + ((Const("additionalProperties", where), Const(False, where)),))
    props = out.get("properties")
    if isinstance(props, DictVal) and props.complete and all(isinstance(k, Const) for k, _ in props.entries):
        required = ListVal(tuple(Const(k.value, k.span) for k, _ in props.entries), where)
        kept = tuple((k, v) for k, v in out.entries if not (isinstance(k, Const) and k.value == "required"))
        out = replace(out, entries=kept + ((Const("required", where), required),))
    return out


def _is_object(schema: DictVal) -> bool:
    typ = schema.get("type")
    if isinstance(typ, Const):
        return typ.value == "object"
    if isinstance(typ, ListVal):
        return any(isinstance(t, Const) and t.value == "object" for t in typ.items)
    return typ is None and isinstance(schema.get("properties"), DictVal)



def strict_python(schema: Dict[str, Any]) -> Dict[str, Any]:
    """ensure_strict_json_schema of a model's `model_json_schema()` (a new dict): openai's
    to_strict_json_schema (openai_models.strict_json_schema), which the SDK's is adapted
    from. The SDK's own step on top, each `oneOf` made an `anyOf`, meets nothing derived:
    pydantic writes `oneOf` for a discriminated union, which stays unresolved. Where the SDK
    raises instead (an object open to additional properties: `dict[str, X]`), the schema
    keeps what it says, and TL210 says the tool is never built."""
    from toollint.frameworks.openai_models import strict_json_schema

    return strict_json_schema(schema)
