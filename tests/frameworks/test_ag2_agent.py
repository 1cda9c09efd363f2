"""AG2 1.x (the `ag2` package, `@tool` and `Agent(tools=[...])`): toollint.frameworks.ag2_agent."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, recordings, schema
from toollint.model import Unresolved


@pytest.mark.parametrize("recording", [r for r in recordings("ag2") if name_of(r) == "ag2_1"], ids=name_of)
def test_matches_the_recording(recording):
    check_recording(recording)


def test_ag2_1_tools_from_the_preview_package_and_filled_parameters():
    # held-out round 107, M1: `from ag2 import tool` / `from autogen.beta import tool` (34
    # tools unseen); a parameter fast_depends fills in leaves the schema unresolved
    found = extract('''
        from autogen.beta import Agent, Depends, tool


        @tool
        def get_item(item_id: str) -> str:
            """Get item."""
            return item_id


        @tool
        def whoami(user: str = Depends(lambda: "me")) -> str:
            """Say who the user is."""
            return user


        def plain(x: int) -> int:
            return x


        agent = Agent("helper", prompt="p", tools=[get_item, whoami, plain])
    ''')
    tools = {t.name.value: t for t in found}
    assert set(tools) == {"get_item", "whoami", "plain"} and {t.framework for t in found} == {"ag2"}
    assert tools["get_item"].description.value == "Get item." and schema(tools["get_item"])["required"] == ["item_id"]
    assert isinstance(tools["whoami"].schema, Unresolved)
    assert tools["plain"].description.value == ""
