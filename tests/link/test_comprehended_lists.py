"""A comprehension over a module's literal list of records makes one tool per item
(held-out round 76, M2: a low-level server's catalog of `(method, _spec(...))` tuples):
each item's fields are the keywords of the call that made it, placed where the item is.
A filter, a positional record, or a list not read whole makes none."""
from __future__ import annotations

import pytest


CATALOG = '''
from dataclasses import dataclass
from typing import Any

from mcp import types
from mcp.server import Server


@dataclass
class ToolSpec:
    name: str
    description: str
    parameters: dict


def _spec(name: str, desc: str, props: dict | None = None) -> ToolSpec:
    return ToolSpec(name=name, description=desc, parameters={"type": "object", "properties": props or {}})


CATALOG = [
    ("ping", _spec("ping", "Check connectivity")),
    ("get_flow", _spec("get_flow", "Get a flow", {"flow_id": {"type": "string"}})),
]


def create_server() -> Server:
    server = Server("flows")

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [
            types.Tool(name=spec.name, description=spec.description or "", inputSchema=spec.parameters)
            {loop}
        ]

    return server
'''


def test_each_record_of_the_catalog_is_a_tool_placed_on_its_item(lint):
    found = lint({"server.py": CATALOG.replace("{loop}", "for _method, spec in CATALOG")},
                 select=["TL102", "TL207"])
    # "Check connectivity" and "Get a flow" are labels; flow_id has no description; each on its catalog line
    assert found == [("server.py", 20, "TL102"), ("server.py", 21, "TL102"), ("server.py", 21, "TL207")]


@pytest.mark.parametrize("loop", [
    "for _method, spec in CATALOG if spec.name != 'ping'",
    "for _method, spec in CATALOG + EXTRA",
    "for spec in CATALOG",  # a tuple bound whole: `spec.name` is no field of it
])
def test_a_comprehension_not_read_item_by_item_makes_no_tool(lint, loop):
    assert lint({"server.py": CATALOG.replace("{loop}", loop)}, select=["TL102", "TL207"]) == []


def test_an_or_default_after_a_constant():
    import libcst as cst

    from toollint.extract.evaluate import Evaluator
    from toollint.model import Span

    ev = Evaluator(lambda node: Span("t.py", 1, 1, 1, 1), {"EMPTY": cst.parse_expression('""')}, {}, {}, {},
                   lambda node: None)
    assert ev.eval(cst.parse_expression('"a" or "b"')).value == "a"
    assert ev.eval(cst.parse_expression('EMPTY or "b"')).value == "b"
    assert ev.eval(cst.parse_expression('unknown or "b"')).reason.startswith("an `or`")


REGISTRY = '''
from app.reasoning import ToolDef


def _td(name, desc, props=None, req=None):
    return ToolDef(name=name, description=desc, parameters={"type": "object", "properties": props or {},
                                                            "required": req or []})


TOOL_CATALOG = [
    ("ping", _td("ping", "Check connectivity")),
    ("get_flow", _td("get_flow", "Get a flow. Use this when the user names one; not for listing flows.",
                     {"flow_id": {"type": "string"}}, ["flow_id"])),
]
'''

SERVER = '''
from mcp import types
from mcp.server import Server

from app.registry import TOOL_CATALOG


def create_server():
    server = Server("flows")

    @server.list_tools()
    async def list_tools():
        return [types.Tool(name=td.name, description=td.description or "", inputSchema=td.parameters)
                {loop}]

    return server
'''


@pytest.mark.parametrize("loop, found", [
    # held-out round 76, M2: the catalog in another module, each tool on its item there
    ("for _method, td in TOOL_CATALOG", [("app/registry.py", 10, "TL102"), ("app/registry.py", 12, "TL207")]),
    ("for _method, td in TOOL_CATALOG if td.name != 'ping'", []),
    ("for td in TOOL_CATALOG", []),  # a tuple has no field `name`: no tool rather than a guess
])
def test_a_comprehension_over_another_modules_catalog(lint, loop, found):
    files = {"app/__init__.py": "", "app/reasoning.py": "class ToolDef:\n    pass\n",
             "app/registry.py": REGISTRY, "app/server.py": SERVER.replace("{loop}", loop)}
    assert lint(files, select=["TL102", "TL207"]) == found
