"""Register functions whose server parameter is typed as a generic (`server: FastMCP[Any]`),
handed a server of a subclass another module defines, and tools named by another module's
constant (held-out round 81, M2 and the yonosoft shape: 59 tools unseen, then in 24 groups).
A subclass that lists its tools its own way (`async def list_tools`) is no longer read as
the framework's server: which of its tools a turn offers is not known."""
from __future__ import annotations

import json

import pytest

from lintcase import toollint, write_tree

VISIBILITY = '''from typing import Any

from mcp.server.fastmcp import FastMCP


class AppFastMCP(FastMCP[Any]):
    """The project's server."""

    def __init__(self, name: str, visibility=None) -> None:
        super().__init__(name=name)
        self.visibility = visibility
{extra}'''

TOOLS = '''from typing import Any

from mcp.server.fastmcp import FastMCP

from app.names import {const}


def register_{kind}_tools(server: FastMCP[Any], handlers) -> None:
    @server.tool(name={const}, description="Create a {kind}. Use this when the user asks for a new {kind}.")
    def create_{kind}(title: str) -> dict:
        return {{}}
'''

SERVER = '''from app.doc_tools import register_doc_tools
from app.obj_tools import register_obj_tools
from app.visibility import AppFastMCP


def build_server(handlers) -> AppFastMCP:
    server = AppFastMCP(name="MCP")
    register_doc_tools(server, handlers)
    register_obj_tools(server, handlers)
    return server
'''


def _tree(extra=""):
    return {"app/__init__.py": "", "app/names.py": 'CREATE_DOC = "create_doc"\nCREATE_OBJ = "create_obj"\n',
            "app/visibility.py": VISIBILITY.format(extra=extra),
            "app/doc_tools.py": TOOLS.format(kind="doc", const="CREATE_DOC"),
            "app/obj_tools.py": TOOLS.format(kind="obj", const="CREATE_OBJ"),
            "app/server.py": SERVER}


def test_a_generic_typed_server_of_a_project_subclass_is_one_group_named_from_constants(lint):
    # TL307 counts the one server's tools together: a limit of 1 makes it speak
    found = lint(_tree(), select=["TL307"], max_tools_per_turn=1)
    assert found == [("app/doc_tools.py", 9, "TL307")]


def test_the_tool_names_come_from_the_other_modules_constants(tmp_path):
    write_tree(tmp_path, _tree())
    result = toollint("dump", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(t["name"] for t in json.loads(result.stdout)) == ["create_doc", "create_obj"]


@pytest.mark.parametrize("extra", [
    "\n    async def list_tools(self):\n        return await super().list_tools()\n",
])
def test_a_subclass_that_lists_its_own_way_is_not_the_frameworks_server(lint, extra):
    found = lint(_tree(extra), select=["TL207", "TL307"], max_tools_per_turn=1)
    # both tools still seen (each `title` undescribed), in two groups of one: no crowded turn
    assert [code for _, _, code in found] == ["TL207", "TL207"]


def test_a_package_that_only_hands_the_server_on_is_read(lint):
    # held-out round 81, M3: `register_all(mcp: FastMCP)` imports the register functions
    # relatively and never says "tool": the 32 tools of one server were 6 groups
    leaf = ('from mcp.server.fastmcp import FastMCP\n\n\ndef register(mcp: FastMCP) -> None:\n'
            '    @mcp.tool()\n    def tool_{n}(x: str) -> str:\n'
            '        """Do {n}. Use this when asked for {n}."""\n        return x\n')
    tree = {
        "app/__init__.py": "",
        "app/tools/__init__.py": ("from __future__ import annotations\n\nfrom typing import TYPE_CHECKING\n\n"
                                  "if TYPE_CHECKING:\n    from mcp.server.fastmcp import FastMCP\n\n\n"
                                  "def register_all(mcp: FastMCP) -> None:\n    from .a import register as register_a\n"
                                  "    from .b import register as register_b\n\n    register_a(mcp)\n    register_b(mcp)\n"),
        "app/tools/a.py": leaf.format(n="a"),
        "app/tools/b.py": leaf.format(n="b"),
        "app/server.py": ("from mcp.server.fastmcp import FastMCP\n\nfrom .tools import register_all\n\n\n"
                          "def create_server() -> FastMCP:\n    mcp = FastMCP(name=\"k\")\n    register_all(mcp)\n"
                          "    return mcp\n"),
    }
    assert lint(tree, select=["TL307"], max_tools_per_turn=1) == [("app/tools/a.py", 6, "TL307")]


FORWARDING = '''
    def tool(self, *args, **kwargs):
        register = super().tool(*args, **kwargs)

        def decorator(fn):
            register(wrap_result(fn))
            return fn

        return decorator
'''


def test_a_subclass_whose_tool_hands_everything_to_the_frameworks_is_its_server(lint):
    # held-out round 94, B: `class StructuredFastMCP(FastMCP)` overriding `tool` to wrap
    # results, its 145 tools unseen; the two tools are one server's again
    assert lint(_tree(FORWARDING), select=["TL307"], max_tools_per_turn=1) == [("app/doc_tools.py", 9, "TL307")]
    # an override that does not hand on what it is given may register anything
    changed = FORWARDING.replace("super().tool(*args, **kwargs)", 'super().tool(name="x")')
    assert lint(_tree(changed), select=["TL307"], max_tools_per_turn=1) == []


def test_a_register_function_reached_through_a_packages_submodule(lint):
    # held-out round 97, M2: `from pkg import tools` then `tools.search.register_tools(mcp)`,
    # the package importing its submodules lazily; 40 tools were unseen
    tree = {
        "pkg/__init__.py": "",
        "pkg/tools/__init__.py": '__all__ = ["search"]\n',
        "pkg/tools/search.py": ("def register_tools(mcp, *, index=None) -> None:\n    @mcp.tool()\n"
                                "    async def search_notes(query: str) -> list:\n"
                                '        """Search the notes by words in their text."""\n        return []\n'),
        "pkg/server.py": ("from fastmcp import FastMCP\n\nfrom pkg import tools\n\nmcp = FastMCP(\"notes\")\n"
                          "tools.search.register_tools(mcp, index=None)\n"),
    }
    assert lint(tree, select=["TL207"]) == [("pkg/tools/search.py", 3, "TL207")]
