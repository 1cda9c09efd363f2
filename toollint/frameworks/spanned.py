"""Derived JSON as the Value rules read: each property (and its name in `required`) on the
span of the field that declares it, the rest on the call that made it, and each object a
class produced marked with the class's name (DictVal.model), so messages can name the
model (issue 16)."""
from __future__ import annotations

from typing import Any, Dict, NamedTuple, Optional, Set, Tuple, Union

from toollint.model import Const, DictVal, ListVal, ModelClass, Span, Value

Path = Tuple[Union[str, int], ...]


class Level(NamedTuple):
    """An object schema of the derived JSON: the class that produced it ("" for none, a
    function's parameters) and the span of each property's field."""

    model: str
    fields: Dict[str, Span]


Levels = Dict[str, Level]  # "" (the top level) or a `$defs` name -> its Level


class Kept:
    """A Value placed in derived JSON as it is (a name passed to the call), span and all."""

    def __init__(self, value: Value) -> None:
        self.value = value


def model_levels(cls: Optional[ModelClass], classes: Dict[str, Optional[ModelClass]], resolve) -> Levels:
    """The Levels of a model's schema: the model at the top (none when `cls` is None), the
    class of each `$defs` entry under its name."""
    from toollint.frameworks.pydantic_schema import field_spans

    out = {name: Level(c.name, field_spans(c, resolve)) for name, c in classes.items() if c is not None}
    if cls is not None:
        out[""] = Level(cls.name, field_spans(cls, resolve))
    return out


def ref_paths(schema: Any) -> Dict[Path, str]:
    """Where each `$ref` of a schema sits, as a JSON path, and the `$defs` name it points
    at, walking into the definitions: a framework that inlines the definitions puts each
    where its `$ref` was, so the path finds the class of an inlined object."""
    defs = schema.get("$defs", {}) if isinstance(schema, dict) else {}
    out: Dict[Path, str] = {}
    _refs(schema, (), defs, out, set())
    return out


def _refs(node: Any, path: Path, defs: Dict[str, Any], out: Dict[Path, str], open_refs: Set[str]) -> None:
    if isinstance(node, list):
        for i, item in enumerate(node):
            _refs(item, path + (i,), defs, out, open_refs)
        return
    if not isinstance(node, dict):
        return
    ref = node.get("$ref")
    name = ref[len("#/$defs/"):] if isinstance(ref, str) and ref.startswith("#/$defs/") else None
    if name in defs and name not in open_refs:
        out[path] = name
        _refs(defs[name], path, defs, out, open_refs | {name})
    for key, sub in node.items():
        if key != "$defs" and key != "default":
            _refs(sub, path + (key,), defs, out, open_refs)


def spanned(data: Any, span: Span, levels: Levels, refs: Optional[Dict[Path, str]] = None) -> Value:
    """Derived JSON as a Value: the properties of the top level (key "") and of each `$defs`
    entry (its name) on their fields' spans, the rest on `span`; `refs` (ref_paths of the
    schema before a framework inlined it) places the inlined definitions' too."""
    return _value(data, span, levels, "", (), refs or {})


def _value(data: Any, span: Span, levels: Levels, level: Optional[str], path: Path, refs: Dict[Path, str]) -> Value:
    if isinstance(data, Kept):
        return data.value
    if isinstance(data, dict):
        here = levels.get(level) if level is not None and "$ref" not in data else None
        fields = here.fields if here is not None else {}
        entries = []
        for key, sub in data.items():
            if key == "properties" and isinstance(sub, dict):
                props = tuple((Const(k, fields.get(k, span)), _value(v, fields.get(k, span), levels,
                                                                      refs.get(path + (key, k)), path + (key, k), refs))
                              for k, v in sub.items())
                entries.append((Const(key, span), DictVal(props, span)))
            elif key == "required" and isinstance(sub, list) and fields:
                # a required name is the field's too: a finding on it belongs on that line
                names = tuple(Const(n, fields.get(n, span) if isinstance(n, str) else span) for n in sub)
                entries.append((Const(key, span), ListVal(names, span)))
            elif key == "$defs" and isinstance(sub, dict):
                defs = tuple((Const(k, span), _value(v, span, levels, k, path + (key, k), refs)) for k, v in sub.items())
                entries.append((Const(key, span), DictVal(defs, span)))
            else:
                entries.append((Const(key, span), _value(sub, span, levels, refs.get(path + (key,)), path + (key,),
                                                         refs)))
        return DictVal(tuple(entries), span, model=here.model if here is not None else "")
    if isinstance(data, list):
        return ListVal(tuple(_value(i, span, levels, refs.get(path + (n,)), path + (n,), refs)
                             for n, i in enumerate(data)), span)
    return Const(data, span)
