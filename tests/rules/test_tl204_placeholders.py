"""TL204 and the defaults that only guard a missing key (held-out round 10, class T): a
handler reading `args.get("button", "")` (in its own body, or where '' is none of the
property's enum values) or `args.get("k", None)` (which is `args.get("k")`) has no value
it could use, so the schema requiring the key is right; a default the handler can use, a
parameter's `= None`, and '' a dispatch call hands on to a parameter with a default of its
own still fire."""
from __future__ import annotations

import pytest

TEMPLATE = '''
TOOLS = [
    {
        "name": "press_button",
        "description": "Press one Game Boy button. Call this to move or select in the game.",
        "input_schema": {
            "type": "object",
            "properties": {
                "button": {"type": "string", "enum": ["a", "b", "up"], "description": "The button to press."},
                "times": {"type": "integer", "description": "How often to press it."},
            },
            "required": ["button", "times"],
        },
    }
]


@@HANDLER@@


TOOL_HANDLERS = {"press_button": press_button}
'''

DICT = '''def press_button(args: dict) -> str:
    button = args.get("button", BUTTON)
    return f"pressed {button} {args['times']} times"'''

KWARGS = '''def press_button(button: str = BUTTON, times: int = 1) -> str:
    return f"pressed {button} {times} times"'''


@pytest.mark.parametrize("default, fires", [('""', False), ("None", False), ('"sideways"', False), ('"a"', True)])
def test_a_dict_read_whose_default_no_call_could_send_is_a_guard(lint, default, fires):
    src = TEMPLATE.replace("@@HANDLER@@", DICT.replace("BUTTON", default))
    assert bool(lint({"agent.py": src}, select=["TL204"])) is fires


@pytest.mark.parametrize("default, fires", [('""', False), ("None", True), ('"b"', True)])
def test_a_keyword_default_outside_the_enum_is_a_guard(lint, default, fires):
    # `= None` is Python's optional parameter: the handler does without it
    src = TEMPLATE.replace("@@HANDLER@@", KWARGS.replace("BUTTON", default))
    found = lint({"agent.py": src}, select=["TL204"])
    # `times: int = 1` is a default the handler uses: reported whatever button's is
    assert len(found) == (2 if fires else 1)


def test_an_empty_string_read_in_the_handler_is_a_guard_without_an_enum_too(lint):
    # held-out round 10: params.get("key", "") then kb.update(key, value) stores junk
    src = TEMPLATE.replace("@@HANDLER@@", DICT.replace("BUTTON", '""')).replace(
        '"enum": ["a", "b", "up"], ', "")
    assert lint({"agent.py": src}, select=["TL204"]) == []
    usable = TEMPLATE.replace("@@HANDLER@@", DICT.replace("BUTTON", '"a"')).replace(
        '"enum": ["a", "b", "up"], ', "")
    assert len(lint({"agent.py": usable}, select=["TL204"])) == 1


DISPATCHED = '''
import json

TOOLS = [
    {
        "name": "create_file",
        "description": "Create a file. Use this when the user asks for a new file.",
        "input_schema": {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Where, e.g. 'notes/a.txt'."},
                "content": {"type": "string", "description": "What the file holds."},
            },
            "required": ["path", "content"],
        },
    },
    {
        "name": "list_files",
        "description": "List a folder's files. Use this when the user asks what a folder holds.",
        "input_schema": {
            "type": "object",
            "properties": {"path": {"type": "string", "description": "A folder, e.g. 'notes'."}},
            "required": ["path"],
        },
    },
]


def create_file(path, content=""):
    with open(path, "w") as handle:
        handle.write(content)
    return "created"


def execute_tool(tool_name, tool_input):
    result = None
    if tool_name == "list_files":
        result = json.dumps(sorted(tool_input["path"]))
    elif tool_name == "create_file":
        result = create_file(tool_input["path"], tool_input.get("content", ""))
    return result
'''


def test_an_empty_string_a_dispatch_call_hands_on_is_the_content_and_fires(lint):
    # an empty file is a file: the call makes '' the content, as create_file's own default does
    assert [code for _, _, code in lint({"agent.py": DISPATCHED}, select=["TL204"])] == ["TL204"]


