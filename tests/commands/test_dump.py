"""`toollint dump`: the wire payload read statically, and snapshot diffs.

The round trips compare what dump prints with an oracle that does not go through
toollint: the example modules imported in a subprocess (they only declare tools), and
the wire forms the real frameworks produced, recorded in tests/data/frameworks/.
"""
from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lintcase import write_tree
from toollint.commands.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FRAMEWORKS = ROOT / "tests" / "data" / "frameworks"
SHAPES = ("anthropic", "openai-chat", "openai-responses", "mcp")


def dump(capsys, *args):
    code = main(["dump", "--isolated", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def wire_fields(item, shape):
    """(name, description, sorted required) read by the rules of one wire shape only."""
    if shape == "openai-chat":
        assert item["type"] == "function" and set(item) <= {"type", "function"}, item
        core, schema = item["function"], item["function"].get("parameters")
    elif shape == "openai-responses":
        assert item["type"] == "function" and "function" not in item, item
        core, schema = item, item.get("parameters")
    elif shape == "mcp":
        core, schema = item, item.get("inputSchema")
        assert "input_schema" not in item and "parameters" not in item, item
    else:
        core, schema = item, item.get("input_schema")
        assert "inputSchema" not in item and "parameters" not in item, item
    required = sorted(schema.get("required", [])) if isinstance(schema, dict) else None
    return core["name"], core.get("description"), required


# --- round trip: the examples ---------------------------------------------------------

ORACLE = r'''
import importlib, json, sys
sys.path.insert(0, sys.argv[1])
out = []
for module in sys.argv[2:]:
    values = vars(importlib.import_module(module))
    for name in ("TOOL_DEFINITIONS", "TOOLS"):
        for tool in values.get(name) or []:
            if tool.get("type") == "function" and "function" in tool:
                tool = tool["function"]
            schema = tool.get("input_schema") or tool.get("inputSchema") or tool.get("parameters") or {}
            out.append([tool["name"], tool.get("description"), sorted(schema.get("required", []))])
print(json.dumps(out))
'''


def _example_modules():
    """(example package folder, dotted modules that assign a definitions list)."""
    out = []
    for package in sorted(p for p in EXAMPLES.iterdir() if (p / "__init__.py").is_file()):
        modules = []
        for path in sorted(package.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if any(line.startswith(("TOOL_DEFINITIONS =", "TOOLS =")) for line in text.splitlines()):
                rel = path.relative_to(EXAMPLES).with_suffix("")
                modules.append(".".join(p for p in rel.parts if p != "__init__"))
        if modules:
            out.append(pytest.param(package, modules, id=package.name))
    return out


@pytest.fixture(scope="module")
def oracle(tmp_path_factory):
    """The oracle imports the example, in a subprocess and a scratch folder: the examples'
    back ends open databases on import, and toollint itself must never import them. What it
    prints does not depend on the shape dumped: one process per example for the module."""
    done = {}

    def run(package, modules):
        if package not in done:
            done[package] = subprocess.run([sys.executable, "-c", ORACLE, str(EXAMPLES), *modules],
                                           cwd=tmp_path_factory.mktemp("oracle"), capture_output=True,
                                           text=True, timeout=60)
        return done[package]

    return run


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("package,modules", _example_modules())
def test_example_round_trips(capsys, tmp_path, oracle, package, modules, shape):
    done = oracle(package, modules)
    if done.returncode != 0 and "ModuleNotFoundError" in done.stderr:
        pytest.skip(f"the example needs a package that is not installed: {done.stderr.splitlines()[-1]}")
    assert done.returncode == 0, done.stderr
    expected = sorted(tuple(t) for t in json.loads(done.stdout))
    assert expected, "the example defines no tools"

    # A copy with a project marker of its own: in the repository the project is the whole
    # repository, which dump reads for context on every call.
    copy = tmp_path / "project"
    shutil.copytree(package, copy / package.name)
    (copy / "pyproject.toml").write_text("")
    code, out, err = dump(capsys, copy / package.name, "--shape", shape)
    assert code == 0, err
    dumped = json.loads(out)
    assert sorted(tuple(wire_fields(item, shape)[:2]) + (wire_fields(item, shape)[2],) for item in dumped) == [
        (name, description, required) for name, description, required in expected
    ]


# --- round trip: what the frameworks really send --------------------------------------


def _recordings():
    return [pytest.param(p, id=os.path.basename(p)[:-5]) for p in sorted(glob.glob(str(FRAMEWORKS / "*.json")))]


# a name dump shows unresolved, as it does a recorded one: Semantic Kernel's plugin part is
# set where the plugin is handed over (toollint/frameworks/semantic_kernel.py)
_AS_DUMPED = {"semantic-kernel": lambda name: f"<unresolved: the name is {{plugin}}-{name.partition('-')[2]}>"}


@pytest.mark.parametrize("recording", _recordings())
def test_decorated_tools_match_the_recorded_wire_forms(capsys, tmp_path, recording):
    with open(recording, encoding="utf-8") as f:
        data = json.load(f)
    (tmp_path / "pyproject.toml").write_text("")
    source = tmp_path / os.path.basename(data["source"])
    shutil.copyfile(FRAMEWORKS / data["source"], source)
    pin = (FRAMEWORKS / data["source"]).parent / "requirements.txt"  # a source's own folder pins a version
    if pin.exists():
        shutil.copyfile(pin, tmp_path / "requirements.txt")
    code, out, err = dump(capsys, source, "--shape", "anthropic")
    assert code == 0, err
    named = _AS_DUMPED.get(data["framework"], lambda name: name)
    want = sorted((named(n), d, r) for n, d, r in (wire_fields(t, "anthropic") for t in data["tools"]))
    recorded = {w[0]: w for w in want}
    # a description left unresolved (a signature naming a class of the module) is not a different one
    got = sorted(recorded.get(g[0], g) if str(g[1]).startswith("<unresolved") else g
                 for g in (wire_fields(t, "anthropic") for t in json.loads(out)))
    assert got == want


# --- shapes, order, locations, unresolved parts ----------------------------------------

SOURCE = {
    "pyproject.toml": "",
    "agent/__init__.py": "",
    "agent/openai_tools.py": '''
        COMMON = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
        SEARCH = {
            "type": "function",
            "function": {"name": "search", "description": "Search.", "parameters": COMMON, "strict": True},
        }
        FETCH = {"type": "function", "function": {"name": "fetch", "description": "Fetch.", "parameters": COMMON}}
        TOOLS = [FETCH, SEARCH]
    ''',
    "agent/anthropic_tools.py": '''
        import os

        TOOL_DEFINITIONS = [
            {"type": "bash_20250124", "name": "bash"},
            {
                "name": "lookup",
                "description": "Look up. " + os.environ["SUFFIX"],
                "input_schema": {"type": "object", "properties": {}},
                "cache_control": {"type": "ephemeral"},
            },
            build_tool("dynamic"),
        ]
    ''',
}


def test_order_is_by_path_then_line(capsys, tmp_path):
    write_tree(tmp_path, SOURCE)
    code, out, err = dump(capsys, tmp_path, "--shape", "openai-responses")
    assert code == 0
    items = json.loads(out)
    assert all(isinstance(item, dict) for item in items)  # an entry it cannot see is an object too
    names = [item.get("name", item.get("unresolved")) for item in items]
    # anthropic_tools.py sorts first; in openai_tools.py SEARCH's line comes before FETCH's
    assert names == ["lookup", "the result of build_tool() is only known at run time", "search", "fetch"]
    assert "server tool" in err


def test_shape_conversion_carries_strict_and_keeps_extras_only_in_their_shape(capsys, tmp_path):
    write_tree(tmp_path, SOURCE)
    _, out, _ = dump(capsys, tmp_path, "--shape", "anthropic")
    by_name = {item["name"]: item for item in json.loads(out) if "unresolved" not in item}
    assert by_name["bash"] == {"type": "bash_20250124", "name": "bash"}
    assert by_name["search"] == {
        "name": "search", "description": "Search.",
        "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
        "strict": True,
    }
    assert by_name["lookup"]["cache_control"] == {"type": "ephemeral"}
    assert by_name["lookup"]["description"].startswith("<unresolved: ")

    _, out, _ = dump(capsys, tmp_path, "--shape", "mcp")
    by_name = {item["name"]: item for item in json.loads(out) if "unresolved" not in item}
    assert "bash" not in by_name  # an Anthropic server tool has no MCP form
    assert set(by_name["lookup"]) == {"name", "description", "inputSchema"}
    assert set(by_name["search"]) == {"name", "description", "inputSchema"}  # MCP has no strict

    _, out, _ = dump(capsys, tmp_path, "--shape", "openai-chat")
    by_name = {item["function"]["name"]: item for item in json.loads(out) if "unresolved" not in item}
    assert by_name["search"]["function"]["strict"] is True
    assert "strict" not in by_name["fetch"]["function"]


def test_locations_point_at_each_definition(capsys, tmp_path):
    write_tree(tmp_path, SOURCE)
    _, out, _ = dump(capsys, tmp_path, "--with-locations")
    for item in json.loads(out):
        path, line, col = item["x-toollint-location"].rsplit(":", 2)
        if "unresolved" in item:  # the entry of a list it cannot see: where that entry is
            assert (tmp_path / path).read_text().splitlines()[int(line) - 1][int(col) - 1:].startswith("build_tool(")
            continue
        assert not os.path.isabs(path) and "\\" not in path
        text = (tmp_path / path).read_text().splitlines()
        assert text[int(line) - 1][int(col) - 1] == "{"
        assert f'"{item["name"]}"' in "\n".join(text[int(line) - 1:int(line) + 3])


def test_dump_is_deterministic(capsys, tmp_path):
    write_tree(tmp_path, SOURCE)
    first = dump(capsys, tmp_path, "--with-locations")
    assert dump(capsys, tmp_path, "--with-locations") == first


# --- snapshots -----------------------------------------------------------------------

TOOLS_PY = '''
    TOOLS = [
        {
            "name": "search_orders",
            "description": "Search orders by product name. Call this when the customer names a product.",
            "input_schema": {
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "limit": {"type": "integer", "default": 10},
                },
                "required": ["query"],
            },
        },
        {
            "name": "get_order",
            "description": "Return one order. Call this when you have an order id.",
            "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
        },
    ]
'''


@pytest.fixture
def project(tmp_path, capsys):
    write_tree(tmp_path, {"pyproject.toml": "", "tools.py": TOOLS_PY})
    snapshot = tmp_path / "tools.snapshot.json"
    code, _, _ = dump(capsys, tmp_path, "--against", snapshot, "--update")
    assert code == 0 and snapshot.is_file()

    def change(old, new):
        path = tmp_path / "tools.py"
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new))

    return tmp_path, snapshot, change


def test_snapshot_equal_exits_0_quietly(capsys, project):
    root, snapshot, _ = project
    assert dump(capsys, root, "--against", snapshot) == (0, "", "")


def test_snapshot_in_another_shape_or_with_locations_is_still_equal(capsys, project):
    root, snapshot, _ = project
    other = root / "chat.snapshot.json"
    assert dump(capsys, root, "--shape", "openai-chat", "--with-locations", "--against", other, "--update")[0] == 0
    assert dump(capsys, root, "--against", other)[0] == 0
    assert dump(capsys, root, "--shape", "mcp", "--against", snapshot)[0] == 0


def test_snapshot_description_changed(capsys, project):
    root, snapshot, change = project
    change("Call this when you have an order id.", "Call this when the customer gives an order id.")
    code, out, _ = dump(capsys, root, "--against", snapshot)
    assert code == 1
    assert "~ 'get_order': description changed" in out
    assert "-Return one order. Call this when you have an order id." in out
    assert "+Return one order. Call this when the customer gives an order id." in out
    assert "--update" in out


def test_snapshot_field_moved_into_required(capsys, project):
    root, snapshot, change = project
    change('"required": ["query"]', '"required": ["query", "limit"]')
    code, out, _ = dump(capsys, root, "--against", snapshot)
    assert code == 1
    assert "~ 'search_orders': \"limit\" moved into required" in out
    assert "(1 change)" in out


def test_snapshot_tools_added_removed_and_schema_changed(capsys, project):
    root, snapshot, change = project
    change('"name": "get_order"', '"name": "get_order_details"')
    change('"default": 10', '"default": 20')
    code, out, _ = dump(capsys, root, "--against", snapshot)
    assert code == 1
    lines = out.splitlines()
    assert "  + tool 'get_order_details' added" in lines
    assert "  - tool 'get_order' removed" in lines
    assert "  ~ 'search_orders': schema properties.limit.default: 10 -> 20" in lines


def test_update_rewrites_the_snapshot(capsys, project):
    root, snapshot, change = project
    change('"default": 10', '"default": 25')
    code, out, err = dump(capsys, root, "--against", snapshot, "--update")
    assert code == 0 and "schema properties.limit.default: 10 -> 25" in out and "wrote 2 tool(s)" in err
    assert json.loads(snapshot.read_text())[0]["input_schema"]["properties"]["limit"]["default"] == 25
    assert dump(capsys, root, "--against", snapshot) == (0, "", "")


def test_snapshot_errors_exit_2(capsys, project):
    root, snapshot, _ = project
    code, _, err = dump(capsys, root, "--against", root / "missing.json")
    assert code == 2 and "no such snapshot; write it with --update" in err
    (root / "bad.json").write_text("{not json")
    code, _, err = dump(capsys, root, "--against", root / "bad.json")
    assert code == 2 and "not a JSON tool snapshot" in err
    code, _, err = dump(capsys, root, "--update")
    assert code == 2 and "--update needs --against" in err


def test_dump_command_end_to_end(tmp_path):
    write_tree(tmp_path, {"pyproject.toml": "", "tools.py": TOOLS_PY})
    done = subprocess.run([sys.executable, "-m", "toollint", "dump", "--shape", "openai-responses", "."],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert [t["name"] for t in json.loads(done.stdout)] == ["search_orders", "get_order"]


def test_no_cache_leaves_no_cache_folder_in_the_project(tmp_path, capsys, monkeypatch):
    write_tree(tmp_path, {"pyproject.toml": "", "tools.py": 'TOOLS = [{"name": "ping", "description": "Ping.", '
                                                            '"input_schema": {"type": "object", "properties": {}}}]\n'})
    monkeypatch.chdir(tmp_path)
    code, out, _ = dump(capsys, "--no-cache", ".")
    assert code == 0 and [t["name"] for t in json.loads(out)] == ["ping"]
    assert not (tmp_path / ".toollint_cache").exists()


def test_a_snapshot_written_with_holes_as_strings_still_matches():
    # holes became objects ({"unresolved": reason}); a checked-in snapshot of before is the same tool list
    from toollint.commands.snapshot import canonical

    reason = "the result of build_tool() is only known at run time"
    assert canonical({"unresolved": reason}) == canonical(f"<unresolved: {reason}>")


def test_a_list_of_tool_functions_gives_no_holes(capsys, tmp_path):
    # held-out round 66: `ESCALATION_TOOLS = [create_escalation, ...]` of @function_tool defs,
    # spread into the list an agent gets, was read as definitions too: one hole an item
    write_tree(tmp_path, {"tools.py": '''
from livekit.agents import function_tool


@function_tool
async def create_escalation(reason: str) -> str:
    """Open a ticket for a human. Use this when the caller asks for a person."""
    return reason


ESCALATION_TOOLS = [create_escalation]
''', "agent.py": '''
from livekit.agents import Agent

from tools import ESCALATION_TOOLS

AGENT_TOOLS = [*ESCALATION_TOOLS]


class Main(Agent):
    def __init__(self):
        super().__init__(instructions="x", tools=AGENT_TOOLS)
'''})
    items = json.loads(dump(capsys, "--no-cache", tmp_path)[1])
    assert [i.get("name", i.get("unresolved")) for i in items] == ["create_escalation"]
