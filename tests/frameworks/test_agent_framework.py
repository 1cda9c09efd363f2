"""Microsoft Agent Framework (`agent_framework`): toollint.frameworks.agent_framework."""
from __future__ import annotations

import json

import pytest

from frameworkcase import check_recording, extract, name_of, one, props, recordings, schema
from lintcase import FINDING_LINE, toollint, write_tree
from toollint.model import Unresolved


@pytest.mark.parametrize("recording", recordings("agent-framework"), ids=name_of)
def test_matches_the_recording(recording):
    check_recording(recording)


def test_tool_called_on_a_function_and_the_names_before_1_0():
    # `tool(fn, name=...)`; `@ai_function`, `AIFunction(...)` and `ChatAgent(tools=[...])` are
    # 1.0's tool, FunctionTool and Agent under their earlier names, derived the same
    found = extract('''
        from agent_framework import AIFunction, ChatAgent, ai_function, tool


        def find(term: str) -> str:
            """Find a term."""
            return term


        finder = tool(find, name="find_term")


        @ai_function(description="Add two numbers.")
        def add(a: int, b: int = 1) -> int:
            return a + b


        def lookup(key: str) -> str:
            """Not sent: AIFunction takes description= only."""
            return key


        def listed(x: float) -> float:
            """Halve x."""
            return x / 2


        lookup_tool = AIFunction(name="lookup_key", func=lookup)
        agent = ChatAgent(chat_client=None, tools=[finder, add, lookup_tool, listed])
    ''')
    tools = {t.name.value: t for t in found}
    assert set(tools) == {"find_term", "add", "lookup_key", "listed"}
    assert {t.framework for t in found} == {"agent-framework"}
    assert tools["find_term"].description.value == "Find a term."
    assert tools["add"].description.value == "Add two numbers." and schema(tools["add"])["required"] == ["a"]
    assert tools["lookup_key"].description.value == ""
    assert tools["listed"].description.value == "Halve x."


def test_only_function_invocation_context_is_left_out():
    # FunctionInvocationContext is filled in at call time (_discover_injected_parameters);
    # another `*Context` type is a parameter like any other, `self` and **kwargs are not sent
    found = extract('''
        from pydantic import BaseModel

        from agent_framework import Agent, FunctionInvocationContext, tool


        class SearchContext(BaseModel):
            topic: str


        @tool
        def search(query: str, scope: SearchContext, ctx: FunctionInvocationContext, **kwargs) -> str:
            """Search."""
            return query


        class Notes:
            @tool
            def add_note(self, text: str) -> str:
                """Add a note."""
                return text

            def remove_note(self, index: int) -> str:
                """Remove a note."""
                return ""


        notes = Notes()
        agent = Agent(client=None, tools=[search, notes.add_note, notes.remove_note])
    ''')
    tools = {t.name.value: t for t in found}
    assert set(tools) == {"search", "add_note", "remove_note"}
    assert list(props(tools["search"])) == ["query", "scope"]
    assert list(props(tools["add_note"])) == ["text"] and list(props(tools["remove_note"])) == ["index"]


def test_a_schema_given_as_a_model_class_is_unresolved():
    tool = one('''
        from pydantic import BaseModel

        from agent_framework import tool


        class Args(BaseModel):
            city: str


        @tool(schema=Args)
        def weather(**kwargs) -> str:
            """Get the weather."""
            return ""
    ''')
    assert tool.name.value == "weather" and isinstance(tool.schema, Unresolved)


_PROJECT = '''
from typing import Annotated

from pydantic import Field

from agent_framework import tool
from agent_framework.openai import OpenAIChatClient

client = OpenAIChatClient()


@tool(approval_mode="never_require")
def get_weather(city: str) -> str:
    """Get the current weather for a city. Use it when the user asks about the weather now."""
    return ""


def get_time(
    zone: Annotated[str, Field(description="An IANA time zone name, such as Europe/Paris.")],
) -> str:
    """Get the current time in a time zone. Use it when the user asks what time it is."""
    return ""


agent = client.as_agent(name="helper", instructions="Help.", tools=[get_weather, get_time])
'''


def test_a_project_using_agent_framework_is_dumped_and_checked(tmp_path):
    write_tree(tmp_path, {"agent.py": _PROJECT})
    dumped = json.loads(toollint("dump", ".", cwd=str(tmp_path)).stdout)
    assert [t["name"] for t in dumped] == ["get_weather", "get_time"]
    assert dumped[1]["input_schema"]["properties"]["zone"]["description"].startswith("An IANA time zone")
    checked = toollint("check", ".", "--select", "TL207", cwd=str(tmp_path))
    found = [m for m in map(FINDING_LINE.match, checked.stdout.splitlines()) if m]
    # `city` is undocumented (fires); `zone` has its Field description (quiet)
    assert [(int(m["line"]), m["code"]) for m in found] == [(12, "TL207")]
    assert "'city' of 'get_weather'" in found[0]["message"]
