"""A server handed on through a chain of untyped register functions (held-out round 17,
M4: `mcp = FastMCP(...)`, `register_all(mcp)` -> `notes.register(mcp)` ->
`tools.register_tools(mcp)` -> `@mcp.tool()`), where the modules in between never say
"tool". The chain is followed a few calls deep; a chain that starts from no server keeps
the tools unseen."""
from __future__ import annotations

import json

import pytest

from lintcase import parse_findings, toollint, write_tree

LEAF = '''def register_tools(mcp) -> None:
    """Register the note functions on the server."""

    @mcp.tool()
    def get_note(note_id: int) -> str:
        """Return one note. Use this when the user names a note by its number."""
        return str(note_id)
'''


def files(start: str, middle: str = "    notes.register(mcp)\n"):
    return {
        "app/__init__.py": "",
        "app/server.py": "from mcp.server.fastmcp import FastMCP\nfrom unittest.mock import MagicMock\n\n"
                         "from app.features import register_all\n\n" + start,
        "app/features/__init__.py": "from app.features import notes\n\n\ndef register_all(mcp):\n" + middle,
        "app/features/notes/__init__.py": "from app.features.notes import handlers\n\n\ndef register(mcp):\n"
                                          "    handlers.register_tools(mcp)\n",
        "app/features/notes/handlers.py": LEAF,
    }


