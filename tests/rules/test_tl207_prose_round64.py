"""TL207 on parameters the tool's own text documents (held-out round 64, A, B, C, E): "If
tray is not specified, ...", "by providing the code shown on the keypad", "a specific
level (0-100)", "Each step is a dict with an 'action' key". The parameter's word beside
a note that says nothing about it still fires."""
from __future__ import annotations

import pytest

_SERVER = '''
from fastmcp import FastMCP

mcp = FastMCP("home")


@mcp.tool()
def {name}({params}) -> str:
    """{doc} Use this when the user asks; do not use it for anything else."""
    return ""
'''


@pytest.mark.parametrize("name, params, doc", [
    ("start_print", "tray: str = ''", "Start printing. If tray is not specified, picks the first tray with paper."),
    ("unlock_door", "code: int", "Unlock the front door by providing the code shown on the keypad."),
    ("set_brightness", "level: float", "Set the lamp brightness to a specific level (0-100)."),
    ("run_batch", "steps: list[dict]", "Run several actions. Each step is a dict with an 'action' key."),
    # held-out round 115, D and H: the plain word as the subject of its note, with its format
    ("add_field", "index: int = -1", "Add a field. index sets the insertion position; omit to append."),
    ("add_tags", "tags: str", "Add space-separated tags to notes."),
    ("import_package", "path: str", "Import an .apkg file at the given absolute path."),
    ("find_cards", "query: str", "Search for cards matching a query.\n\n    Query syntax:\n    - deck:x  cards in deck x\n   "),
    ("grade", "answers: list[dict]", "Grade answers.\n\n    Each answer: {\"cardId\": int, \"ease\": int}\n   "),
    ("add_rows", "rows: list[dict]", "Add rows.\n\n    Each row must be a dict with:\n      - sheet (str): the sheet\n   "),
    # held-out round 118, O
    ("modify", "modifications: list[dict]", "Modify bodies. Each modification dict must contain a body name."),
    ("load_pose", "keyframe: int = 0", "Load a pose. Use keyframe (int index >= 0) to load a saved pose."),
])
def test_a_parameter_the_text_documents_is_quiet(lint, name, params, doc):
    assert lint({"s.py": _SERVER.format(name=name, params=params, doc=doc)}, select=["TL207"]) == []


@pytest.mark.parametrize("name, params, doc", [
    ("start_print", "tray: str = ''", "Start printing. The tray is chosen by the printer."),
    ("unlock_door", "code: int", "Unlock the front door. The code is checked by the lock."),
    ("set_brightness", "level: float", "Set the lamp brightness to a specific level (dimmed or bright)."),
    ("run_batch", "steps: list[dict]", "Run several actions. Every run is logged."),
    ("add_field", "index: int = -1", "Add a field. The index is rebuilt afterwards."),
    ("add_tags", "tags: str", "Add tags to notes."),
    ("import_package", "path: str", "Import an .apkg file at the given path."),
    ("find_cards", "query: str", "Search for cards matching a query.\n\n    Deck syntax:\n    - deck:x  cards in deck x\n   "),
    ("add_rows", "rows: list[dict]", "Add rows.\n\n    Each sheet must be named.\n   "),
])
def test_the_word_without_a_note_on_it_still_fires(lint, name, params, doc):
    assert lint({"s.py": _SERVER.format(name=name, params=params, doc=doc)}, select=["TL207"]) == [("s.py", 7, "TL207")]
