"""A dispatch dict a method builds for itself, annotated or not (`handlers: Dict[str,
Callable] = {"read_file": self._read_file}`, held-out round 44, M2), is the tools'
handler table: a tool it leaves out has no handler (TL303)."""
from __future__ import annotations

import pytest

SOURCE = '''
from typing import Callable, Dict

TOOLS = [
    {"name": "read_file", "description": "Read a file. Use this when you need a file's text.",
     "input_schema": {"type": "object", "properties": {"path": {"type": "string", "description": "A path."}}}},
    {"name": "list_dir", "description": "List a folder. Use this when you need the files in a folder.",
     "input_schema": {"type": "object", "properties": {"path": {"type": "string", "description": "A path."}}}},
]


class Executor:
    def execute(self, tool_name, tool_input):
        BINDING {
            "read_file": self._read_file,
            ENTRY
        }
        handler = handlers.get(tool_name)
        if not handler:
            return "Unknown tool"
        return handler(tool_input)

    def _read_file(self, tool_input):
        return open(tool_input["path"]).read()

    def _list_dir(self, tool_input):
        return []


def run(client, messages):
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=1024, messages=messages, tools=TOOLS)
'''


@pytest.mark.parametrize("binding", ["handlers: Dict[str, Callable] =", "handlers ="])
def test_a_tool_the_local_table_leaves_out_has_no_handler(lint, binding):
    source = SOURCE.replace("BINDING", binding).replace("ENTRY", "")
    assert [code for _, _, code in lint({"agent.py": source}, select=["TL303"])] == ["TL303"]


@pytest.mark.parametrize("binding", ["handlers: Dict[str, Callable] =", "handlers ="])
def test_a_local_table_with_every_tool_is_quiet(lint, binding):
    source = SOURCE.replace("BINDING", binding).replace("ENTRY", '"list_dir": self._list_dir,')
    assert lint({"agent.py": source}, select=["TL303"]) == []
