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
