"""A dispatch branch's visible call decides how the handler is called (issue 18, round 5).

Shapes written after MCP `call_tool` servers and Anthropic tool loops (none copied):
`if name == "x": return do_x(arguments["path"], arguments.get("mode", "r"))` gives the
handler pieces of the arguments, so its signature says nothing about the schema; the
reads in the call do. Each quiet case sits next to one that still fires.
"""
from __future__ import annotations

import textwrap

from lintcase import toollint

SELECT = ["TL204", "TL205", "TL206", "TL211"]

SERVER = '''
import mcp.types as types
from mcp.server import Server

app = Server("files")
client = object()

SCHEMA = {{"type": "object", "properties": {{
    "path": {{"type": "string", "description": "File path, e.g. 'a.txt'."}},
    "mode": {{"type": "string", "description": "Open mode, e.g. 'r'."}}}},
    "required": {required}, "additionalProperties": False}}


@app.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name="read_file", description="Read a file. Use this when the user names a file.",
                   inputSchema=SCHEMA),
        types.Tool(name="stat_file", description="Stat a file. Use this when the user asks for its size.",
                   inputSchema=SCHEMA),
    ]


{handlers}


@app.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == "read_file":
        text = {read_call}
    elif name == "stat_file":
        text = {stat_call}
    else:
        raise ValueError(name)
    return [types.TextContent(type="text", text=text)]
'''

HANDLERS = '''
def read_file(target, how):
    return open(target, how).read()


def stat_file(p, c):
    return str(c)
'''


def _lint(lint, read_call, stat_call='stat_file(arguments["path"], client)', required='["path"]',
          handlers=HANDLERS):
    src = textwrap.dedent(SERVER).format(required=required, handlers=textwrap.dedent(handlers),
                                         read_call=read_call, stat_call=stat_call)
    return sorted((line, code) for _, line, code in lint({"server.py": src}, select=SELECT))


def test_positional_pieces_are_not_a_signature_mismatch(lint):
    # by signature alone, `read_file(target, how)` is called `read_file(**arguments)`:
    # TL205 on both parameters, TL206 on both properties; the call passes pieces
    assert _lint(lint, 'read_file(arguments["path"], arguments.get("mode", "r"))') == []


def test_a_parameter_filled_from_elsewhere_is_not_undeclared(lint):
    # `stat_file(arguments["path"], client)`: `c` is the server's client, not a tool argument
    assert _lint(lint, 'read_file(arguments["path"], arguments.get("mode"))') == []


def test_keyword_pieces_are_read_as_pieces(lint):
    assert _lint(lint, 'read_file(target=arguments["path"], how=arguments.get("mode", "r"))') == []


def test_a_piece_read_with_a_default_of_a_required_property_still_fires(lint):
    # the call copes without `mode`, the schema requires it: TL204
    found = _lint(lint, 'read_file(arguments["path"], arguments.get("mode", "r"))', required='["path", "mode"]')
    assert [code for _, code in found] == ["TL204"]


def test_a_piece_of_an_undeclared_key_still_fires(lint):
    # `arguments["encoding"]`: a schema-following model never sends it: TL211
    found = _lint(lint, 'read_file(arguments["path"], arguments["encoding"])')
    assert [code for _, code in found] == ["TL211"]


def test_a_spread_call_with_an_extra_keyword_judges_the_rest(lint):
    # `read_file(**arguments, how="r")` fills `how` itself; `target` must still come from
    # the arguments, and the schema has no 'target': TL205 on it, TL206 on both properties
    found = _lint(lint, 'read_file(**arguments, how="r")')
    assert sorted(code for _, code in found) == ["TL205", "TL206", "TL206"]


def test_a_spread_call_whose_extra_fills_what_the_schema_lacks_is_quiet(lint):
    handlers = HANDLERS.replace("def read_file(target, how):", "def read_file(path, client, mode='r'):")
    assert _lint(lint, "read_file(client=client, **arguments)", handlers=handlers) == []


def test_a_mixed_call_says_nothing(lint):
    # `int(arguments["path"])` beside a plain piece: what reaches `target` is computed, so
    # nothing that depends on the mapping is said (by signature, TL205 x2 and TL206 x2)
    assert _lint(lint, 'read_file(arguments["path"], int(arguments["mode"]))') == []


def test_pieces_of_something_else_say_nothing(lint):
    # the pieces come from a module dict, not from the tool's arguments
    server_call = 'read_file(settings["root"], settings["how"])'
    handlers = HANDLERS + "\n\nsettings = {'root': '/', 'how': 'r'}\n"
    assert _lint(lint, server_call, handlers=handlers) == []


