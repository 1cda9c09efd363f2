"""OpenAI's `pydantic_function_tool(Model)` (and `pydantic_responses_function_tool`) in a
tool list, as the tool definition it returns (issue 16).

Derived from openai 3.57.0, `openai/lib/_tools.py` and `openai/lib/_pydantic.py`, and
checked against what the real function returns (tests/data/frameworks/models/):

- the name is `name=` when truthy, else the class's `__name__`;
- the description is `description=`, else the class's `__doc__` as written (not
  cleaned: its indentation goes on the wire), and no key at all when there is neither;
- `strict: true`, and the parameters are `model_json_schema()` made strict by
  `to_strict_json_schema`: every object without `additionalProperties` gets `false`, every
  property is required, a `None` default is dropped, and a `$ref` with siblings (a
  described nested model) is replaced by the definition merged under those siblings.
  `$defs` stay.

The responses variant is the same function spread into `{"type": "function", ...}`.
"""
from __future__ import annotations

import copy
from typing import Any, Dict, Optional

from toollint.frameworks.pydantic_schema import Resolver, schema_with_classes
from toollint.frameworks.spanned import Kept, model_levels, ref_paths, spanned
from toollint.model import CallVal, Const, ModelClass, ModuleFacts, Ref, Symbol, Unresolved, Value

_MODULES = ("openai", "openai.lib", "openai.lib._tools")
_CHAT = {f"{m}.pydantic_function_tool" for m in _MODULES}
_RESPONSES = {f"{m}.pydantic_responses_function_tool" for m in _MODULES}


def qualified(func: str, facts: ModuleFacts) -> str:
    """A callee as written, through the module's imports: `pydantic_function_tool` ->
    `openai.pydantic_function_tool`."""
    head, _, rest = func.partition(".")
    for local, module, attr in facts.imports:
        if local == head:
            return ".".join(p for p in (module, attr, rest) if p)
    return func


def model_of(value: Value, facts: ModuleFacts, resolve: Resolver) -> Optional[ModelClass]:
    """The project class an argument names: a class of the module or an imported one."""
    if isinstance(value, Symbol) and "." not in value.target:
        return resolve(facts.module, value.target)
    if isinstance(value, Ref) and not value.spread:
        return resolve(value.module, value.name)
    return None


def function_tool(call: CallVal, facts: ModuleFacts, resolve: Resolver) -> Optional[Value]:
    """The definition `pydantic_function_tool(...)` returns, each property spanned on its
    field; None for any other call."""
    func = qualified(call.func, facts)
    if func not in _CHAT | _RESPONSES:
        return None
    keywords = dict(call.kwargs)
    allowed = {"name", "description"} | ({"defer_loading"} if func in _RESPONSES else set())
    cls = model_of(call.args[0], facts, resolve) if len(call.args) == 1 else None
    if cls is None or not call.complete or set(keywords) - allowed:
        return Unresolved(f"{call.func}() of something other than a project model", call.span)
    name = keywords.get("name", Const(None, call.span))
    if isinstance(name, Const) and not name.value:
        name = Const(cls.name, call.span)  # `name or model.__name__`
    description = keywords.get("description")
    if description is None or isinstance(description, Const) and description.value is None:
        description = None if cls.docstring is None else Const(cls.docstring.value, cls.docstring.span)
    parameters = Kept(_parameters(cls, resolve, call))
    function: Dict[str, Any] = {"name": _plain(name), "strict": True, "parameters": parameters}
    if description is not None:
        function["description"] = _plain(description)
    if func in _CHAT:
        data = {"type": "function", "function": function}
    else:
        data = {"type": "function", **function}
        if "defer_loading" in keywords:
            data["defer_loading"] = _plain(keywords["defer_loading"])
    return spanned(data, call.span, {})


def _plain(value: Value) -> Kept:
    """A name or description as given, its span kept; what linking did not read, unresolved."""
    if isinstance(value, (Const, Unresolved)):
        return Kept(value)
    return Kept(Unresolved("not a literal", value.span))


def _parameters(cls: ModelClass, resolve: Resolver, call: CallVal) -> Value:
    schema, classes = schema_with_classes(cls, resolve)
    if isinstance(schema, Unresolved):
        return Unresolved(schema.reason, call.span)
    return spanned(strict_json_schema(schema), call.span, model_levels(cls, classes, resolve), ref_paths(schema))


def strict_json_schema(schema: Dict[str, Any]) -> Dict[str, Any]:
    """openai's `to_strict_json_schema` of a `model_json_schema()` result (a new dict)."""
    root = copy.deepcopy(schema)
    return _strict(root, root)


def _strict(node: Dict[str, Any], root: Dict[str, Any]) -> Dict[str, Any]:
    for key in ("$defs", "definitions"):
        if isinstance(node.get(key), dict):
            for sub in node[key].values():
                _strict(sub, root)
    if node.get("type") == "object" and "additionalProperties" not in node:
        node["additionalProperties"] = False
    if isinstance(node.get("properties"), dict):
        node["required"] = list(node["properties"])
        node["properties"] = {k: _strict(v, root) for k, v in node["properties"].items()}
    if isinstance(node.get("items"), dict):
        node["items"] = _strict(node["items"], root)
    if isinstance(node.get("anyOf"), list):
        node["anyOf"] = [_strict(v, root) for v in node["anyOf"]]
    if isinstance(node.get("allOf"), list):
        if len(node["allOf"]) == 1:
            node.update(_strict(node["allOf"][0], root))
            node.pop("allOf")
        else:
            node["allOf"] = [_strict(v, root) for v in node["allOf"]]
    if "default" in node and node["default"] is None:
        node.pop("default")
    ref = node.get("$ref")
    if ref and len(node) > 1:
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        node.update({**copy.deepcopy(target), **node})  # the siblings win over the definition
        node.pop("$ref")
        return _strict(node, root)
    return node