def test_an_empty_string_handed_to_a_parameter_without_a_default_is_a_guard(lint):
    # `create_image(message, args.get("prompt", ""))` (held-out round 15): the handler
    # requires the value, the dispatch only keeps a missing key from raising
    src = DISPATCHED.replace('def create_file(path, content=""):', "def create_file(path, content):")
    assert lint({"agent.py": src}, select=["TL204"]) == []


EMPTY_LIST_GUARD = '''
from typing import Any

from claude_agent_sdk import create_sdk_mcp_server, tool


@tool("tag_photos", "Attach tags to photos. Use when the user asks to label pictures.", {"photo_id": str, "tags": list})
async def tag_photos(args: dict[str, Any]) -> dict[str, Any]:
    tags = args.get("tags", DEFAULT)
    if not tags:
        return {"content": [{"type": "text", "text": "Error: tags must not be empty"}], "is_error": True}
    return {"content": [{"type": "text", "text": str(len(tags))}]}


server = create_sdk_mcp_server(name="photos", tools=[tag_photos])
'''


@pytest.mark.parametrize("default,fires", [("[]", False), ("{}", False), ('["misc"]', True)])
def test_an_empty_list_the_handler_reads_in_its_body_is_a_guard(lint, default, fires):
    # held-out round 21: `args.get("tags", [])` then `if not tags: return error`
    found = lint({"server.py": EMPTY_LIST_GUARD.replace("DEFAULT", default)}, select=["TL204"])
    assert bool(found) is fires


BATCH = '''
TOOLS = [
    {
        "name": "run_batch",
        "description": "Run several tool calls in one step. Call this when two or more calls are independent.",
        "input_schema": {
            "type": "object",
            "properties": {
                "calls": {"type": "array", "items": {"type": "string"}, "description": "The calls to run."},
            },
            "required": ["calls"],
        },
    }
]


def run_batch(calls=DEFAULT):
    return [c for c in calls]


TOOL_HANDLERS = {"run_batch": run_batch}
'''


@pytest.mark.parametrize("default, fires", [("[]", False), ("{}", False), ('["ping"]', True)])
def test_an_empty_container_default_is_no_value_to_leave_out(lint, default, fires):
    # held-out round 53, F: `invocations=[]` is the mutable-default idiom for the tool's payload
    assert bool(lint({"agent.py": BATCH.replace("DEFAULT", default)}, select=["TL204"])) is fires


@pytest.mark.parametrize("guard, fires", [
    ('    if not calls:\n        return {"error": "calls is required"}\n', False),
    ('    if calls is None:\n        raise ValueError("calls is required")\n', False),
    ('    calls = calls or []\n', True),  # the handler makes do without it: a usable default
    # held-out round 99, B: `if not team1 or not team2: return "Error: two teams are needed."`
    ('    if not mode or not calls:\n        return "both are needed"\n', False),
    ('    if not mode or calls:\n        return "both are needed"\n', True),
])
def test_a_none_default_the_handler_rejects_at_once_is_a_guard(lint, guard, fires):
    # held-out round 59, A: `def f(bucket_name=None): if not bucket_name: return {"error": ...}`
    src = BATCH.replace("def run_batch(calls=DEFAULT):\n", "def run_batch(calls=None, mode=None):\n" + guard)
    assert bool(lint({"agent.py": src}, select=["TL204"])) is fires


@pytest.mark.parametrize("narrow", [True, False])
def test_a_guard_after_another_guard_reads_the_same_with_and_without_narrowing(lint, monkeypatch, narrow):
    # the chain of leading guards narrowing keeps a body for is the one the signature reads
    # (front/narrow.py `_guards`, extract/functions.py `_guarded`): `mode` has no default, `calls` has
    import toollint.engine.scan as scan

    monkeypatch.setattr(scan, "NARROW", narrow)
    src = BATCH.replace("def run_batch(calls=DEFAULT):\n", '''def run_batch(mode, calls=None):
    """Run the calls."""
    if not mode or mode is None:
        return "mode is required"
    if calls is None:
        raise ValueError("calls is required")
''')
    assert lint({"agent.py": src}, select=["TL204"]) == []
