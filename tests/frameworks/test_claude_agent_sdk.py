"""claude-agent-sdk: toollint.frameworks.claude_agent_sdk."""
from __future__ import annotations

import pytest

from toollint.model import Unresolved

from frameworkcase import check_recording, extract, name_of, recordings, schema


@pytest.mark.parametrize("recording", recordings("claude-agent-sdk"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_claude_agent_sdk_forms():
    found = extract('''
        from typing import Optional
        from claude_agent_sdk import tool

        SCHEMA = {"q": str, "n": Optional[int]}

        @tool("a", "A.", {"q": str, "n": Optional[int]})
        async def a(args):
            return {}

        @tool(name="b", description="B.", input_schema=SCHEMA)
        async def b(args):
            return {}

        @tool("c", "C.", {"type": "object", "properties": {"q": {"type": "string"}}})
        async def c(args):
            return {}

        @tool("d", "D.", DArgs)
        async def d(args):
            return {}
    ''')
    a, b, c, d = found
    assert [t.name.value for t in found] == ["a", "b", "c", "d"]
    for t in (a, b):
        assert schema(t) == {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}},
                             "required": ["q", "n"]}
        assert t.function is not None and t.function.params[0].name == "args"
    assert schema(c) == {"type": "object", "properties": {"q": {"type": "string"}}}
    assert isinstance(d.schema, Unresolved)
