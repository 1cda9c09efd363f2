"""pydantic-ai: toollint.frameworks.pydantic_ai."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings


@pytest.mark.parametrize("recording", recordings("pydantic-ai"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_pydantic_ai_generic_agent():
    found = extract('''
        from pydantic_ai import Agent, RunContext

        agent = Agent[None, str]("test")

        @agent.tool(name="t1")
        async def one(ctx: RunContext[None], x: int) -> int:
            """One.

            Returns:
                A number.
            """

        @agent.tool_plain(description="Two, given.")
        def two(x: int) -> int:
            """Ignored."""
    ''')
    assert [t.name.value for t in found] == ["t1", "two"]
    assert found[0].description.value == (
        "<summary>One.</summary>\n<returns>\n<description>A number.</description>\n</returns>")
    assert found[1].description.value == "Two, given."
    assert all(list(props(t)) == ["x"] for t in found)
