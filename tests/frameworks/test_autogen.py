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


def _linked(source):
    from toollint.frameworks.pydantic_values import module_resolver
    from toollint.link.byref import model_schema
    import textwrap
    from toollint.config.settings import Settings
    from toollint.engine.scan import extract_file

    facts = extract_file("tools.py", "tools", False, Settings(), data=textwrap.dedent(source).encode())
    models = module_resolver(lambda name: facts if name == "tools" else None)
    return [(t.name.value, model_schema(t, {facts.path: facts}.get, models).schema)
            for t in facts.decorated]


def test_base_tool_subclasses_the_schema_cannot_be_read_of():
    got = _linked('''
        from autogen_core.tools import BaseTool
        from pydantic import BaseModel
        from elsewhere import ExternalArgs

        class Inner(BaseModel):
            x: int

        class Outer(BaseModel):
            inner: Inner

        class External(BaseTool[ExternalArgs, str]):
            def __init__(self):
                super().__init__(ExternalArgs, str, "external", "Uses a model from a library.")

        class Nested(BaseTool[Outer, str]):
            def __init__(self):
                super().__init__(Outer, str, "nested", "Uses nested models.")

        class Named(BaseTool[Inner, str]):
            def __init__(self, name):
                super().__init__(Inner, str, name, "Its name is a parameter.")

        class NoInit(BaseTool[Inner, str]):
            pass
    ''')
    assert [name for name, _ in got] == ["external", "nested"]
    assert all(type(schema).__name__ == "Unresolved" for _, schema in got), got
