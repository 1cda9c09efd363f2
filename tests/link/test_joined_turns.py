"""A low-level server's list_tools handler that returns the lists it joins (held-out round
121, M1: `return core_tools + profile_tools + ...`, 29 tools, TL307 counting the largest
literal list only): the returned list is the turn (toollint.extract.joined)."""
from __future__ import annotations

import pytest


def _tool(name: str) -> str:
    return (f'Tool(name="{name}", description="Return the {name} record. Use this when asked about {name}; '
            'not for other records.", inputSchema={"type": "object", "properties": {}})')


SOURCE = '''
from mcp.server import Server
from mcp.types import Tool

app = Server("many")


def get_extra_tools() -> list[Tool]:
    return [EXTRA]


@app.list_tools()
async def list_tools() -> list[Tool]:
    core_tools = [CORE]
    extra_tools = get_extra_tools()
    RETURN
'''


def _source(ret: str, core: int = 12, extra: int = 10) -> str:
    return (SOURCE.replace("EXTRA", ", ".join(_tool(f"extra_{i}") for i in range(extra)))
            .replace("CORE", ", ".join(_tool(f"core_{i}") for i in range(core))).replace("RETURN", ret))


def test_the_joined_lists_are_one_turn(lint):
    assert [code for _, _, code in lint({"server.py": _source("return core_tools + extra_tools")},
                                        select=["TL307"])] == ["TL307"]


@pytest.mark.parametrize("ret", [
    "return core_tools",  # 12: under the limit
    "core_tools.append(None)\n    return core_tools + extra_tools",  # changed: what it holds is not read
])
def test_a_turn_under_the_limit_or_not_read_stays_quiet(lint, ret):
    assert lint({"server.py": _source(ret)}, select=["TL307"]) == []
