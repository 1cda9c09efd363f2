"""Issue 18 (held-out round 8, M1): `tools=[{...}]` given inline to an API call in a
module's own statements (a script, an example, an `if __name__ == "__main__":` block) is
read as it is inside a function; what is not a definition there stays quiet."""
from __future__ import annotations

import json

import pytest

from lintcase import FINDING_LINE, toollint, write_tree

_WEATHER = '''{
            "name": "get_weather",
            "description": "Get the current weather in a given location",
            "input_schema": {"type": "object", "properties": {"location": {"type": "string"}}},
        }'''

SCRIPTS = {
    "assigned": f'''
import anthropic

client = anthropic.Anthropic()
response = client.beta.tools.messages.create(
    model="claude-3-opus-20240229",
    max_tokens=1024,
    tools=[
        {_WEATHER}
    ],
    messages=[{{"role": "user", "content": "Weather in Atlanta?"}}],
)
''',
    "a bare statement": f'''
import anthropic

client = anthropic.Anthropic()
print(client.messages.create(
    model="m",
    max_tokens=1024,
    tools=[
        {_WEATHER}
    ],
    messages=[],
))
''',
    "under __main__": f'''
import anthropic

if __name__ == "__main__":
    client = anthropic.Anthropic()
    response = client.messages.create(
    model="m",
    max_tokens=1024,
    tools=[
        {_WEATHER}
    ],
    messages=[],
    )
''',
}


def _run(tmp_path, source: str):
    write_tree(tmp_path, {"script.py": source})
    dumped = toollint("dump", ".", cwd=str(tmp_path))
    checked = toollint("check", ".", "--select", "TL1,TL3", cwd=str(tmp_path))
    found = (FINDING_LINE.match(line) for line in checked.stdout.splitlines())
    return [t["name"] for t in json.loads(dumped.stdout)], [(int(m["line"]), m["code"]) for m in found if m]


def _described_at(source: str):
    """The lines of the description (the file is written without its leading newline)."""
    lines = source.lstrip("\n").splitlines()
    return [n for n, line in enumerate(lines, 1) if '"description": "Get the current' in line]


@pytest.mark.parametrize("source", SCRIPTS.values(), ids=list(SCRIPTS))
def test_an_inline_list_in_a_module_level_call_is_read(tmp_path, source):
    names, findings = _run(tmp_path, source)
    assert names == ["get_weather"]
    assert findings == [(line, "TL102") for line in _described_at(source)]  # a bare label, as inside a function


def test_the_same_dict_sent_by_two_calls_is_judged_in_each(tmp_path):
    script = SCRIPTS["assigned"] + SCRIPTS["assigned"].split("client = anthropic.Anthropic()")[1]
    names, findings = _run(tmp_path, script)
    assert names == ["get_weather", "get_weather"]
    assert len(_described_at(script)) == 2
    assert findings == [(line, "TL102") for line in _described_at(script)]  # two turns, not one duplicate name (TL302)


def test_a_constant_passed_by_name_is_one_tool(tmp_path):
    source = f'''
import anthropic

TOOLS = [
        {_WEATHER}
]
client = anthropic.Anthropic()
response = client.messages.create(model="m", max_tokens=1024, tools=TOOLS, messages=[])
'''
    names, findings = _run(tmp_path, source)
    assert names == ["get_weather"]
    assert findings == [(line, "TL102") for line in _described_at(source)]


QUIET = {
    "framework functions": '''
from agents import Agent

agent = Agent(name="a", instructions="Help.", tools=[lookup, search])
''',
    "a forced choice": '''
import anthropic

client = anthropic.Anthropic()
response = client.messages.create(model="m", max_tokens=1, tools=TOOLS,
                                  tool_choice={"type": "function", "function": {"name": "lookup"}})
''',
    "call data": '''
import mcp

result = session.call_tool("lookup", arguments={"name": "x", "parameters": {"type": "object"}})
''',
}


@pytest.mark.parametrize("source", QUIET.values(), ids=list(QUIET))
def test_what_is_not_a_definition_at_module_level_stays_quiet(tmp_path, source):
    assert _run(tmp_path, source) == ([], [])
