"""Recognise tool definitions in evaluated values, by their wire shape.

Anthropic `{name, description, input_schema}`, OpenAI Chat `{"type": "function",
"function": {...}}`, OpenAI Responses `{"type": "function", name, ...}`, MCP
`Tool(name=..., inputSchema=...)`, and the same keys passed to a `dict(...)` or a
TypedDict-style call. Server and hosted tools are recognised so they are not mistaken for
broken definitions.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional

from toollint.frameworks.reshape import put
from toollint.model import CallVal, Const, DictVal, ListVal, Ref, Str, Tool, Unresolved, Value
from toollint.rulekit.naming import expression_text

SCHEMA_KEYS = ("input_schema", "inputSchema", "parameters")
_SERVER_TYPE = re.compile(r"_\d{8}$")  # every named server tool's type is versioned by a date


def _str(value: Optional[Value], fallback_span) -> Optional[Str]:
    if value is None:
        return None
    if isinstance(value, Const) and isinstance(value.value, str):
        return Str(value.value, value.span)
    if isinstance(value, Const) and value.value is None:
        return Str("", value.span)  # description=None sends nothing
    choices = tuple(Str(c.value, c.span) for c in getattr(value, "choices", ()))  # `A if flag else B`
    return Str(None, getattr(value, "span", fallback_span), choices)


def _bool(value: Optional[Value]) -> Optional[bool]:
    if isinstance(value, Const) and isinstance(value.value, bool):
        return value.value
    return None


# Keys that make a dict a whole JSON Schema's root. A dict without them (a properties map,
# or `{"properties": ..., "required": ...}`) is what a project function puts inside one:
# its body adds the `"type": "object"` wrapper (round 21; round 30, 33 findings).
_ROOT_SCHEMA_KEYS = frozenset(("type", "$ref", "anyOf", "oneOf", "allOf"))


def project_call(value: CallVal) -> CallVal:
    """`register_tool(name=..., parameters={"query": {...}})`, `make_tool(...)` of another
    module (held-out round 21), `@register(parameters={"properties": ..., "required": ...})`
    (round 30): a project function (not a wire type's class) given only part of a schema
    builds the rest in its body; that schema is unresolved rather than judged as the whole
    input schema. Its name and description are read as given."""
    if value.func.rpartition(".")[2][:1].isupper():
        return value
    kwargs = []
    for key, arg in value.kwargs:
        if key in SCHEMA_KEYS and isinstance(arg, DictVal) and arg.entries \
                and not set(arg.str_keys()) & _ROOT_SCHEMA_KEYS:
            arg = Unresolved(f"{value.func}() builds the input schema from it", arg.span)
        kwargs.append((key, arg))
    return CallVal(value.func, value.args, tuple(kwargs), value.span, value.complete)


def _as_dict(value: Value) -> Optional[DictVal]:
    if isinstance(value, DictVal):
        return value
    if isinstance(value, CallVal) and not value.kwargs and len(value.args) == 1 and isinstance(value.args[0], DictVal):
        # a whole definition handed to a call: the SDK's TypedDict `ToolParam({...})` (held-out
        # round 19), a project registry's `@tool({"name": ..., "input_schema": ...})` (round 30)
        return value.args[0]
    if isinstance(value, CallVal) and value.kwargs and not value.args:
        # `Tool(name=..., inputSchema=...)`, `ToolParam(name=..., input_schema=...)`; not a record
        # of the project's own (`Payload(name=..., content=..., parameters={...})`, round 74, N1)
        if any(k in SCHEMA_KEYS and isinstance(v, ListVal) for k, v in value.kwargs):
            return None  # `BaseTool(name=..., parameters=[{"name": "a", ...}])`: a class's own shape
        value = project_call(value)
        keys = {k for k, _ in value.kwargs}
        # the SDK's TypedDict called with keywords: `ChatCompletionToolParam(type="function",
        # function={...})` (held-out round 74, M1)
        callee = value.func.rpartition(".")[2]
        toolish = "description" in keys or "tool" in callee.lower() or "function" in callee.lower()
        # a bare `Tool(name=..., description=...)` is MCP's only with its required inputSchema
        # somewhere (a `**spread` we cannot see), LangChain's with the function it runs
        # (`Tool(name="Search", func=search.run, ...)`); with neither, a project's own class
        # (held-out round 102, C: a help catalog's `@dataclass class Tool`, 15 findings)
        if "name" in keys and toolish and (keys & set(SCHEMA_KEYS) or (callee == "Tool" and (
                not value.complete or keys & {"func", "function", "coroutine"}))):
            return _kwargs_dict(value)
        if keys == {"type", "function"}:
            made = _kwargs_dict(value)
            function = _typed_dict(made.get("function"))
            if isinstance(function, DictVal):
                return put(made, "function", function)
    return None


def _kwargs_dict(call: CallVal) -> DictVal:
    return DictVal(tuple((Const(k, v.span), v) for k, v in call.kwargs), call.span, call.complete)


def tool_from_value(value: Value, registry: Optional[str] = None, in_registry: bool = False) -> Optional[Tool]:
    """The Tool a value defines, or None when it is not (or cannot be seen to be) one."""
    d = _as_dict(value)
    if d is None:
        return None
    if set(d.str_keys()) == {"toolSpec"} and isinstance(d.get("toolSpec"), DictVal):
        d = d.get("toolSpec")  # Bedrock Converse: `{"toolSpec": {name, description, inputSchema: {"json": ...}}}`
    is_call = isinstance(value, CallVal)
    type_value = d.get("type")
    type_name = type_value.value if isinstance(type_value, Const) else None

    if type_name == "function" and isinstance(d.get("function"), DictVal):
        inner = d.get("function")
        if inner.has("arguments") and not inner.has("parameters"):
            return None  # an assistant's tool call ({"id", "function": {"name", "arguments"}}), not a tool
        if inner.get("name") is None:
            return None  # `{"type": "function", "function": {}}` filled in later (held-out round 87: a crash)
        return _tool(inner, "openai-chat", registry, strict=_bool(inner.get("strict")), span=d.span)
    if any(_record_list(d.get(k)) for k in SCHEMA_KEYS) or isinstance(d.get("parameters"), ListVal):
        # `{"_id", "name", "inputSchema": [], ...}`, `inputSchema=[{"name": "url"}]`: a record of the
        # app's own (round 92, B); so is `"parameters": ["species", "region"]`, a help catalog's
        # names (round 102); a list of names under `input_schema` is the mistake of giving `required`
        return None
    if d.get("name") is None or isinstance(d.get("name"), (DictVal, ListVal)):
        # hosted tools ({"type": "web_search_preview"}) have no name: not definitions; nor has a
        # schema's example whose "name" is itself a schema (held-out round 89, A)
        return None
    if not in_registry and _prose_name(d.get("name")):
        return None  # `{"name": f"Identifier name for this {subtree} component.", ...}`: notes (round 89, A)
    if not in_registry and _placeholder(d.get("name")):
        return None  # `info = {"name": "", "description": "", ...}` filled in later (held-out round 77, F)
    if type_name == "function" and (d.has("inputs") or d.has("outputs")) and not d.has("parameters"):
        return None  # a Solidity ABI entry ({"name", "inputs", "outputs", "type": "function"}; round 36, G)
    if type_name == "function":
        return _tool(d, "openai-responses", registry, strict=_bool(d.get("strict")))
    if isinstance(type_name, str) and type_name not in ("custom", "function", "object"):
        if _SERVER_TYPE.search(type_name):
            # Anthropic server tools: {"type": "bash_20250124", "name": "bash"}; no schema by design
            return _tool(d, "server", registry)
        # {"name": "a", "type": "float", "description": ...}: a parameter of some library's own
        # shape (the legacy anthropic-tools BaseTool's `parameters` list), not a tool
        return None
    if d.get("input_schema") is not None:
        return _tool(d, "anthropic", registry, strict=_bool(d.get("strict")))
    if d.get("inputSchema") is not None or (is_call and value.func.rpartition(".")[2] == "Tool"):
        return _tool(d, "mcp", registry)
    if d.get("parameters") is not None:
        if isinstance(d.get("parameters"), CallVal):
            d = put(d, "parameters", _schema_call(d.get("parameters")))
        if _gemini_types(d.get("parameters")):
            # `{"name", "description", "parameters": {"type": "OBJECT", ...}}`: a Gemini function
            # declaration, whose Type enum spells the names so (or a project's record it lowers
            # before sending; held-out round 93, A: 10 TL201); judged as the schema it means
            d = put(d, "parameters", _lowered(d.get("parameters")))
        if _prose_map(d.get("parameters")):
            return None  # `"parameters": {"kind": "Type of data to export"}`: metadata (held-out round 72, B)
        if not in_registry and not d.has("description") and _not_schema(d.get("parameters")):
            # `{"name": "soft_network", "parameters": {**base, "density": 0.2}}`: a benchmark's
            # case, no schema and nothing to tell the model (held-out round 78, B)
            return None
        return _tool(d, "openai-chat", registry, strict=_bool(d.get("strict")))
    if in_registry and d.get("description") is not None and d.complete:
        return _tool(d, "unknown", registry)
    return None


def _typed_dict(value: Optional[Value]) -> Optional[Value]:
    """A TypedDict built by keywords, `ChatCompletionToolParamFunctionChunk(name=..., ...)`
    (litellm; held-out round 87, M2: 11 tools), as the dict it is; anything else as it is."""
    if isinstance(value, CallVal) and value.kwargs and not value.args and value.func.rpartition(".")[2][:1].isupper():
        return _kwargs_dict(value)
    return value


def _own_format(schema: Optional[Value]) -> bool:
    """`{"properties": {"q": {"type": "string", "required": True, "filled_by_llm": True}}}`: no
    root `type`, a property's `required` a boolean, which JSON Schema's never is; an app's
    action metadata its builder turns into a schema (held-out round 87, A: 8 TL201)."""
    if not isinstance(schema, DictVal) or schema.has("type"):
        return False
    props = schema.get("properties")
    return isinstance(props, DictVal) and any(
        isinstance(p, DictVal) and isinstance(p.get("required"), Const) and isinstance(p.get("required").value, bool)
        for _, p in props.entries)


# google-genai's `Type` enum: Gemini's schemas spell the JSON Schema type names in capitals
_GEMINI_TYPES = frozenset(("STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"))


def _record_list(value: Optional[Value]) -> bool:
    return isinstance(value, ListVal) and all(isinstance(i, DictVal) for i in value.items)


def _gemini_types(schema: Value) -> bool:
    top = schema.get("type") if isinstance(schema, DictVal) else None
    return isinstance(top, Const) and top.value == "OBJECT"


def _schema_call(value: Value) -> Value:
    """google-genai's `types.Schema(type=types.Type.OBJECT, properties={"a": types.Schema(...)},
    required=[...])` as the dict it stands for (held-out round 111, M1: 8 schemas unread);
    anything else as it is."""
    if isinstance(value, CallVal) and value.func.rpartition(".")[2] == "Schema" and not value.args:
        return DictVal(tuple((Const(k, value.span), _schema_call(v)) for k, v in value.kwargs), value.span,
                       value.complete)
    if isinstance(value, DictVal):
        return replace(value, entries=tuple((k, _schema_call(v)) for k, v in value.entries))
    if isinstance(value, ListVal):
        return replace(value, items=tuple(_schema_call(v) for v in value.items))
    if isinstance(value, Ref) and value.module.endswith(".Type") and value.name in _GEMINI_TYPES:
        return Const(value.name, value.span)  # `types.Type.STRING`
    return value


def _lowered(value: Value) -> Value:
    """The schema with Gemini's type names in JSON Schema's spelling, spans kept."""
    if isinstance(value, ListVal):
        return replace(value, items=tuple(_lowered(v) for v in value.items))
    if not isinstance(value, DictVal):
        return value
    entries = []
    for key, item in value.entries:
        if isinstance(key, Const) and key.value == "type" and isinstance(item, Const) and item.value in _GEMINI_TYPES:
            item = Const(item.value.lower(), item.span)
        entries.append((key, _lowered(item)))
    return replace(value, entries=tuple(entries))


def _prose_name(name: Value) -> bool:
    """A template whose written text is a sentence, not a tool's name."""
    text = name.text if isinstance(name, Unresolved) else ""
    return bool(text) and text[:2] in ('f"', "f'") and " " in text


def _placeholder(name: Value) -> bool:
    return isinstance(name, Const) and name.value == ""


def _not_schema(value: Value) -> bool:
    """Settings (`{**base, "density": 0.2}`) or a local made at run time, where a definition's
    `parameters` has a schema's own keys (`type`, `properties`, ...) or names a constant."""
    if isinstance(value, DictVal):
        return not set(value.str_keys()) & (_ROOT_SCHEMA_KEYS | {"properties", "required"})
    return isinstance(value, Unresolved)


def _prose_map(value: Value) -> bool:
    """A dict of parameter names to plain sentences, not a schema: a task's or a command's
    metadata (`{"name", "description", "steps", "parameters": {"kind": "Type of data"}}`)."""
    return isinstance(value, DictVal) and bool(value.entries) and value.complete and all(
        isinstance(k, Const) and k.value not in _ROOT_SCHEMA_KEYS and k.value not in ("properties", "required")
        and isinstance(v, Const) and isinstance(v.value, str) and " " in v.value for k, v in value.entries)


def _tool(d: DictVal, shape: str, registry: Optional[str], strict: Optional[bool] = None, span=None) -> Tool:
    schema = None
    for key in SCHEMA_KEYS:
        if d.get(key) is not None:
            schema = d.get(key)
            break
    if isinstance(schema, DictVal) and set(schema.str_keys()) == {"json"} and isinstance(schema.get("json"), DictVal):
        schema = schema.get("json")  # Bedrock Converse's `toolSpec.inputSchema = {"json": {...}}` (round 87, H)
    elif _own_format(schema):
        schema = Unresolved("the project's own parameter format (a property's `required: true`), rebuilt into a "
                            "schema before it is sent", schema.span)
    name = _str(d.get("name"), d.span)
    description = _str(d.get("description"), d.span)
    if description is None and not d.complete:
        # a `**spread` we could not see may carry the description
        description = Str(None, d.span)
    return Tool(
        name=name,
        name_expr=expression_text(d.get("name")) if name.value is None else None,
        span=span or d.span,
        shape=shape,
        description=description,
        schema=schema,
        strict=strict,
        registry=registry,
    )
