"""A dispatch table filled in after its literal (held-out round 117, A: eight tools reported
as having no handler because `self.tool_handlers.update({...})` under an `if` added them):
what `.update`, `.setdefault` and `T["name"] = f` add is handled, in the table's own
function or, for `self.X`, in any method of the class (toollint.extract.tablegrowth)."""
from __future__ import annotations

import pytest

TOOLS = '''
TOOLS = [
    {"name": "read_note", "description": "Read one note by its title. Use this when asked what a note says.",
     "input_schema": {"type": "object", "properties": {}}},
    {"name": "list_notes", "description": "List the titles of all notes. Use this when asked which notes exist.",
     "input_schema": {"type": "object", "properties": {}}},
    {"name": "delete_note", "description": "Delete one note. Use this when asked to remove a note.",
     "input_schema": {"type": "object", "properties": {}}},
]


class ToolService:
    def __init__(self, notes, extra=None):
        self.notes = notes
        self.tool_handlers = {"read_note": notes.read_note}
        GROWTH

    def execute(self, name, args):
        return self.tool_handlers[name](args)


def run(client, notes):
    service = ToolService(notes, extra=True)
    response = client.messages.create(model="m", max_tokens=100, tools=TOOLS, messages=[])
    for block in response.content:
        if block.type == "tool_use":
            service.execute(block.name, block.input)
'''


@pytest.mark.parametrize("growth", [
    'if extra is not None:\n            self.tool_handlers.update({"list_notes": notes.list_notes, '
    '"delete_note": notes.delete})',
    'self.tool_handlers.update(list_notes=notes.list_notes, delete_note=notes.delete)',
    'self.tool_handlers["list_notes"] = notes.list_notes\n        '
    'self.tool_handlers.setdefault("delete_note", notes.delete)',
    'self.add_more()\n\n    def add_more(self):\n        '
    'self.tool_handlers.update({"list_notes": self.notes.list_notes, "delete_note": self.notes.delete})',
])
def test_what_the_class_adds_to_its_table_is_handled(lint, growth):
    assert lint({"notes.py": TOOLS.replace("GROWTH", growth)}, select=["TL303"]) == []


def test_a_name_nothing_adds_still_has_no_handler(lint):
    growth = 'if extra:\n            self.tool_handlers.update({"list_notes": notes.list_notes})'
    assert lint({"notes.py": TOOLS.replace("GROWTH", growth)}, select=["TL303"]) == [("notes.py", 6, "TL303")]


@pytest.mark.parametrize("growth", [
    "self.tool_handlers.update(extra or {})",
    "for name in extra:\n            self.tool_handlers[name] = getattr(notes, name)",
])
def test_an_addition_of_unknown_names_says_nothing_is_missing(lint, growth):
    assert lint({"notes.py": TOOLS.replace("GROWTH", growth)}, select=["TL303"]) == []
