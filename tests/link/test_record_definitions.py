"""A registry of records that each hold one provider definition under a key (held-out round
91, M1: `{"name", "tool": fn, "metadata": {"type": "function", "function": {...}}}`, the
agent sending the list of `spec["metadata"]` it builds in a loop) defines those tools."""
from __future__ import annotations

import pytest

SOURCE = '''
from openai import OpenAI


def web_search(query):
    return []


tool_specs = [
    {
        "name": "web_search",
        "tool": web_search,
        "metadata": {"type": "function", "function": {"name": "web_search", "description": "Search.",
                     "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}}},
    },
]


class Agent:
    def __init__(self):
        self.metadata = []
        for spec in tool_specs:
            self.metadata.append(spec["metadata"])

    def turn(self, messages):
        return OpenAI().chat.completions.create(model="m", messages=messages, tools=self.metadata)
'''


def test_the_definitions_records_hold_are_tools(lint):
    assert lint({"agent.py": SOURCE}, select=["TL102", "TL207"]) == [("agent.py", 12, "TL102"), ("agent.py", 13, "TL207")]


def test_records_of_tool_calls_or_of_two_definitions_are_not(lint):
    calls = '''
HISTORY = [
    {"role": "assistant", "call": {"type": "function", "function": {"name": "web_search", "arguments": "{}"}}},
]
'''
    assert lint({"history.py": calls}) == []
    two = SOURCE.replace('"tool": web_search,', '"tool": web_search, "legacy": {"type": "function", "function": '
                         '{"name": "old_search", "description": "Search.", "parameters": {"type": "object"}}},')
    assert lint({"agent.py": two}, select=["TL102", "TL207"]) == []


def test_a_dict_holding_the_tools_list_defines_them(lint):
    # held-out round 99, M2: google-genai declarations kept as `DECLS = {"tools": [...]}` and
    # sent as `types.Tool(function_declarations=DECLS["tools"])`; 14 tools unseen
    source = '''
from google.genai import types

DECLS = {
    "tools": [
        {"name": "open_app", "description": "Open app.",
         "parameters": {"type": "OBJECT", "properties": {"app_name": {"type": "STRING"}}}},
    ]
}


def config():
    return types.GenerateContentConfig(tools=[types.Tool(function_declarations=DECLS["tools"])])
'''
    assert lint({"assistant.py": source}, select=["TL102", "TL201", "TL207"]) == [
        ("assistant.py", 5, "TL102"), ("assistant.py", 6, "TL207")]
    # a settings dict with no definitions under "tools" is none
    assert lint({"settings.py": 'CONFIG = {"tools": ["search", "fetch"], "model": "m"}\n'}) == []



def test_a_dict_of_tool_lists_defines_each_list(lint):
    # held-out round 114, M2: extra tools kept per feature, `EXTRA = {"emotion": [...]}`, and
    # extended onto the base list when the feature is on; none of them was read
    source = '''
import copy

BASE = [{"type": "function", "name": "nod", "description": "Nod once. Use this when agreeing.",
         "parameters": {"type": "object", "properties": {}}}]
EXTRA = {
    "emotion": [
        {"type": "function", "name": "play_emotion", "description": "Play an emotion. Use this when asked to.",
         "parameters": {"type": "object", "properties": {"emotion": {"type": "string"}}, "required": ["emotion"]}},
    ],
}


def definitions(emotions):
    tools = list(BASE)
    if emotions:
        tools.extend(copy.deepcopy(EXTRA["emotion"]))
    return tools
'''
    assert lint({"robot.py": source}, select=["TL207"]) == [("robot.py", 8, "TL207")]
    # a dict holding anything beside its lists is configuration, not a catalogue of tool sets
    mixed = source.replace('"emotion": [', '"model": "m",\n    "emotion": [')
    assert lint({"robot.py": mixed}, select=["TL207"]) == []


GEMINI = '''
from google.genai import types

NAME = [types.Tool(function_declarations=[
    types.FunctionDeclaration(
        name="get_time",
        description="Get time.",
        parameters={"type": "object", "properties": {}},
    ),
    types.FunctionDeclaration(
        name="set_level",
        description="Set the speaker volume. Use this when the user asks for louder or quieter sound.",
        parameters={"type": "object", "properties": {"level": {"type": "number"}}, "required": ["level"]},
    ),
])]
config = types.GenerateContentConfig(tools=NAME)
'''


@pytest.mark.parametrize("name", ["tools", "TOOLS"])
def test_a_module_list_of_gemini_tool_wrappers_defines_their_declarations(lint, name):
    # held-out round 105, M1: at module level the declarations inside `types.Tool(...)` were
    # unseen (in a function they were read); TOOLS is a configured registry name, tools is not
    found = lint({"voice.py": GEMINI.replace("NAME", name)}, select=["TL102", "TL207"])
    assert found == [("voice.py", 6, "TL102"), ("voice.py", 12, "TL207")]


def test_wrappers_and_dicts_of_declarations_alone_or_listed(lint):
    one = GEMINI.replace("NAME = [types.Tool(", "NAME = types.Tool(").replace("])]\nconfig", "])\nconfig")
    assert lint({"voice.py": one.replace("tools=NAME", "tools=[NAME]")}, select=["TL102"]) == [("voice.py", 6, "TL102")]
    plain = ('DECLS = [{"function_declarations": [{"name": "get_time", "description": "Get time.", '
             '"parameters": {"type": "object", "properties": {}}}]}]\n')
    assert lint({"plain.py": plain}, select=["TL102"]) == [("plain.py", 1, "TL102")]
    # a wrapper of something else is no definition
    other = 'TOOLS = [types.Tool(google_search=types.GoogleSearch())]\n'
    assert lint({"other.py": "from google.genai import types\n" + other}) == []
