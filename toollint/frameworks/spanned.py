"""Derived JSON as the Value rules read: each property (and its name in `required`) on the
span of the field that declares it, the rest on the call that made it, and each object a
class produced marked with the class's name (DictVal.model), so messages can name the
model (issue 16)."""
from __future__ import annotations

from typing import Any, Dict, FrozenSet, NamedTuple, Optional, Tuple, Union

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


def ref_paths(schema: Any) -> "RefPaths":
    """Where each `$ref` of a schema sits, as a JSON path, and the `$defs` name it points
    at, walking into the definitions: a framework that inlines the definitions puts each
    where its `$ref` was, so the path finds the class of an inlined object."""
    return RefPaths(schema)


class RefPaths:
    """ref_paths' answer, found for each path asked about by walking the schema along it:
    listing every path up front walked a definition once per reference to it, which is
    exponential in the depth of definitions that share others."""

    def __init__(self, schema: Any) -> None:
        self.schema = schema
        defs = schema.get("$defs") if isinstance(schema, dict) else None
        self.defs: Dict[str, Any] = defs if isinstance(defs, dict) else {}

    def get(self, path: Path) -> Optional[str]:
        if not self.defs:
            return None  # most schemas: no definition for a path to be in
        return self._at(self.schema, path, "", frozenset())

    def _at(self, node: Any, path: Path, parent: Union[str, int], open_refs: FrozenSet[str]) -> Optional[str]:
        """The name at `path` below `node`: the node's own keys win over those of the
        definition it refers to, and an inner reference of a chain over an outer one."""
        ref = node.get("$ref") if isinstance(node, dict) else None
        name = ref[len("#/$defs/"):] if isinstance(ref, str) and ref.startswith("#/$defs/") else None
        inner = None
        if name in self.defs and name not in open_refs:
            inner = self._at(self.defs[name], path, parent, open_refs | {name})
            if not path:
                return inner or name
        if not path:
            return None
        step, rest = path[0], path[1:]
        own = None
        if isinstance(node, dict) and isinstance(step, str) and step in node and step != "$defs" and not (
                step == "default" and parent != "properties"):  # a default is a value, not a schema
            own = self._at(node[step], rest, step, open_refs)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            own = self._at(node[step], rest, step, open_refs)
        return own if own is not None else inner


def spanned(data: Any, span: Span, levels: Levels, refs: Optional[RefPaths] = None) -> Value:
    """Derived JSON as a Value: the properties of the top level (key "") and of each `$defs`
    entry (its name) on their fields' spans, the rest on `span`; `refs` (ref_paths of the
    schema before a framework inlined it) places the inlined definitions' too."""
    return _value(data, span, levels, "", (), refs if refs is not None else RefPaths({}))


def _value(data: Any, span: Span, levels: Levels, level: Optional[str], path: Path, refs: RefPaths) -> Value:
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
