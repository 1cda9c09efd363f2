"""A definition as written, by its span: the dict (or `Tool(...)` call) a Tool was read
from, for the keys a Tool does not keep (a server tool's type, cache_control, MCP
annotations, Anthropic's input_examples). Used by `dump` and by TL208."""
from __future__ import annotations

from typing import Any, Dict, Iterator

from toollint.model import CallVal, DictVal, ListVal

_LAST: list = [None, {}]  # the project last asked about, and its maps by module path


def values_in(value: Any, depth: int = 0) -> Iterator[Any]:
    """The value and every value inside it (dict entries, list items, call arguments)."""
    if depth > 200:
        return
    yield value
    if isinstance(value, DictVal):
        for _, v in value.entries:
            yield from values_in(v, depth + 1)
    elif isinstance(value, ListVal):
        for item in value.items:
            yield from values_in(item, depth + 1)
    elif isinstance(value, CallVal):
        for item in value.args:
            yield from values_in(item, depth + 1)
        for _, item in value.kwargs:
            yield from values_in(item, depth + 1)


def definitions_by_span(project) -> Dict[Any, Any]:
    """Span -> the dict or call written there, over every module's constants and
    registries; built once per project."""
    out: Dict[Any, Any] = {}
    for facts in project.modules.values():
        for span, node in _module_definitions(project, facts).items():
            out.setdefault(span, node)
    return out


def definition_at(project, span) -> Any:
    """definitions_by_span(project).get(span), reading only the module of the span's file:
    extraction gives each value the spans of the file it was read from (runner.reach
    relies on it too), so a pre-commit run does not walk every module of the project for
    the few tools it judges."""
    return _module_definitions(project, project.modules.get(span.path)).get(span)


def _module_definitions(project, facts) -> Dict[Any, Any]:
    """Span -> the dict or call written there in one module; built once per project."""
    if _LAST[0] is not project:
        _LAST[:] = [project, {}]
    if facts is None:
        return {}
    known = _LAST[1]
    out = known.get(facts.path)
    if out is None:
        out = known[facts.path] = {}
        for top in [v for _, v in facts.constants] + [d.value for d in facts.registries]:
            for node in values_in(top):
                if isinstance(node, (DictVal, CallVal)):
                    out.setdefault(node.span, node)
    return out
