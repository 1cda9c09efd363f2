"""A dispatch that builds the handler's call itself (held-out round 15, class D).

Shapes written after chat bots and hand-written MCP servers (none copied): without
`**arguments` the schema's keys never become keyword arguments, so the handler's
parameter list is no map of the schema. `handle_set_alarm(chat, arguments)` gives one
parameter the whole dict, and the keys the handler reads from it are what the schema is
compared with; `deploy(build_id=arguments["build_id"], device=device)` injects context;
`write(*arguments.values())` binds by order. Each quiet case sits next to one that fires.
"""
from __future__ import annotations

import textwrap

SELECT = ["TL204", "TL205", "TL206", "TL211"]

TOOLS = '''
import json

TOOLS = [
    {"type": "function", "function": {
        "name": "set_alarm",
        "description": "Set an alarm. Use this when the user asks to be woken at a time.",
        "parameters": {"type": "object", "properties": {
            "label": {"type": "string", "description": "What it is for, e.g. 'gym'."},
            "at": {"type": "string", "description": "ISO time, e.g. '07:30'."}},
            "required": ["label", "at"], "additionalProperties": False}}},
    {"type": "function", "function": {
        "name": "deploy",
        "description": "Deploy a build. Use this when the user asks to install one.",
        "parameters": {"type": "object", "properties": {
            "build_id": {"type": "string", "description": "Build id, e.g. 'b-1'."}},
            "required": ["build_id"]}}},
]
'''

BOT = TOOLS + '''

async def handle_set_alarm(chat, tool_call, arguments: dict, history: list) -> None:
    when = arguments.get("AT_KEY", "")
    history.append({"role": "tool", "tool_call_id": tool_call.id, "content": arguments.get("label") + when})
    await chat.send("ok")


async def deploy_build(*, build_id: str, device_client, retries: int = 2) -> str:
    return await device_client.push(build_id)


async def on_message(chat, device, history, response):
    tool_call = response.tool_calls[0]
    arguments = json.loads(tool_call.function.arguments)
    name = tool_call.function.name
    if name == "set_alarm":
        await handle_set_alarm(chat, tool_call, arguments, history)
    elif name == "deploy":
        await deploy_build(DEPLOY_ARGS)
    else:
        await chat.send(f"unknown tool {name}")
'''


def _codes(lint, files):
    return sorted((path, code) for path, _, code in lint(files, select=SELECT))


def _bot(at_key="at", deploy_args='build_id=arguments["build_id"], device_client=device'):
    return textwrap.dedent(BOT.replace("AT_KEY", at_key).replace("DEPLOY_ARGS", deploy_args))


def test_the_whole_dict_beside_context_is_compared_by_the_keys_read_from_it(lint):
    # by signature: TL205 on chat/tool_call/arguments/history, TL206 on label and at
    assert _codes(lint, {"bot.py": _bot()}) == []


def test_a_key_the_handler_reads_from_that_parameter_is_still_checked(lint):
    found = lint({"bot.py": _bot(at_key="when")}, select=SELECT)
    assert [code for _, _, code in found] == ["TL211"]


def test_a_keyword_filled_from_context_is_not_a_schema_parameter(lint):
    # `device_client=device` and a value built from the arguments: by signature, TL205
    # on device_client
    built = 'build_id=str(arguments.get("build_id") or "").strip(), device_client=device'
    assert _codes(lint, {"bot.py": _bot(deploy_args=built)}) == []


def test_a_parameter_the_call_leaves_out_still_fires(lint):
    # `device_client` has no default and the call never passes it: every call fails
    found = _codes(lint, {"bot.py": _bot(deploy_args='build_id=arguments["build_id"]')})
    assert found == [("bot.py", "TL205")]


def test_values_spread_by_position_say_nothing(lint):
    src = _bot(deploy_args="*list(arguments.values())")
    assert _codes(lint, {"bot.py": src}) == []


IMPORTED = '''
from pkg.ops import deploy_build
from pkg.tools import TOOLS


async def call_tool(name, arguments, runtime):
    if name == "deploy":
        return await deploy_build({deploy_args})
    elif name == "set_alarm":
        return [arguments["label"], arguments["at"]]
    raise ValueError(name)
'''

OPS = '''
async def deploy_build(*, build_id: str, device_client, retries: int = 2) -> str:
    return await device_client.push(build_id)
'''


def _imported(deploy_args):
    return {"pkg/__init__.py": "", "pkg/tools.py": textwrap.dedent(TOOLS), "pkg/ops.py": textwrap.dedent(OPS),
            "pkg/server.py": textwrap.dedent(IMPORTED.format(deploy_args=deploy_args))}


def test_an_imported_handler_is_bound_to_its_call_too(lint):
    # the `def` is in another module, seen only when linking: by signature, TL205 on
    # device_client, which the call fills from the server's runtime
    built = 'build_id=str(arguments.get("build_id") or "").strip(), device_client=runtime["device"]'
    assert _codes(lint, _imported(built)) == []
    assert _codes(lint, _imported('build_id=arguments["build_id"], device_client=runtime["device"]')) == []


def test_an_imported_handler_given_the_arguments_by_name_still_fires(lint):
    # `**arguments` alone leaves device_client to the schema, which does not declare it
    assert _codes(lint, _imported("**arguments")) == [("pkg/ops.py", "TL205")]


NO_ARGUMENTS = '''
from mcp.server import Server
from mcp.types import TextContent, Tool

app = Server("cache")

TOOLS = [
    Tool(name="clear_cache", description="Empty the result cache.",
         inputSchema={"type": "object", "properties": {"scope": {"type": "string", "description": "Ignored."}}}),
    Tool(name="drop_entry", description="Remove one cache entry.",
         inputSchema={"type": "object", "properties": {"key": {"type": "string", "description": "A key."}},
                      "required": ["key"]}),
]


@app.list_tools()
async def list_tools() -> list[Tool]:
    return TOOLS


async def _empty_cache() -> int:
    return 0


async def _drop(key: str) -> bool:
    return True


@app.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    if name == "clear_cache":
        count = await _empty_cache()
        return [TextContent(type="text", text=str(count))]
    if name == "drop_entry":
        ok = await _drop(arguments["key"])
        return [TextContent(type="text", text=str(ok))]
    return []
'''


def test_a_handler_the_branch_calls_with_nothing_is_not_judged_by_its_signature(lint):
    # held-out round 26: `await _empty_cache()` is given none of the arguments, so 'scope'
    # can raise no TypeError there
    assert lint({"server.py": NO_ARGUMENTS}, select=["TL205", "TL206"]) == []


def test_a_helper_the_branch_calls_with_literals_only_is_not_judged_by_its_signature(lint):
    # held-out round 43, A: `await fetch_json("feeds")` fills `endpoint` itself
    source = NO_ARGUMENTS.replace("async def _empty_cache() -> int:", "async def _empty_cache(endpoint: str) -> int:") \
        .replace("await _empty_cache()", 'await _empty_cache("feeds")')
    assert lint({"server.py": source}, select=["TL205", "TL206"]) == []


def test_a_helper_given_a_literal_and_the_arguments_by_name_is_still_judged(lint):
    source = NO_ARGUMENTS.replace("async def _empty_cache() -> int:", "async def _empty_cache(endpoint: str, limit: int) -> int:") \
        .replace("await _empty_cache()", 'await _empty_cache("feeds", **arguments)')
    # 'limit' is not declared, 'scope' is no parameter: both raise TypeError
    assert sorted(code for _, _, code in lint({"server.py": source}, select=["TL205", "TL206"])) == ["TL205", "TL206"]
