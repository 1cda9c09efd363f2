"""A definition's `input_examples` (Anthropic's advanced tool use, beta
`advanced-tool-use-2025-11-20`): example inputs the model reads beside the schema, so a
property they give a value for has its example (TL208; held-out round 12).

The key is not one a Tool keeps: it is read off the definition's own dict, found by the
tool's span among the values the project's modules hold, once per project.
"""
from __future__ import annotations

from typing import Dict, Iterator, Optional, Set

from toollint.model import DictVal, ListVal, Span, Value

_BY_PROJECT: list = [None, {}]  # the project last asked about, and its definitions by span


def example_keys(tool, project) -> Optional[Set[str]]:
    """The property names the tool's input_examples give values for, at any depth; empty
    when it has none; None when they cannot be read (then any property may have one)."""
    raw = _definitions(project).get(tool.span)
    examples = raw.get("input_examples") if isinstance(raw, DictVal) else None
    if examples is None:
        return set()
    if not isinstance(examples, ListVal) or not examples.complete:
        return None
    keys: Set[str] = set()
    for example in examples.items:
        if not isinstance(example, DictVal) or not example.complete:
            return None
        keys.update(_keys(example))
    return keys


def _keys(value: Value, depth: int = 0) -> Iterator[str]:
    if depth > 20:
        return
    if isinstance(value, DictVal):
        for key, item in value.entries:
            if isinstance(getattr(key, "value", None), str):
                yield key.value
            yield from _keys(item, depth + 1)
    elif isinstance(value, ListVal):
        for item in value.items:
            yield from _keys(item, depth + 1)


def _definitions(project) -> Dict[Span, Value]:
    if _BY_PROJECT[0] is not project:
        found: Dict[Span, Value] = {}
        for facts in project.modules.values():
            if facts is None:
                continue
            for top in [v for _, v in facts.constants] + [d.value for d in facts.registries]:
                for node in _dicts(top, 0):
                    found.setdefault(node.span, node)
        _BY_PROJECT[:] = [project, found]
    return _BY_PROJECT[1]


def _dicts(value: Value, depth: int) -> Iterator[DictVal]:
    if depth > 12:
        return
    if isinstance(value, DictVal):
        yield value
        for _, item in value.entries:
            yield from _dicts(item, depth + 1)
    elif isinstance(value, ListVal):
        for item in value.items:
            yield from _dicts(item, depth + 1)
