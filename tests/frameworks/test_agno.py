"""agno: toollint.frameworks.agno."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("agno"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_toolkit_methods_registered_or_listed_lose_self():
    found = extract('''
        from agno.tools import Toolkit

        class Shop(Toolkit):
            def __init__(self, fast: bool = True):
                tools = []
                if fast:
                    tools.append(self.search)
                super().__init__(name="shop", tools=tools)
                self.register(self.fetch, name="fetch_one")

            def search(self, query: str) -> str:
                """Search."""

            def fetch(self, item_id: str, agent=None) -> str:
                """Fetch."""

            def helper(self, x: int) -> int:
                return x
    ''')
    assert [t.name.value for t in found] == ["search", "fetch_one"]
    assert [list(props(t)) for t in found] == [["query"], ["item_id"]]
    assert found[0].span.line == 7  # where the toolkit lists it


def test_sync_and_async_twins_under_one_name_are_one_tool():
    found = extract('''
        from agno.tools import Toolkit

        class Think(Toolkit):
            def __init__(self, async_mode: bool = False):
                super().__init__(name="think")
                if async_mode:
                    self.register(self.athink, name="think")
                else:
                    self.register(self.think, name="think")

            def think(self, thought: str) -> str:
                """Think."""

            async def athink(self, thought: str) -> str:
                """Think."""
    ''')
    assert [t.name.value for t in found] == ["think"]


def test_agent_and_toolkit_tool_lists_and_the_decorator():
    found = extract('''
        from agno.agent import Agent
        from agno.tools import Toolkit, tool

        def a(x: int) -> str:
            """A."""

        def b(y: str) -> str:
            """B."""

        @tool(name="see")
        def c(z: str) -> str:
            """C."""

        kit = Toolkit(name="kit", tools=[b])
        agent = Agent(tools=[a, kit, c])
    ''')
    assert [t.name.value for t in found] == ["see", "b", "a"]
    assert schema(found[0])["additionalProperties"] is False
    assert "additionalProperties" not in schema(found[2])


def test_functions_given_to_other_calls_are_not_tools():
    found = extract('''
        from agno.agent import Agent
        from agno.tools import Toolkit

        def on_done(x: int) -> str:
            """Callback."""

        class Plain:
            def __init__(self):
                tools = [self.go]
                self.register(self.go)
                helper(tools=tools)

            def go(self, q: str) -> str:
                """Go."""

        helper(tools=[on_done])
        agent = Agent(pre_hooks=[on_done], tools=[])
    ''')
    assert found == []
