"""What rules call to offer a fix: each returns a Fix, or None when the node to change is
not a literal written in the definition the finding is about (no libcst here)."""
from __future__ import annotations

from typing import Optional

from toollint.fix import (ADD_DEFAULT, ADD_ENTRY, APPEND_ITEM, REMOVE_ITEM, REPLACE_STRING, Edit, Fix, quoted,
                          written_in)
from toollint.model import Const, DictVal, ListVal, Span, Tool, Value


def is_literal(value: Optional[Value], tool: Tool, path: str) -> bool:
    """`value` is a list or dict written out inside `tool`'s definition, in `path`.

    A schema a framework derives from a signature reuses one span for every part of it;
    a written literal strictly contains its items, which tells the two apart."""
    if not isinstance(value, (ListVal, DictVal)) or not value.complete:
        return False
    if tool.shape == "decorated" or value.span.path != path or not written_in(value.span, tool.span):
        return False
    parts = value.items if isinstance(value, ListVal) else [k for k, _ in value.entries]
    return all(p.span != value.span and written_in(p.span, value.span) for p in parts)


def drop_required(schema: Optional[Value], name: str, tool: Tool, path: str, applicability: str) -> Optional[Fix]:
    """Remove every `name` from the `required` list of `schema` (a subschema or the root)."""
    req = schema.get("required") if isinstance(schema, DictVal) else None
    if not is_literal(req, tool, path):
        return None
    edits = tuple(Edit(REMOVE_ITEM, item.span, old=name, scope=req.span) for item in req.items
                  if isinstance(item, Const) and item.value == name)
    return Fix(f"Remove '{name}' from 'required'", applicability, edits) if edits else None


def add_required(schema: Optional[Value], name: str, tool: Tool, path: str) -> Optional[Fix]:
    """Append `name` to the written `required` list of `schema`."""
    req = schema.get("required") if isinstance(schema, DictVal) else None
    text = quoted(name)
    if text is None or not is_literal(req, tool, path):
        return None
    return Fix(f"Add '{name}' to 'required'", "safe", (Edit(APPEND_ITEM, req.span, text=text, scope=req.span),))


def close_object(level: DictVal, tool: Tool, path: str) -> Optional[Fix]:
    """Add `"additionalProperties": False` to the written object schema `level`."""
    if not is_literal(level, tool, path) or level.has("additionalProperties"):
        return None
    return Fix('Add "additionalProperties": False', "safe",
               (Edit(ADD_ENTRY, level.span, text='"additionalProperties"\0False', scope=level.span),))


def default_none(span: Span, name: str) -> Fix:
    # the parameter: its name, annotation and the new default (the rest of the line at most)
    scope = Span(span.path, span.line, span.col, span.line, 1 << 30)
    return Fix(f"Give '{name}' the default None", "unsafe", (Edit(ADD_DEFAULT, span, text="None", scope=scope),))


def rename(span: Span, old: str, new: str) -> Optional[Fix]:
    text = quoted(new)
    if text is None:
        return None
    return Fix(f"Replace '{old}' with '{new}'", "unsafe", (Edit(REPLACE_STRING, span, text=new, old=old, scope=span),))
