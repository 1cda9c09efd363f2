"""A module helper that builds a definition from its arguments, called in several lists
(held-out round 56, M1: 24 of 26 tools unseen): each call is a tool of its own, and the
helper's `parameters.get("properties", {})` reads the dict it is given."""
from __future__ import annotations

import json

from lintcase import toollint, write_tree

AGENT = '''
from openai import OpenAI


def _tool(name: str, description: str, parameters: dict) -> dict:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": parameters.get("properties", {}),
                "required": parameters.get("required", []),
            },
        },
    }


READ_TOOLS = [
    _tool("read_contract", "Read one contract by id. Call this when the user names a contract; not for drafts.",
          {"properties": {"contract_id": {"type": "string", "description": "Id such as 'C-12'."}},
           "required": ["contract_id"]}),
]

WRITE_TOOLS = [
    _tool("save_draft", "Save a draft of a letter. Call this when the user approves the text; not for contracts.",
          {"properties": {"content": {"type": "string"}}}),
]


def ask(messages):
    return OpenAI().chat.completions.create(model="m", messages=messages, tools=READ_TOOLS + WRITE_TOOLS)
'''


def test_each_call_of_a_helper_is_a_tool_with_its_own_schema(tmp_path):
    write_tree(tmp_path, {"pyproject.toml": "", "agent.py": AGENT})
    tools = {t["name"]: t for t in json.loads(toollint("dump", "agent.py", cwd=tmp_path).stdout)}
    assert sorted(tools) == ["read_contract", "save_draft"]
    assert tools["read_contract"]["input_schema"]["required"] == ["contract_id"]
    assert tools["save_draft"]["input_schema"] == {"type": "object", "properties": {"content": {"type": "string"}},
                                                  "required": []}
    found = toollint("check", "--select", "TL207", "agent.py", cwd=tmp_path).stdout
    assert "property 'content' of 'save_draft' has no description" in found


NESTED = '''
from openai import OpenAI


def _more_tools() -> list:
    """Capability tools."""
    thing = {{"type": "string", "description": "The thing's name, such as 'Cube'."}}

    def tool(name, description, properties, required=()):
        return {{"type": "function", "function": {{"name": name, "description": description,
                 "parameters": {{"type": "object", "properties": properties, "required": list(required)}}}}}}

    {body}


def run(client: OpenAI, messages):
    return client.chat.completions.create(model="m", messages=messages, tools=[*_more_tools()])
'''


def test_a_function_building_its_tools_with_a_helper_of_its_own(tmp_path):
    # held-out round 82, M1: 11 tools of `*_capability_tool_definitions()` were unseen
    body = ('return [tool("inspect_thing", "Inspect one thing. Use this when asked about one.", {"thing": thing}, '
            '["thing"]),\n            tool("fix_thing", "Fix one thing. Use this when asked to repair it.", '
            '{"thing": thing})]')
    write_tree(tmp_path, {"agent.py": NESTED.format(body=body)})
    result = toollint("dump", ".", cwd=tmp_path)
    tools = json.loads(result.stdout)
    assert [t["name"] for t in tools] == ["inspect_thing", "fix_thing"]
    assert tools[0]["input_schema"]["properties"]["thing"]["description"] == "The thing's name, such as 'Cube'."
    # a body that does more than bind names once and return is not read
    write_tree(tmp_path, {"agent.py": NESTED.format(body="thing = dict(thing)\n    " + body)})
    assert json.loads(toollint("dump", ".", cwd=tmp_path).stdout) == [{"unresolved": "a spread that is not a constant"}]
