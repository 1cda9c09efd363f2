"""autogen: toollint.frameworks.autogen."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings


@pytest.mark.parametrize("recording", recordings("autogen"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_autogen_raises_where_toollint_makes_no_tool():
    assert extract('''
        from autogen_agentchat.agents import AssistantAgent
        from autogen_core.tools import FunctionTool

        def untyped(x):
            """No annotation: autogen raises."""

        def defaulted(x: int = 1) -> int:
            """Strict with a default: autogen raises."""

        def given(x: int) -> int:
            return x

        a = FunctionTool(untyped, description="d")
        b = FunctionTool(defaulted, description="d", strict=True)
        c = FunctionTool(given)  # description is required
        agent = AssistantAgent("a", model_client=client, tools=[untyped])
    ''') == []


def test_autogen_sends_a_context_annotation_and_only_drops_cancellation_token():
    tool, = extract('''
        from autogen_core import CancellationToken
        from autogen_core.tools import FunctionTool

        def run(ctx: "AppContext", cancellation_token: CancellationToken) -> str:
            return ""

        t = FunctionTool(run, description="Run.")
    ''')
    assert list(props(tool)) == ["ctx"]
    assert props(tool)["ctx"]["description"] == "ctx"


def test_callbacks_and_other_calls_are_not_tools():
    assert extract('''
        from autogen_agentchat.agents import AssistantAgent

        def on_message(text: str) -> None:
            """Log."""

        agent = AssistantAgent("a", model_client=client, handoffs=["b"])
        agent.register_hook(on_message)
        run = sorted([1], key=on_message)
    ''') == []
