"""fastmcp: toollint.frameworks.fastmcp."""
from __future__ import annotations

import textwrap

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings


@pytest.mark.parametrize("recording", recordings("fastmcp"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_fastmcp_forms():
    found = extract('''
        from fastmcp import FastMCP

        mcp = FastMCP("x")

        @mcp.tool
        def a(x: int) -> int:
            """A."""

        @mcp.tool()
        def b(x: int) -> int:
            """B."""

        @mcp.tool("c-named")
        def c(x: int) -> int:
            """C."""

        @mcp.tool(name="d-named", description="D, overridden.")
        def d(x: int) -> int:
            """D."""
    ''')
    assert [(t.name.value, t.description.value) for t in found] == [
        ("a", "A."), ("b", "B."), ("c-named", "C."), ("d-named", "D, overridden.")]
    assert {t.framework for t in found} == {"fastmcp"}


def test_a_subclass_registering_its_methods_in_init():
    found = extract('''
        from fastmcp import FastMCP
        from fastmcp.tools import Tool

        class Server(FastMCP):
            def __init__(self):
                super().__init__("s")
                self.tool(self.search, name="find", description="Find things.")
                self.add_tool(Tool.from_function(self.fetch))
                helper(self.unrelated)

            def search(self, q: str) -> str:
                """Search."""

            def fetch(self, item_id: str) -> str:
                """Fetch."""

            def unrelated(self, x: int) -> int:
                return x
    ''')
    assert [(t.name.value, t.description.value) for t in found] == [("find", "Find things."), ("fetch", "Fetch.")]
    assert [list(props(t)) for t in found] == [["q"], ["item_id"]]  # bound: no self


def test_dependencies_fastmcp_fills_in_are_not_parameters():
    # fastmcp 4.2.3 sends only `items` for this signature (dependency injection)
    tools = extract('''
from fastmcp import FastMCP, Context
from fastmcp.dependencies import Depends, Progress

mcp = FastMCP("jobs")


def get_db():
    return object()


@mcp.tool
async def job(items: int, ctx: Context, progress: Progress = Progress(), db=Depends(get_db)) -> str:
    """Run a job over the items."""
    return "ok"
''')
    assert [t.name.value for t in tools] == ["job"]
    assert list(props(tools[0])) == ["items"]


def test_an_ordinary_call_default_is_still_a_parameter():
    tools = extract('''
from fastmcp import FastMCP

mcp = FastMCP("jobs")


@mcp.tool
def job(items: int, label: str = str(3)) -> str:
    """Run a job over the items."""
    return "ok"
''')
    assert list(props(tools[0])) == ["items", "label"]


def test_a_function_given_by_keyword_to_mcp_tool():
    # held-out round 52, M1: `mcp.tool(name_or_fn=fn, name=...)` registers fn as `mcp.tool(fn, ...)` does
    found = extract('''
        from fastmcp import FastMCP

        def enable_device(path: str) -> dict:
            return {}

        def list_devices() -> list:
            return []

        def make(mcp: FastMCP) -> None:
            mcp.tool(name_or_fn=enable_device, name="device-enable", description="Enable a device at a path.")
            mcp.tool(list_devices, name="devices-list", description="List the enabled devices.")

        mcp = FastMCP("x")
        make(mcp)
    ''')
    assert sorted(t.name.value for t in found) == ["device-enable", "devices-list"]


@pytest.mark.parametrize("body, names", [
    ("    _REGISTRY.append(func)\n    return func", ["read_note", "write_note"]),
    # a decorator that returns something else: what it registers is not the function
    ("    _REGISTRY.append(func)\n    return wraps(func)(func)", []),
])
def test_functions_a_project_decorator_collects_then_registers_in_a_loop(body, names):
    # held-out round 52, M3: `@handler` fills a module list, `for fn in _REGISTRY: mcp.tool()(fn)`
    found = extract('''
        from functools import wraps
        from fastmcp import FastMCP

        _REGISTRY = []


        def handler(func):
        @@BODY@@


        @handler
        def read_note(path: str) -> str:
            """Read a note file and return its text."""
            return path


        @handler
        def write_note(path: str, text: str) -> str:
            """Write text to a note file."""
            return path


        mcp = FastMCP("notes")
        for fn in _REGISTRY:
            mcp.tool()(fn)
    '''.replace("        @@BODY@@", textwrap.indent(body, " " * 8)))
    assert [t.name.value for t in found] == names


def test_functions_the_list_s_own_append_decorates_then_registered_in_a_loop():
    # held-out round 106, M1: `@tools.append` puts the function in the list (and binds its
    # name to None); `for tool in tools: mcp.tool(tool)` registers each
    found = extract('''
        from fastmcp import FastMCP

        tools = []


        @tools.append
        def list_buckets() -> str:
            """List the buckets of the account."""
            return "[]"


        @other.append
        def not_listed() -> str:
            return ""


        def build() -> FastMCP:
            mcp = FastMCP("store")
            for tool in tools:
                mcp.tool(tool)
            return mcp
    ''')
    assert [t.name.value for t in found] == ["list_buckets"]


def test_a_server_handed_to_a_tools_class_declares_its_tools():
    # held-out round 55, M2 (about 227 tools): `__init__(self, mcp: FastMCP): self.mcp = mcp`,
    # then `@self.mcp.tool(...)` in a method
    found = extract('''
        from fastmcp import FastMCP


        class NoteTools:
            def __init__(self, mcp: FastMCP, prefix: str = "") -> None:
                self.mcp = mcp
                self.prefix = prefix

            def register_tools(self) -> None:
                @self.mcp.tool(name="notes_list", description="List the notes of a project.")
                async def list_notes(project_id: int) -> list:
                    return []


        mcp = FastMCP("notes")
        NoteTools(mcp).register_tools()
    ''')
    assert [t.name.value for t in found] == ["notes_list"]
