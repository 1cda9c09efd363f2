"""Which evaluated values are registries by their shape (extract/discovery.py finds them):
a list holding definitions, a dict of handlers, a dict of category name lists, a list of
records each holding one definition."""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from toollint.link.shapes import tool_from_value
from toollint.model import CallVal, Const, DictVal, ListVal, Ref, Symbol, Value

# calls that return a whole definition from a pydantic model, made when linking (frameworks/openai_models.py)
_MODEL_TOOLS = {"pydantic_function_tool", "pydantic_responses_function_tool"}


def is_tool_list(value: Value) -> bool:
    return isinstance(value, ListVal) and any(tool_from_value(item) is not None or model_tool(item)
                                              for item in value.items)


def is_model_list(value: Optional[Value]) -> bool:
    return isinstance(value, ListVal) and any(model_tool(item) for item in value.items)


def model_tool(value: Value) -> bool:
    return isinstance(value, CallVal) and value.func.rpartition(".")[2] in _MODEL_TOOLS


def handler_like(value: Value) -> bool:
    """Names to functions; `**other.HANDLERS` spreads beside them (linking splices those in:
    held-out round 109, B), but not spreads alone (`{**DEFAULTS, **overrides}`)."""
    if not isinstance(value, DictVal):
        return False
    named = [(k, v) for k, v in value.entries if not (isinstance(k, Ref) and k is v)]
    return (
        bool(named)
        and all(isinstance(k, Const) and isinstance(k.value, str) for k, _ in named)
        and all(isinstance(v, Symbol) or (isinstance(v, Ref) and not v.spread) for _, v in named)
    )


def record_definitions(value: Value) -> Optional[ListVal]:
    """`[{"name": "get_time", "tool": get_time, "metadata": {"type": "function", "function":
    {...}}}, ...]`: a registry whose records each hold one definition under a key, the list
    the agent sends made of those (held-out round 91, M1); only the typed wrappers of the
    providers (`{"type": "function", ...}`), which nothing else has the shape of."""
    if not isinstance(value, ListVal) or not value.items:
        return None
    found = []
    for item in value.items:
        if not isinstance(item, DictVal):
            return None
        held = [v for _, v in item.entries if isinstance(v, DictVal) and isinstance(v.get("type"), Const)
                and v.get("type").value == "function" and tool_from_value(v) is not None]
        if len(held) != 1:
            return None
        found.append(held[0])
    return ListVal(tuple(found), value.span, value.complete)


def wrapped_declarations(value: Value) -> Optional[ListVal]:
    """google-genai's wrapper around the declarations: `[types.Tool(function_declarations=[
    types.FunctionDeclaration(...), ...])]`, a dict `{"function_declarations": [...]}` or one
    wrapper alone; the declarations are the definitions sent (held-out round 105, M1)."""
    items = value.items if isinstance(value, ListVal) else (value,)
    found: list = []
    complete = not isinstance(value, ListVal) or value.complete
    for item in items:
        if isinstance(item, CallVal) and item.func.rpartition(".")[2] == "Tool":
            held = dict(item.kwargs).get("function_declarations")
        elif isinstance(item, DictVal):
            held = item.get("function_declarations") or item.get("functionDeclarations")
        else:
            return None
        if not is_tool_list(held):
            return None
        found.extend(held.items)
        complete = complete and held.complete
    return ListVal(tuple(found), value.span, complete) if found else None


def handed_definitions(value: Value) -> Optional[ListVal]:
    """`TOOLS = build_tool_definitions(extra_tools=[{...}, ...])`: the one list of whole
    definitions a project builder is handed goes into what it builds, with what else it adds
    unseen (held-out round 71: its handler table was read, its definitions were not)."""
    if not isinstance(value, CallVal):
        return None
    lists = [v for v in (*value.args, *(v for _, v in value.kwargs)) if is_tool_list(v)]
    return replace(lists[0], complete=False) if len(lists) == 1 else None


def category_like(value: Value) -> bool:
    if not isinstance(value, DictVal) or not value.entries:
        return False
    for k, v in value.entries:
        if not (isinstance(k, Const) and isinstance(k.value, str)):
            return False
        if isinstance(v, DictVal) and isinstance(v.get("tools"), ListVal):
            v = v.get("tools")
        if not isinstance(v, ListVal) or not all(isinstance(i, Const) and isinstance(i.value, str) for i in v.items):
            return False
    return True
