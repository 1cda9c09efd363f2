"""A chain whose branches handle the tool's input themselves (read its keys, store them,
return JSON) in a function that answers other names "Unknown tool" dispatches those tools,
as one whose branches hand the input to a call does (held-out round 56, F: a handler
factory per agent, one of them handling inline); a policy check that reads the arguments
dispatches nothing."""
from __future__ import annotations

FACTORIES = '''
import json


def lookup(query):
    return []


def make_research_handler(state):
    def handler(tool_name, tool_input):
        if tool_name == "search_notes":
            return json.dumps(lookup(tool_input["query"]))
        if tool_name == "save_notes":
            return json.dumps(lookup(tool_input["summary"]))
        return json.dumps({"error": f"Unknown tool: {tool_name}"})
    return handler


def make_page_handler(state):
    def handler(tool_name, tool_input):
        if tool_name == "get_spec":
            return json.dumps({"spec": state.get("spec")})
        if tool_name == "save_page":
            state["html"] = tool_input["html"]
            return json.dumps({"ok": True})
        return json.dumps({"error": f"Unknown tool: {tool_name}"})
    return handler


TOOLS = [
    {"name": "search_notes", "description": "Search notes. Call this first; not for saving.",
     "input_schema": {"type": "object", "properties": {"query": {"type": "string", "description": "Words."}},
                      "required": ["query"]}},
    {"name": "save_notes", "description": "Save notes. Call this at the end; not for searching.",
     "input_schema": {"type": "object", "properties": {"summary": {"type": "string", "description": "Text."}},
                      "required": ["summary"]}},
    {"name": "get_spec", "description": "Read the spec. Call this first; not for saving.",
     "input_schema": {"type": "object", "properties": {}}},
    {"name": "save_page", "description": "Save the page. Call this at the end; not for reading.",
     "input_schema": {"type": "object", "properties": {"html": {"type": "string", "description": "HTML."}},
                      "required": ["html"]}},
    MISSING
]
'''

EXTRA = '''{"name": "delete_page", "description": "Delete the page. Call this when asked; not for saving.",
     "input_schema": {"type": "object", "properties": {}}},'''


def test_a_chain_handling_the_input_inline_dispatches_its_tools(lint):
    assert lint({"agent.py": FACTORIES.replace("MISSING", "")}, select=["TL303"]) == []


def test_a_tool_no_chain_handles_is_still_reported(lint):
    found = lint({"agent.py": FACTORIES.replace("MISSING", EXTRA)}, select=["TL303"])
    assert [code for _, _, code in found] == ["TL303"]


POLICY = '''

def allowed(tool_name, arguments):
    if tool_name == "save_page":
        return bool(arguments.get("html"))
    if tool_name == "get_spec":
        return arguments.get("user") != "anonymous"
    return True
'''


def test_a_policy_check_reading_the_arguments_dispatches_nothing(lint):
    # held-out round 24's PolicyEngine.evaluate(): its branches read the arguments to decide, and
    # the tools it does not name have their handlers elsewhere
    assert lint({"agent.py": FACTORIES.replace("MISSING", "") + POLICY}, select=["TL303"]) == []


REALTIME = '''
import json

TOOLS = [
    {"type": "function", "name": "message", "description": "Post to a channel. Call this when asked; not for replies.",
     "parameters": {"type": "object", "properties": {"text": {"type": "string", "description": "Text."}},
                    "required": ["text"]}},
]


def run_tool(name, arguments):
    return "ok"


async def pump(ws, client):
    await ws.send(json.dumps({"type": "session.update", "session": {"tools": TOOLS}}))
    async for raw in ws:
        item = json.loads(raw)
        if item.get("type") == "message":
            await client.send(item.get("content"))
        elif item.get("type") == "function_call":
            await client.send(run_tool(item.get("name"), json.loads(item.get("arguments", "{}"))))
'''


def test_an_events_type_is_no_tool_name_whatever_a_tool_is_called(lint):
    # held-out round 62, G: a Realtime loop's `item.get("type") == "message"` beside a tool named message
    assert lint({"agent.py": REALTIME}, select=["TL303", "TL304"]) == []


BODY = '''
import requests

TOOLS = [
    {"name": "message", "description": "Post to a channel. Call this when asked; not for replies.",
     "input_schema": {"type": "object", "properties": {"text": {"type": "string", "description": "Text."}},
                      "required": ["text"]}},
]


def send(args):
    payload = {"message": args.message, "session_id": args.session}
    return requests.post(args.url, SENT, timeout=10)
'''


def test_a_request_body_is_no_handler_table(lint):
    # held-out round 62, H: its key names a tool, its values are attributes of a parameter
    assert lint({"cli.py": BODY.replace("SENT", "json=payload")}, select=["TL304"]) == []
