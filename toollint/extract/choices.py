"""A forced tool choice is not a tool definition (issue 18).

`tool_choice={"type": "function", "function": {"name": "lookup_order"}}` (OpenAI Chat),
`{"type": "function", "name": ...}` (Responses) and `{"type": "tool", "name": ...}`
(Anthropic) name a tool that is defined elsewhere; read as a definition, each became a
second, empty tool beside the real one (TL101 "has no description", TL302). Two guards:
where the value stands (a `tool_choice=` keyword, a `"tool_choice"` key, an assignment to
a `tool_choice` name, a module constant passed as `tool_choice=NAME`), and, for a dict
standing alone anywhere, its shape: one that only names a tool defines nothing.
"""
from __future__ import annotations

import re
from typing import FrozenSet, Optional

import libcst as cst

from toollint.extract.literals import string_value
from toollint.model import Const, DictVal, Value

# Keywords and keys whose value is what a tool is called with, or which one is forced:
# never a definition.
# ... nor what a schema shows as an example of a result (held-out round 89, A: an
# `output_schema`'s `example` with name/description/parameters keys)
NOT_DEFINITIONS = frozenset(("arguments", "tool_input", "tool_choice", "output_schema", "outputSchema", "example",
                             "examples"))

# What a choice holds besides the tool's name; a definition has a description or a schema.
_CHOICE_KEYS = frozenset(("type", "name", "function", "disable_parallel_tool_use"))

# `tool_choice=FORCE_LOOKUP`, `"tool_choice": FORCE_LOOKUP`: the constant is a choice
_CHOICE_NAME = re.compile(r"""\btool_choice["']?\s*[=:]\s*([A-Za-z_]\w*)\b(?!\s*[.(\[])""")


def choice_target(target: cst.BaseExpression) -> bool:
    """`tool_choice = ...`, `self.tool_choice = ...`, `kwargs["tool_choice"] = ...`."""
    if isinstance(target, cst.Name):
        name: Optional[str] = target.value
    elif isinstance(target, cst.Attribute):
        name = target.attr.value
    elif isinstance(target, cst.Subscript) and len(target.slice) == 1 \
            and isinstance(target.slice[0].slice, cst.Index):
        name = string_value(target.slice[0].slice.value)
    else:
        return False
    return name is not None and name.lower().endswith("tool_choice")


def choice_constants(text: str) -> FrozenSet[str]:
    """The module names a `tool_choice` is given, read off the text (no second parse)."""
    if "tool_choice" not in text:
        return frozenset()
    return frozenset(m.group(1) for m in _CHOICE_NAME.finditer(text))


def names_only(value: Value) -> bool:
    """`{"type": "function", "function": {"name": "x"}}`, `{"type": "tool", "name": "x"}`:
    a dict that names a tool and says nothing else about it is a reference to one."""
    if not isinstance(value, DictVal) or not value.complete:
        return False
    kind = value.get("type")
    if not (isinstance(kind, Const) and kind.value in ("function", "tool")):
        return False
    if not set(value.str_keys()) <= _CHOICE_KEYS:
        return False
    inner = value.get("function")
    if inner is None:
        return value.has("name")
    return isinstance(inner, DictVal) and inner.complete and set(inner.str_keys()) == {"name"}