def test_values_spread_by_position_say_nothing(lint):
    # `*list(arguments.values())` binds by the order the model sent the keys in, not by
    # name: by signature, TL205 x2 and TL206 x2 claimed a TypeError that never happens
    # (held-out round 15); a call that does name what it passes still fires
    assert _lint(lint, "read_file(*list(arguments.values()))") == []
    assert _lint(lint, "read_file(*arguments.values())") == []
    assert sorted(code for _, code in _lint(lint, 'read_file(**arguments, how="r")')) == ["TL205", "TL206", "TL206"]


def test_the_anthropic_loop_reads_pieces_of_block_input(lint):
    src = textwrap.dedent('''
        TOOLS = [
            {"name": "search", "description": "Search the docs. Use this when the user asks a question.",
             "input_schema": {"type": "object", "properties": {
                 "q": {"type": "string", "description": "Words to find, e.g. 'install'."},
                 "limit": {"type": "integer", "description": "How many, e.g. 5."}},
                 "required": ["q"]}},
            {"name": "fetch", "description": "Fetch one page. Use this when you have a page id.",
             "input_schema": {"type": "object", "properties": {
                 "page": {"type": "string", "description": "Page id, e.g. 'p1'."}},
                 "required": ["page"]}},
        ]


        def search(index, query, limit):
            return []


        def fetch(page, fmt):
            return ""


        def run(response, index):
            for block in response.content:
                if block.type != "tool_use":
                    continue
                if block.name == "search":
                    out = search(index, block.input["q"], block.input.get("limit", 5))
                elif block.name == "fetch":
                    out = fetch(block.input["page"], block.input["format"])
    ''')
    # `search` quiet (by signature: TL205 on index/query/limit, TL206 on q); `fetch`
    # reads 'format', which the schema does not declare (by signature: TL205 on fmt)
    assert [code for _, _, code in lint({"agent.py": src}, select=SELECT)] == ["TL211"]


def test_a_parameter_the_call_never_passes_still_fires(lint, tmp_path):
    # `read_file(arguments["path"])` leaves `how` out: every call raises TypeError
    src = textwrap.dedent(SERVER).format(required='["path"]', handlers=textwrap.dedent(HANDLERS),
                                         read_call='read_file(arguments["path"])',
                                         stat_call='stat_file(arguments["path"], client)')
    (tmp_path / "server.py").write_text(src)
    out = toollint("check", "--no-cache", "--select", "TL205", str(tmp_path / "server.py")).stdout
    assert "parameter 'how' of read_file() has no default and the dispatch call passes no value for it" in out


def test_a_piece_is_reported_at_the_dispatch_call(lint, tmp_path):
    src = textwrap.dedent(SERVER).format(required='["path"]', handlers=textwrap.dedent(HANDLERS),
                                         read_call='read_file(arguments["path"], arguments["encoding"])',
                                         stat_call='stat_file(arguments["path"], client)')
    (tmp_path / "server.py").write_text(src)
    out = toollint("check", "--no-cache", "--select", "TL211", str(tmp_path / "server.py")).stdout
    assert "the dispatch call of read_file() reads 'encoding' but the schema of 'read_file'" in out


CONTEXT = '''
import mcp.types as types
from mcp.server import Server

app = Server("files")
SCHEMA = {"type": "object", "properties": {"id": {"type": "integer", "description": "Item id from the list."}},
          "required": ["id"]}


def load_settings():
    return {"backend": {"url": "http://localhost", "key": "k"}}


def backend_url(settings):
    return settings["backend"]["url"]


def backend_request(settings, path):
    return backend_url(settings) + path


@app.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="show_item", description="Show an item. Use this when the user names one.",
                       inputSchema=SCHEMA),
            types.Tool(name="delete_item", description="Delete an item. Use this when the user asks to.",
                       inputSchema=SCHEMA)]


@app.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    settings = {bound}
    if name == "show_item":
        result = backend_request(settings, "/items/" + str(arguments["id"]))
    elif name == "delete_item":
        item_id = arguments["id"]
        url = backend_url(settings)
        key = settings["backend"]["key"]
        result = {"deleted": item_id, "url": url, "key": key}
    else:
        result = None
    return [types.TextContent(type="text", text=str(result))]
'''


def test_a_helper_given_the_servers_own_settings_is_no_handler(lint):
    # held-out round 84, A: `settings = load_settings()` is context, not the tool's arguments
    assert lint({"server.py": CONTEXT.replace("{bound}", "load_settings()")}, select=SELECT) == []
    # a name bound from the arguments still carries them: the helper's read of 'backend' fires
    found = lint({"server.py": CONTEXT.replace("{bound}", "dict(arguments)")}, select=SELECT)
    assert ("TL211" in [code for _, _, code in found]), found
