"""LiveKit agents: toollint.frameworks.livekit."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings


@pytest.mark.parametrize("recording", recordings("livekit-agents"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_methods_and_tools_nested_in_an_entrypoint():
    found = extract('''
        from livekit.agents import Agent, JobContext, RunContext, function_tool

        class Desk(Agent):
            @function_tool()
            async def transfer(self, context: RunContext, department: str, urgent: bool = False) -> str:
                """Transfer the call."""

        async def entrypoint(ctx: JobContext):
            @function_tool
            async def hang_up(reason: str) -> None:
                """End the call.

                Args:
                    reason: Why.
                """

            def plain(x: int) -> int:
                return x

            register_callback(plain)
    ''')
    assert [t.name.value for t in found] == ["transfer", "hang_up"]
    assert list(props(found[0])) == ["department", "urgent"]
    assert found[0].schema.get("required") is not None
    assert [c.value for c in found[0].schema.get("required").items] == ["department", "urgent"]
    assert found[1].description.value == "End the call.\n"
