"""A bytes test that says whether a file could declare a tool, before anything parses it.

False positives only cost a parse; a false negative hides a tool, so every form the
extractor reads must leave one of these substrings in the source.
"""
from __future__ import annotations

from typing import Tuple

from toollint.config import Settings

_SHAPE_KEYS = (
    b"input_schema",
    b"inputSchema",
    b"parameters",
    b"Tool(",
    b"tool",  # decorators (@tool, @mcp.tool, @function_tool, @beta_tool) and tool_choice
)


def needles(settings: Settings) -> Tuple[bytes, ...]:
    names = settings.definitions + settings.handlers + settings.categories + settings.always_include
    extra = tuple(d.rsplit(".", 1)[-1] for d in settings.decorators)
    return tuple(dict.fromkeys(n.encode() for n in names + extra if n)) + _SHAPE_KEYS


def may_define_tools(data: bytes, keys: Tuple[bytes, ...]) -> bool:
    return any(key in data for key in keys)
