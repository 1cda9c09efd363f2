"""The tool's own name in its description is "this tool" (held-out round 117, B): "Use
save_memory to keep facts for later" says when to call save_memory (no TL103), and it points
to no sibling, so it is no exclusion either (TL104 still asks for one)."""
from __future__ import annotations

import pytest

SOURCE = '''
TOOLS = [
    {"name": "save_memory", "description": "Store a fact. DESCRIPTION",
     "input_schema": {"type": "object", "properties": {}}},
    {"name": "forget_memory", "description": "Forget a fact. Use this when the user asks to forget; not for edits.",
     "input_schema": {"type": "object", "properties": {}}},
]


def run(client):
    client.messages.create(model="m", max_tokens=100, tools=TOOLS, messages=[])
'''


@pytest.mark.parametrize("description", [
    "Use save_memory to keep emotional moments for later.",
    "Call `save_memory()` when the user shares a preference.",
])
def test_the_own_name_reads_as_this_tool(lint, description):
    found = lint({"agent.py": SOURCE.replace("DESCRIPTION", description)}, select=["TL103", "TL104"])
    assert found == [("agent.py", 2, "TL104")]


def test_a_siblings_name_is_still_a_pointer(lint):
    found = lint({"agent.py": SOURCE.replace("DESCRIPTION", "Use forget_memory to remove one instead.")},
                 select=["TL103", "TL104"])
    assert found == [("agent.py", 2, "TL103")]


def test_the_own_name_as_a_step_of_a_chain_is_still_a_trigger(lint):
    # held-out round 30, A: "Use list_models to browse, then save_memory to run them"
    found = lint({"agent.py": SOURCE.replace("DESCRIPTION", "Use forget_memory to browse old facts, then save_memory "
                                             "to keep new ones.")}, select=["TL103"])
    assert found == []
