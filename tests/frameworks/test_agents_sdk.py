"""The OpenAI Agents SDK: toollint.frameworks.agents_sdk."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, nullable, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("openai-agents"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_agents_sdk_strict_by_default():
    strict, loose, unknown = extract('''
        from typing import Optional
        from agents import function_tool

        @function_tool(name_override="s", description_override="Strict.")
        def a(x: int, y: Optional[int] = None, z: int = 3) -> int:
            return x

        @function_tool(strict_mode=False)
        def b(x: int, y: Optional[int] = None) -> int:
            """B."""

        @function_tool(strict_mode=STRICT)
        def c(x: int, y: int = 1) -> int:
            """C."""
    ''')
    assert (strict.name.value, strict.description.value, strict.strict) == ("s", "Strict.", True)
    assert schema(strict)["required"] == ["x", "y", "z"]
    assert schema(strict)["additionalProperties"] is False
    assert "default" not in props(strict)["y"] and props(strict)["z"]["default"] == 3
    assert nullable(props(strict)["y"]) and not nullable(props(strict)["z"])
    assert loose.strict is False and schema(loose)["required"] == ["x"]
    assert "additionalProperties" not in schema(loose)
    assert unknown.strict is True  # not a literal: the SDK's default