def dumped(tmp_path, tree):
    write_tree(tmp_path, tree)
    result = toollint("dump", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return [t["name"] for t in json.loads(result.stdout)]


def test_a_server_handed_down_a_chain_of_register_functions(tmp_path):
    tree = files('mcp = FastMCP("notes")\nregister_all(mcp)\n')
    assert dumped(tmp_path, tree) == ["get_note"]
    result = toollint("check", "--select", "TL2", ".", cwd=tmp_path)
    found = [(path, code) for path, _, _, code, _ in parse_findings(result.stdout)]
    assert found == [("app/features/notes/handlers.py", "TL207")], result.stdout
    assert "1 tool in 1 group" in result.stderr


@pytest.mark.parametrize("start, middle", [
    ('register_all(MagicMock())\n', "    notes.register(mcp)\n"),  # a test double at the top
    ('mcp = FastMCP("notes")\nregister_all(mcp)\n', "    notes.register(make_server())\n"),  # not the parameter
    ('mcp = FastMCP("notes")\n', "    notes.register(mcp)\n"),  # never called
])
def test_a_chain_that_hands_on_no_server_makes_no_tool(tmp_path, start, middle):
    assert dumped(tmp_path, files(start, middle)) == []


def test_a_chain_longer_than_followed_makes_no_tool(tmp_path):
    tree = files('mcp = FastMCP("notes")\nregister_everything(mcp)\n')
    tree["app/server.py"] = tree["app/server.py"].replace("import register_all", "import register_everything")
    tree["app/features/__init__.py"] += "".join(
        f"\n\ndef register_{a}(mcp):\n    register_{b}(mcp)\n"
        for a, b in [("everything", "more"), ("more", "most"), ("most", "all")])
    assert dumped(tmp_path, tree) == []


def in_main(body: str) -> str:
    return "def main() -> None:\n" + "".join(f"    {line}\n" for line in body.splitlines())


def test_a_server_made_in_main_and_handed_down_the_chain(tmp_path):
    tree = files(in_main('mcp = FastMCP("notes")\nregister_all(mcp)\nmcp.run()'))
    assert dumped(tmp_path, tree) == ["get_note"]


def test_a_server_made_in_main_is_one_group_with_the_tools_declared_on_it_there(tmp_path):
    tree = files(in_main('mcp = FastMCP("notes")\n\n@mcp.tool()\ndef list_notes(tag: str) -> str:\n'
                         '    """List the notes of a tag. Use this when the user asks which notes exist."""\n'
                         '    return tag\n\nregister_all(mcp)\nmcp.run()'))
    assert sorted(dumped(tmp_path, tree)) == ["get_note", "list_notes"]
    result = toollint("check", "--select", "TL104", ".", cwd=tmp_path)
    # two tools offered together: each needs to say when the other is meant
    assert [(p, c) for p, _, _, c, _ in parse_findings(result.stdout)] == [
        ("app/features/notes/handlers.py", "TL104"), ("app/server.py", "TL104")], result.stdout
    assert "2 tools in 1 group" in result.stderr


@pytest.mark.parametrize("body", [
    'mcp = FastMCP("notes")\nmcp = wrap(mcp)\nregister_all(mcp)',  # rebound to what wrap() returns
    'for mcp in (FastMCP("a"), MagicMock()):\n    register_all(mcp)',  # a loop's target
    'mcp = FastMCP("notes") if LIVE else MagicMock()\nregister_all(mcp)',  # either
    'global mcp\nmcp = FastMCP("notes")\nregister_all(other)',  # a module name, and not handed on
    'with make_server() as mcp:\n    register_all(mcp)',
    'mcp = FastMCP("notes")\nregister_all(MagicMock())',  # the server is not the one handed on
])
def test_a_local_that_may_be_no_server_hands_on_nothing(tmp_path, body):
    assert dumped(tmp_path, files(in_main(body))) == []


def test_a_server_made_in_a_function_with_its_own_import(tmp_path):
    tree = files(in_main('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("notes")\nregister_all(mcp)'))
    tree["app/server.py"] = tree["app/server.py"].replace("from mcp.server.fastmcp import FastMCP\n", "", 1)
    assert dumped(tmp_path, tree) == ["get_note"]


@pytest.mark.parametrize("start, found", [
    # held-out round 46, M2: the project's subclass of FastMCP, made in a def and handed on
    ('class AppFastMCP(FastMCP):\n    def banner(self):\n        return self.name\n\n\n'
     'def create_app(oauth):\n    mcp = AppFastMCP("notes")\n    if oauth:\n        register_all(mcp)\n    return mcp\n',
     ["get_note"]),
    # a subclass that overrides how tools are declared declares them its own way: not read
    ('class AppFastMCP(FastMCP):\n    def tool(self, *a, **k):\n        return lambda f: f\n\n\n'
     'def create_app():\n    mcp = AppFastMCP("notes")\n    register_all(mcp)\n    return mcp\n', []),
])
def test_a_project_subclass_of_the_server_made_in_a_def(tmp_path, start, found):
    assert dumped(tmp_path, files(start)) == found


# the leaf registers module functions by a call, not a decorator (held-out round 67, M1)
CALLED = '''async def list_notes(folder: str) -> list:
    """List the notes of a folder. Use this when the user asks what notes exist."""
    return []


async def drop_note(note_id: int) -> str:
    """Delete one note. Use this when the user asks to remove a note."""
    return ""


def register_tools(mcp) -> None:
    mcp.tool(list_notes)
    mcp.add_tool(drop_note)
'''


@pytest.mark.parametrize("server, names", [
    ("from fastmcp import FastMCP", ["drop_note", "list_notes"]),
    # the SDK's tool() takes a name first: `mcp.tool(fn)` registers nothing there
    ("from mcp.server.fastmcp import FastMCP", ["drop_note"]),
])
def test_functions_a_register_function_hands_to_the_server_by_a_call(tmp_path, server, names):
    tree = files('mcp = FastMCP("notes")\nregister_all(mcp)\n')
    tree["app/server.py"] = tree["app/server.py"].replace("from mcp.server.fastmcp import FastMCP", server)
    tree["app/features/notes/handlers.py"] = CALLED
    assert sorted(dumped(tmp_path, tree)) == names
    assert dumped(tmp_path, files("mcp = FastMCP('notes')\n") | {"app/features/notes/handlers.py": CALLED}) == []


def test_a_module_name_the_def_rebinds_with_global_hands_its_server_on(tmp_path):
    # held-out round 86, M3: `mcp = None` at module level, `global mcp; mcp = FastMCP(...)` in the factory
    tree = files(in_main('global mcp\nmcp = FastMCP("notes")\nregister_all(mcp)'))
    tree["app/server.py"] = tree["app/server.py"].replace("from app.features import register_all\n",
                                                          "from app.features import register_all\n\nmcp = None\n")
    assert dumped(tmp_path, tree) == ["get_note"]
