"""Walking an evaluated JSON schema: every subschema with its JSON path, and back from a path
to the node a finding should point at.

The schema rules (TL201, TL202, TL207, TL208, TL210) all need "every object level" (the
root, nested objects, array items, `anyOf` branches, `$defs`), and TL201 needs to turn
jsonschema's error paths back into source spans. Paths are JSON paths as jsonschema
reports them: dict keys are str, list indexes int.
"""
from __future__ import annotations

from typing import Iterator, List, Optional, Tuple, Union

from toollint.model import Const, DictVal, ListVal, Value

PathSeg = Union[str, int]
Path = Tuple[PathSeg, ...]

# Keywords whose value is one subschema, a list of them, or a name -> subschema map. `$ref`
# is not followed: definitions are walked where they are defined, so a recursive schema
# never loops and no level is visited twice.
ONE_SCHEMA = ("items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "additionalItems",
              "contains", "propertyNames", "not", "if", "then", "else")
SCHEMA_LIST = ("allOf", "anyOf", "oneOf", "prefixItems", "items")  # `items` as a list: draft-07 tuples
SCHEMA_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
COMPOSITION = ("allOf", "anyOf", "oneOf")
BRANCH = ("not", "if", "then", "else")

TYPE_NAMES = ("string", "number", "integer", "boolean", "array", "object", "null")


def subschemas(schema: Optional[Value], path: Path = ()) -> Iterator[Tuple[Path, DictVal]]:
    """Every dict subschema, the root first, depth-first in source order.

    Parts that are not dicts (unresolved names, boolean schemas) are skipped, not guessed.
    """
    if not isinstance(schema, DictVal):
        return
    stack: List[Tuple[Path, DictVal]] = [(path, schema)]
    while stack:
        here, node = stack.pop()
        yield here, node
        children: List[Tuple[Path, DictVal]] = []
        for key, value in _entries(node):
            if key in SCHEMA_MAP and isinstance(value, DictVal):
                for name, sub in _entries(value):
                    if isinstance(sub, DictVal):
                        children.append((here + (key, name), sub))
            elif key in SCHEMA_LIST and isinstance(value, ListVal):
                for i, sub in enumerate(value.items):
                    if isinstance(sub, DictVal):
                        children.append((here + (key, i), sub))
            elif key in ONE_SCHEMA and isinstance(value, DictVal):
                children.append((here + (key,), value))
        stack.extend(reversed(children))


def all_properties(schema: Optional[Value]) -> Iterator[Tuple[Path, str, Value, DictVal]]:
    """(level path, name, key node, property schema) for every dict property at every level
    whose properties are all known."""
    from toollint.rulekit.schema import properties

    for path, node in subschemas(schema):
        for name, (key, prop) in (properties(node) or {}).items():
            if isinstance(prop, DictVal):
                yield path, name, key, prop


def _entries(node: DictVal) -> Iterator[Tuple[str, Value]]:
    """String-keyed entries, the last of duplicate keys winning as in Python."""
    seen = {}
    for k, v in node.entries:
        if isinstance(k, Const) and isinstance(k.value, str):
            seen[k.value] = v
    return iter(seen.items())


def types_of(node: DictVal) -> Optional[Tuple[str, ...]]:
    """The names in `type` (one or a list), () when there is no `type`, None when unknown."""
    t = node.get("type")
    if t is None:
        return ()
    if isinstance(t, Const) and isinstance(t.value, str):
        return (t.value,)
    if isinstance(t, ListVal) and t.complete and all(isinstance(i, Const) and isinstance(i.value, str)
                                                      for i in t.items):
        return tuple(i.value for i in t.items)
    return None


def is_object_level(node: DictVal) -> bool:
    """A subschema that describes an object: `type: object` (alone or in a list), or one
    that declares `properties` without a type."""
    types = types_of(node)
    if types:
        return "object" in types
    return types == () and node.has("properties")


def object_levels(schema: Optional[Value]) -> Iterator[Tuple[Path, DictVal]]:
    for path, node in subschemas(schema):
        if is_object_level(node):
            yield path, node


def in_composition(path: Path) -> Optional[Path]:
    """The path of the schema this one is a branch of (`anyOf`/`oneOf`/`allOf` item, `not`,
    `if`/`then`/`else`), or None: a branch constrains its parent's properties."""
    if len(path) >= 2 and path[-2] in COMPOSITION and isinstance(path[-1], int):
        return path[:-2]
    if path and path[-1] in BRANCH:
        return path[:-1]
    return None


def node_at(root: Optional[Value], path: Path) -> Optional[Value]:
    """The value at a JSON path, or None when the path leaves what is known."""
    node = root
    for seg in path:
        if isinstance(node, DictVal) and isinstance(seg, str):
            node = node.get(seg)
        elif isinstance(node, ListVal) and isinstance(seg, int) and 0 <= seg < len(node.items):
            node = node.items[seg]
        else:
            return None
    return node


def pointer_node(root: Value, path: Path) -> Value:
    """The node a finding about `path` should point at: the key of the last dict step (the
    offending keyword or property name), the item of a last list step, else the deepest
    node the path reaches."""
    node = root
    pointed: Value = root
    for seg in path:
        if isinstance(node, DictVal) and isinstance(seg, str):
            value = node.get(seg)
            key = node.key_node(seg)
            if value is None or key is None:
                return pointed
            pointed, node = key, value
        elif isinstance(node, ListVal) and isinstance(seg, int) and 0 <= seg < len(node.items):
            node = node.items[seg]
            pointed = node
        else:
            return pointed
    return pointed


def describe(path: Path) -> str:
    """A path as a reader names it: `address.city`, `items[].sku`, `$defs.Address.city`,
    `contact.anyOf[1].email`, `quantity.minimum`; "" for the root."""
    out = ""
    i = 0
    while i < len(path):
        seg = path[i]
        nxt = path[i + 1] if i + 1 < len(path) else None
        if seg in SCHEMA_MAP and nxt is not None and isinstance(nxt, str):
            if seg == "properties":
                out += ("." if out else "") + nxt
            else:
                out += ("." if out else "") + f"{seg}.{nxt}"
            i += 2
            continue
        if seg in SCHEMA_LIST and isinstance(nxt, int):
            out += f"[{nxt}]" if seg in ("items", "prefixItems") else ("." if out else "") + f"{seg}[{nxt}]"
            i += 2
            continue
        if seg == "items" and (nxt is None or not isinstance(nxt, int)):
            out += "[]"
        elif isinstance(seg, int):
            out += f"[{seg}]"
        else:
            out += ("." if out else "") + seg
        i += 1
    return out


def where(path: Path) -> str:
    """`describe` for a message: "at the top level" or "in 'address.city'"."""
    label = describe(path)
    return f"in '{label}'" if label else "at the top level"


def property_label(level_path: Path, name: str) -> str:
    return describe(level_path + ("properties", name))


def field_properties(schema: Optional[Value]) -> Iterator[Tuple[Path, str, Value, DictVal]]:
    """`all_properties`, but a model's field met twice (OpenAI's strict form keeps a model's
    `$defs` entry and inlines it where its `$ref` had a description) only the first time:
    it is one line to fix (DictVal.model, issue 16)."""
    seen = set()
    for path, name, key, prop in all_properties(schema):
        level = node_at(schema, path)
        if isinstance(level, DictVal) and level.model:
            if (level.model, name, key.span) in seen:
                continue
            seen.add((level.model, name, key.span))
        yield path, name, key, prop
