"""smolagents: toollint.frameworks.smolagents."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, name_of, one, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("smolagents"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_smolagents_makes_none_and_defaults_optional():
    tool = one('''
        from typing import Optional
        from smolagents import tool

        @tool
        def f(a: str, b: Optional[str], c: int = 3) -> str:
            """F.

            Args:
                a: A.
                b: B.
                c: C.
            """
    ''')
    assert schema(tool)["required"] == ["a"]
    assert props(tool)["b"] == {"type": "string", "description": "B.", "nullable": True}
    assert props(tool)["c"] == {"type": "integer", "description": "C.", "nullable": True}
    assert tool.description.value == "F."
