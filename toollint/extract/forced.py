"""Tool names a module forces with `tool_choice`: the structured-output idiom.

A tool forced on every call (`tool_choice={"type": "tool", "name": "record_summary"}`)
is a response format, not a choice the model makes, so a required-and-nullable field
there is deliberate (TL203 stays quiet). Pure and cheap: files that never write
`tool_choice` are not parsed, and the stdlib `ast` is enough for the few literal forms.
"""
from __future__ import annotations

import ast
import re
from typing import Dict, List, Optional, Tuple

from toollint import SOURCE_NAME

__all__ = ["forced_tool_names"]

# Strings tool_choice takes that are modes, not tool names.
_MODES = frozenset({"auto", "none", "any", "required", "validated", ""})

# Fallback when `ast` cannot parse the file (syntax of a newer Python than ours): the
# dict forms, written literally. Nested braces are not followed; names must be literal.
_REGEX_FORMS = (
    re.compile(r"""tool_choice["']?\s*[=:]\s*\{[^{}]*?["']type["']\s*:\s*["'](?:tool|function)["']"""
               r"""[^{}]*?["']name["']\s*:\s*["']([^"'\n]+)["']"""),
    re.compile(r"""tool_choice["']?\s*[=:]\s*\{[^{}]*?["']name["']\s*:\s*["']([^"'\n]+)["']"""
               r"""[^{}]*?["']type["']\s*:\s*["'](?:tool|function)["']"""),
    re.compile(r"""tool_choice["']?\s*[=:]\s*\{\s*["']type["']\s*:\s*["']function["']\s*,\s*"""
               r"""["']function["']\s*:\s*\{[^{}]*?["']name["']\s*:\s*["']([^"'\n]+)["']"""),
)


def forced_tool_names(source_text: str) -> Tuple[str, ...]:
    """Names forced with `tool_choice` anywhere in the module, sorted and unique.

    Recognised values, as a keyword argument (`tool_choice=...`), a dict entry
    (`"tool_choice": ...`) or an assignment to a name `tool_choice`:

    - Anthropic `{"type": "tool", "name": "x"}`;
    - OpenAI Chat `{"type": "function", "function": {"name": "x"}}`;
    - OpenAI Responses `{"type": "function", "name": "x"}`;
    - the same through `dict(...)`, and through a module-level name bound to one;
    - a bare tool name string, as LangChain's `bind_tools(..., tool_choice="x")` and the
      Agents SDK's `ModelSettings(tool_choice="x")` take it (modes such as "auto",
      "any", "required", "none" are not names).
    """
    if "tool_choice" not in source_text:
        return ()
    try:
        tree = ast.parse(source_text, SOURCE_NAME)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return _by_regex(source_text)
    constants: Dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            constants[node.targets[0].id] = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            constants[node.target.id] = node.value
    found: List[str] = []
    try:
        for node in ast.walk(tree):
            for value in _choices(node):
                name = _forced(value, constants)
                if name is not None:
                    found.append(name)
    except RecursionError:
        return _by_regex(source_text)
    return tuple(sorted(set(found)))


def _choices(node: ast.AST):
    if isinstance(node, ast.keyword) and node.arg == "tool_choice":
        yield node.value
    elif isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values):
            if isinstance(key, ast.Constant) and key.value == "tool_choice":
                yield value
    elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(_target_name(t) == "tool_choice" for t in targets):
            yield node.value


def _target_name(target: ast.expr) -> Optional[str]:
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute):  # self.tool_choice = ...
        return target.attr
    if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
        return target.slice.value if isinstance(target.slice.value, str) else None  # kwargs["tool_choice"]
    return None


def _forced(value: ast.expr, constants: Dict[str, ast.expr], depth: int = 0) -> Optional[str]:
    if depth > 5:
        return None
    if isinstance(value, ast.Name) and value.id in constants:
        return _forced(constants[value.id], constants, depth + 1)
    if isinstance(value, ast.Constant):
        if isinstance(value.value, str) and value.value.strip().lower() not in _MODES:
            return value.value
        return None
    entries = _entries(value)
    if entries is None:
        return None
    kind = entries.get("type")
    kind = kind.value if isinstance(kind, ast.Constant) else None
    if kind not in ("tool", "function"):
        return None
    name = entries.get("name")
    if name is None and kind == "function":
        inner = entries.get("function")
        inner_entries = _entries(inner) if inner is not None else None
        name = inner_entries.get("name") if inner_entries else None
    if isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value:
        return name.value
    return None


def _entries(value: ast.expr) -> Optional[Dict[str, ast.expr]]:
    if isinstance(value, ast.Dict):
        return {k.value: v for k, v in zip(value.keys, value.values)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)}
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict":
        return {k.arg: k.value for k in value.keywords if k.arg is not None}
    return None


def _by_regex(source_text: str) -> Tuple[str, ...]:
    found = {m.group(1) for pattern in _REGEX_FORMS for m in pattern.finditer(source_text)}
    return tuple(sorted(found))
