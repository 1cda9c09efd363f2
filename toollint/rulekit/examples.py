"""A definition's `input_examples` (Anthropic's advanced tool use, beta
`advanced-tool-use-2025-11-20`): example inputs the model reads beside the schema, so a
property they give a value for has its example (TL208; held-out round 12).

The key is not one a Tool keeps: it is read off the definition as written
(toollint/link/written.py).
"""
from __future__ import annotations

from typing import Optional, Set

from toollint.link.written import definition_at, values_in
from toollint.model import DictVal, ListVal


def example_keys(tool, project) -> Optional[Set[str]]:
    """The property names the tool's input_examples give values for, at any depth, and those
    of the input schema's own `examples` (JSON Schema's keyword, `"examples": [{"scene_id":
    "pendulum"}]` beside `properties`: held-out round 118, N); empty when it has none; None
    when they cannot be read (then any property may have one)."""
    raw = definition_at(project, tool.span)
    keys: Set[str] = set()
    for examples in (raw.get("input_examples") if isinstance(raw, DictVal) else None,
                     tool.schema.get("examples") if isinstance(tool.schema, DictVal) else None):
        if examples is None:
            continue
        if not isinstance(examples, ListVal) or not examples.complete:
            return None
        for example in examples.items:
            if not isinstance(example, DictVal) or not example.complete:
                return None
            keys.update(k.value for node in values_in(example) if isinstance(node, DictVal)
                        for k, _ in node.entries if isinstance(getattr(k, "value", None), str))
    return keys
