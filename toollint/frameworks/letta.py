"""letta: `client.tools.upsert_from_function(func=fn)` / `create_from_function(func=fn)`.

letta-client (0.1.324; 1.x dropped these helpers) sends the function's source
(`inspect.getsource`); the letta server derives the schema from it without running it
(recorded from letta-nightly 0.11.5: letta/functions/functions.py derive_openai_json_schema,
letta/functions/schema_generator.py generate_schema):

- the name is the function's; the description docstring_parser's short description and,
  when there is one, "\\n\\n" and the long one ("No description available" without
  either); a docstring missing altogether makes the server refuse the tool;
- `self` and `agent_state` are dropped; every other parameter needs an annotation and a
  Google `Args:` description, or the server refuses the tool;
- types: str/int/float/bool, `dict` (an open object), `list` (of strings unless typed),
  `List[T]`, `Optional[T]` as T, and `Literal[...]`, which letta rebuilds from the AST
  wrongly (recorded: `Literal["fast", "fair"]` is sent as the one-value string enum
  `["('fast', 'fair')"]`); nothing else maps (a general Union, `str | None`, `Dict[K, V]`,
  `Any`: refused, so the schema is unresolved here), nor a model-typed parameter;
- a parameter is required when it has no default and is not Optional; no default is sent.

A call that gives `description=`, `json_schema=` or `args_schema=` is left alone: the
server's choice among them and the docstring is not modelled. Only a module that imports
letta counts: `create_from_function` is a common enough method name.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional, Tuple

from toollint.frameworks.base import Framework
from toollint.frameworks.derive import function_tool, wire_params
from toollint.frameworks.docparser import description, parsed
from toollint.frameworks.docstrings import ParamDocs
from toollint.frameworks.reshape import map_properties, put, without
from toollint.model import Const, DictVal, ListVal, Str, Tool, Unresolved

_SCALAR = r"(?:str|int|float|bool)"
_MAPPED = re.compile(rf"^(?:{_SCALAR}|dict|Dict|list|List|(?:list|List)\[{_SCALAR}\]|Literal\[[^\[\]]*\])$")
_OPTIONAL = re.compile(r"^Optional\[(.*)\]$")  # `str | None` is no type to letta's reading: refused
_GIVEN = ("description", "json_schema", "args_schema")


def _optional_inner(annotation: str) -> Optional[str]:
    match = _OPTIONAL.match(annotation)
    return match.group(1).strip() if match else None


def _literal_enum(prop: DictVal) -> DictVal:
    """letta rebuilds `Literal["a", "b"]` from the source's AST and gets `Literal["('a', 'b')"]`
    (letta/functions/functions.py _parse_type_annotation unparses the subscript): the enum
    it sends holds that one string, `'a'` with its quotes for a single value."""
    enum = prop.get("enum")
    values = [v.value for v in enum.items] if isinstance(enum, ListVal) else None
    if not values or not all(isinstance(v, Const) for v in enum.items):
        return prop
    text = repr(values[0]) if len(values) == 1 else "(" + ", ".join(map(repr, values)) + ")"
    return put(prop, "enum", ListVal((Const(text, enum.span),), enum.span))


class Letta(Framework):
    name = "letta"
    adders = {"upsert_from_function": ("func",), "create_from_function": ("func",)}
    any_owner = frozenset(adders)  # `client.tools.upsert_from_function(...)`: the client's attribute
    style = "plain"
    dropped = frozenset({"self", "agent_state"})

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        if not any(m.partition(".")[0] in ("letta", "letta_client") for m, _ in ctx.imports.values()):
            return None
        if any(use.kwarg(k) is not None for k in _GIVEN):
            return None
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None or not isinstance(tool.schema, DictVal):
            return tool
        required, unmapped = [], []
        for param in wire_params(sig, mode):
            if param.name in self.dropped:
                continue
            annotation = (param.annotation or "").strip().strip("'\"")
            inner = _optional_inner(annotation)
            if not _MAPPED.match(inner if inner is not None else annotation):
                unmapped.append(param.name)
            elif not param.has_default and inner is None:
                required.append(Const(param.name, param.span))
        if unmapped:
            reason = f"letta maps no type for parameter '{unmapped[0]}' (it refuses such a tool)"
            return replace(tool, schema=Unresolved(reason, tool.schema.span))
        literal = {p.name for p in sig.params if "Literal[" in (p.annotation or "")}
        schema = map_properties(tool.schema, lambda name, prop: _listed(
            _literal_enum(without(prop, "default")) if name in literal else without(prop, "default")))
        return replace(tool, schema=put(schema, "required", ListVal(tuple(required), schema.span)))

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        _, docs, _ = parsed(clean)
        text = description(clean) or ""
        short, _, long = text.partition("\n")
        long = long.strip()
        if "Examples:" in clean:
            return None, docs  # its examples section goes after the text: not modelled
        return (f"{short}\n\n{long}" if short and long else short or long or "No description available"), docs

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        if sig.docstring is None or not sig.docstring.value:
            return None
        if text is None:
            return Str(None, sig.docstring.span)
        return Str(text, sig.docstring.span)


def _listed(prop: DictVal) -> DictVal:
    """An untyped `list` is sent as a list of strings."""
    kind = prop.get("type")
    if isinstance(kind, Const) and kind.value == "array" and prop.get("items") is None:
        span = prop.span
        return put(prop, "items", DictVal(((Const("type", span), Const("string", span)),), span))
    return prop
