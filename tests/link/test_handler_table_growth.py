"""A module's handler table with literal entries beside `**other.HANDLERS` spreads, and
one whose `None` placeholders `HANDLERS["x"] = handle_x` fills in after the defs, both
dispatch every name they end up holding (held-out round 109, B and C: 19 wrong TL303)."""
from __future__ import annotations

NOTES = '''
from mcp.types import Tool

TOOLS = [Tool(name="add_note", description="Append a note. Use this when the user asks to remember something.",
              inputSchema={"type": "object", "properties": {}})]


async def handle_add_note(arguments: dict):
    return []


HANDLERS = {"add_note": handle_add_note}
'''

INIT = '''
from mcp.types import Tool

from tools import notes

PING_TOOL = Tool(name="ping_editor", description="Check the editor answers. Use this when a call timed out.",
                 inputSchema={"type": "object", "properties": {}})
TOOLS = [PING_TOOL, *notes.TOOLS]


async def handle_ping(arguments: dict):
    return []


_HANDLERS = {
    "ping_editor": handle_ping,
    **notes.HANDLERS,
}


async def call_tool(name: str, arguments: dict):
    handler = _HANDLERS.get(name)
    if handler is None:
        raise ValueError(name)
    return await handler(arguments)
'''


def test_literal_entries_beside_spreads_dispatch(lint):
    files = {"tools/__init__.py": INIT, "tools/notes.py": NOTES}
    assert lint(files, select=["TL303", "TL304"]) == []
    # a name in neither part still has no handler
    unhandled = INIT.replace('"ping_editor": handle_ping,', '"ping": handle_ping,')
    assert lint({"tools/__init__.py": unhandled, "tools/notes.py": NOTES}, select=["TL303"]) == [
        ("tools/__init__.py", 5, "TL303")]


def test_spreads_alone_are_no_handler_table(lint):
    merged = 'from mcp.types import Tool\nfrom app import base, extra\n\nSETTINGS = {**base.SETTINGS, **extra.SETTINGS}\n'
    assert lint({"app/__init__.py": "", "app/settings.py": merged}) == []


FILLED = '''
from mcp.types import Tool

TOOLS = [Tool(name="get_game_state", description="Return the game state. Use this when you need the score.",
              inputSchema={"type": "object", "properties": {}})]

HANDLERS = {
    "get_game_state": None,
}


async def handle_get_game_state(arguments: dict):
    return []


HANDLERS["get_game_state"] = handle_get_game_state


async def call_tool(name: str, arguments: dict):
    return await HANDLERS[name](arguments)
'''


def test_placeholders_filled_in_later_dispatch(lint):
    assert lint({"state.py": FILLED}, select=["TL303", "TL304"]) == []
    # the filled table is read: a handler filled in for a name no tool has is TL304
    extra = FILLED.replace('HANDLERS["get_game_state"] = handle_get_game_state\n',
                           'HANDLERS["get_game_state"] = handle_get_game_state\nHANDLERS["get_scores"] = handle_get_game_state\n')
    assert [code for _, _, code in lint({"state.py": extra}, select=["TL303", "TL304"])] == ["TL304"]


BUILT = '''
from openai import OpenAI

from app.base import BASE_TOOL_MAP, build_tool_definitions


def save_memory(key: str, value: str) -> dict:
    return {}


TOOL_MAP = {
    **BASE_TOOL_MAP,
    "save_memory": save_memory,
}

TOOLS = build_tool_definitions(
    include_web=True,
    extra_tools=[
        {"type": "function", "function": {"name": "save_memory", "description": "Save a fact. Use this when the "
         "user states a lasting preference.", "parameters": {"type": "object", "properties": {
             "key": {"type": "string"}, "value": {"type": "string", "description": "The fact."}},
             "required": ["key", "value"]}}},
    ],
)
'''

BASE = '''
def read_file(path: str) -> str:
    return ""


BASE_TOOL_MAP = {"read_file": read_file}


def build_tool_definitions(include_web=False, extra_tools=()):
    return list(extra_tools)
'''


def test_definitions_handed_to_a_project_builder_are_definitions(lint):
    # held-out round 71 (found by the stored-round regression of round 109's fix): the
    # handler table was read, the definitions given to `build_tool_definitions(extra_tools=[...])`
    # were not, and TL304 said the handler matched no tool
    found = lint({"app/__init__.py": "", "app/base.py": BASE, "app/agent.py": BUILT}, select=["TL207", "TL304"])
    assert found == [("app/agent.py", 20, "TL207")]
