"""`args_schema` given to LangChain as a JSON-schema dict (issue 16 item 5), as
`convert_to_openai_tool` sends it (langchain-core 1.8 utils/function_calling.py,
_convert_json_schema_to_openai_function): its top-level `title` and `description` popped
(a tool's own description wins), every `title` dropped but a property named "title" and
those inside a list (_rm_titles), `$ref`s inlined and `$defs` dropped (dereference_refs).
Recorded: tests/data/frameworks/langchain_dict.json. A dict with references is left
unresolved rather than inlined here.
"""
from __future__ import annotations

from dataclasses import replace

from toollint.model import Const, DictVal, ListVal, Unresolved, Value

_POPPED = ("title", "description")
_REFERENCES = ("$ref", "$defs", "definitions")


def sent_dict(schema: Value) -> Value:
    if not isinstance(schema, DictVal):
        return schema
    if _has_references(schema):
        return Unresolved("an args_schema dict with $ref or $defs: LangChain inlines them, not derived", schema.span)
    kept = tuple((k, v) for k, v in schema.entries if not (isinstance(k, Const) and k.value in _POPPED))
    return _untitled(replace(schema, entries=kept), "")


def _has_references(value: Value) -> bool:
    if isinstance(value, DictVal):
        return any(isinstance(k, Const) and k.value in _REFERENCES or _has_references(v) for k, v in value.entries)
    if isinstance(value, ListVal):
        return any(_has_references(i) for i in value.items)
    return False


def _untitled(value: DictVal, parent: str) -> DictVal:
    entries = []
    for key, item in value.entries:
        name = key.value if isinstance(key, Const) else None
        if name == "title" and not (parent == "properties" and isinstance(item, DictVal)):
            continue
        entries.append((key, _untitled(item, name or "") if isinstance(item, DictVal) else item))
    return replace(value, entries=tuple(entries))
