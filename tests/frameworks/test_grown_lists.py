"""A module-level tool list grown after its assignment (held-out round 17, M1:
`TOOLS: list[Tool] = []` then `TOOLS.extend([Tool(...), ...])` blocks, served by a
low-level server's list_tools). The list is every tool its statements add; it is complete
only when every change to it is such a statement."""
from __future__ import annotations

import json

import pytest

from lintcase import parse_findings, toollint, write_tree

HEAD = '''from mcp.server import Server
from mcp.types import Tool

server = Server("monitor")

TOOLS: list[Tool] = []

'''
DEVICES = '''TOOLS.extend(
    [
        Tool(
            name="get_devices",
            description="List monitored devices. Use this when the user asks which hosts are watched.",
            inputSchema={"type": "object", "properties": {"group_id": {"type": "integer"}}},
        ),
    ]
)
'''
ALERTS = '''TOOLS.append(
    Tool(
        name="get_alerts",
        description="List open alerts. Use this when the user asks what is firing right now.",
        inputSchema={"type": "object", "properties": {}},
    )
)
'''
HANDLERS = "".join(f"\n\ndef {n}(arguments):\n    return []\n" for n in ("devices", "alerts", "users")) + (
    '\n\nHANDLERS = {"get_devices": devices, "get_alerts": alerts, "get_users": users}\n')
SERVE = '''

@server.list_tools()
async def list_tools() -> list[Tool]:
    return list(TOOLS)
'''


def run(tmp_path, source, *args):
    write_tree(tmp_path, {"registry.py": source})
    return toollint(*args, ".", cwd=tmp_path)


def dumped(tmp_path, source):
    result = run(tmp_path, source, "dump")
    assert result.returncode == 0, result.stderr
    return [t["name"] for t in json.loads(result.stdout)]


@pytest.mark.parametrize("alerts", [ALERTS, ALERTS.replace("TOOLS.append(\n", "TOOLS += [\n").rstrip()[:-1] + "]\n"])
def test_every_block_adds_its_tools(tmp_path, alerts):
    assert dumped(tmp_path, HEAD + DEVICES + "\n" + alerts + SERVE) == ["get_devices", "get_alerts"]


def test_the_added_tools_are_judged(tmp_path):
    result = run(tmp_path, HEAD + DEVICES + "\n" + ALERTS + SERVE, "check", "--select", "TL2")
    found = [(code, message.split("'")[1]) for _, _, _, code, message in parse_findings(result.stdout)]
    assert found == [("TL207", "group_id")], result.stdout
    assert "2 tools in 1 group" in result.stderr


def test_a_list_extended_with_another_list_is_not_two_sets_of_tools(tmp_path):
    source = HEAD.replace("TOOLS: list[Tool] = []", "BASE = [\n" + DEVICES.split("[\n", 1)[1].rsplit("]", 1)[0]
                          + "]\nTOOLS: list[Tool] = []") + "TOOLS.extend(BASE)\n" + SERVE
    assert dumped(tmp_path, source) == ["get_devices"]


@pytest.mark.parametrize("later", [
    "TOOLS.insert(0, EXTRA)\n",  # not read
    "def add(tool):\n    TOOLS.append(tool)\n",  # a change at run time
    "TOOLS.extend(load_plugins())\n",  # tools the text does not hold
])
def test_a_change_not_read_leaves_the_list_incomplete(tmp_path, later):
    # incomplete: a tool the handlers name but the list does not hold may be in the part not read
    handlers = HANDLERS
    result = run(tmp_path, HEAD + DEVICES + "\n" + ALERTS + later + SERVE + handlers, "check", "--select", "TL3")
    assert "get_users" not in result.stdout, result.stdout
    assert "2 tools" in result.stderr


def test_a_complete_list_reports_a_handler_without_a_tool(tmp_path):
    handlers = HANDLERS
    result = run(tmp_path, HEAD + DEVICES + "\n" + ALERTS + SERVE + handlers, "check", "--select", "TL3")
    assert "get_users" in result.stdout, result.stdout


def test_a_table_of_records_is_no_router(tmp_path):
    # rows of (tool, tool, argument name): the third column names no tool, so no TL306
    table = ('\n\nACTIONS = {\n    "devices": ("get_devices", "get_alerts", "device_id"),\n'
             '    "alerts": ("get_alerts", "get_devices", "alert_id"),\n}\n')
    result = run(tmp_path, HEAD + DEVICES + "\n" + ALERTS + SERVE + table, "check", "--select", "TL306")
    assert parse_findings(result.stdout) == [], result.stdout


CONSTANTS = '''import mcp.types as types
from mcp.server import Server

server = Server("scores")

alpha_tool = types.Tool(
    name="alpha",
    description="Return the alpha score of a paper. Call this when the user asks how cited a paper is.",
    inputSchema={"type": "object", "properties": {}},
)
beta_tool = types.Tool(
    name="beta",
    description="Return the beta score of a paper. Call this when the user asks how cited its venue is.",
    inputSchema={"type": "object", "properties": {}},
)


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [alpha_tool, beta_tool]
'''


def test_module_constants_a_list_tools_returns_are_one_turn(lint):
    # held-out round 30, M4: each constant was taken as sent alone, so TL104 never weighed them
    assert lint({"server.py": CONSTANTS}, select=["TL104"]) == [("server.py", 8, "TL104"), ("server.py", 13, "TL104")]
    alone = CONSTANTS.replace("return [alpha_tool, beta_tool]", "return [alpha_tool]")
    assert lint({"server.py": alone}, select=["TL104"]) == []
