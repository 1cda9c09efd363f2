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


def test_the_decorators_modules_tool_is_function_tool():
    # openai-agents 0.25: agents/decorators.py `tool = function_tool` (held-out round 85, M2)
    source = '''
        from agents import Agent
        from agents.decorators import {name}


        @{name}
        def lookup_order(order_id: str) -> str:
            """Look up one order by its id.

            Args:
                order_id: The order number, e.g. 'ORD-1042'.
            """
            return order_id


        support = Agent(name="Support", tools=[lookup_order])
    '''
    alias, direct = (extract(source.format(name=n)) for n in ("tool", "function_tool"))
    assert [t.name.value for t in alias] == ["lookup_order"]
    assert schema(alias[0]) == schema(direct[0]) and alias[0].description.value == direct[0].description.value


def test_a_context_after_the_first_parameter_makes_no_tool():
    # held-out round 110, A: the SDK raises UserError ("RunContextWrapper/ToolContext param
    # found at non-first position") for a method's `self` before the context; 5 TL207 on
    # 'self' of tools that never exist
    found = extract('''
        from agents import RunContextWrapper, function_tool


        class ShopTools:
            @function_tool
            async def list_slots(self, wrapper: RunContextWrapper[dict], day: str) -> str:
                """List the free slots on a day."""
                return day


        @function_tool
        def book(wrapper: RunContextWrapper[dict], day: str) -> str:
            """Book a slot."""
            return day
    ''')
    assert [t.name.value for t in found] == ["book"]
