"""A whole definition handed to a call is that definition: the Anthropic SDK's TypedDict
`ToolParam({...})` (held-out round 19, M1) and a project registry's decorator
`@tool({"name": ..., "input_schema": ...})` (round 30, M1: 19 tools unseen)."""
from __future__ import annotations

TOOLPARAM = '''
from anthropic import Anthropic
from anthropic.types import ToolParam

lookup_order = ToolParam({
    "name": "lookup_order",
    "description": "Get order.",
    "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
})

TOOLS = [lookup_order]


def run(messages):
    return Anthropic().messages.create(model="m", max_tokens=10, messages=messages, tools=TOOLS)
'''

REGISTRY = '''
_entries = []


def tool(spec):
    def deco(fn):
        _entries.append({"spec": spec, "fn": fn})
        return fn
    return deco


def all_specs():
    return [e["spec"] for e in _entries]
'''

CLOCK = '''
from app.registry import tool


@tool({{
    "name": "{name}",
    "description": "{description}",
    "input_schema": {{"type": "object", "properties": {{}}}},
}})
def _{name}(inputs):
    return ""
'''


def test_a_typed_dict_call_is_its_definition(lint):
    assert lint({"agent.py": TOOLPARAM}, select=["TL102", "TL207"]) == [("agent.py", 6, "TL102"), ("agent.py", 7, "TL207")]


def test_a_registry_decorator_given_the_definition(lint):
    tree = {
        "app/__init__.py": "",
        "app/registry.py": REGISTRY,
        "app/clock.py": CLOCK.format(name="get_time", description="Returns the time of day. Call this when the "
                                     "user asks what time it is."),
        "app/calendar.py": CLOCK.format(name="get_date", description="Returns today's date. Call this when the "
                                        "user asks what day it is."),
    }
    # one registry collects both: neighbours for TL104, in whichever module each is declared
    assert lint(tree, select=["TL102", "TL103", "TL104"]) == [("app/calendar.py", 6, "TL104"),
                                                             ("app/clock.py", 6, "TL104")]


def test_a_call_given_a_dict_that_is_no_definition_stays_quiet(lint):
    src = '''
from app.registry import tool


@tool({"retries": 3, "timeout": 10})
def fetch(inputs):
    return ""


settings = dict_of({"name": "fast", "mode": "x"})
'''
    assert lint({"app/__init__.py": "", "app/registry.py": REGISTRY, "app/fetch.py": src}) == []
