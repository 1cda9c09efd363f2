"""A function made at run time, handed to a call that names and describes the tool itself
(held-out round 115, M2: `mcp_app.tool(name="restart_host", description="...")(
instrumented(_restart, RestartArgs))`, 28 tools unseen): the tool is the call's name and
description, its schema unknown (Framework.opaque_tool)."""
from __future__ import annotations

import pytest

from frameworkcase import extract
from toollint.model import Unresolved

SOURCE = '''
from mcp.server.fastmcp import FastMCP

from .instrument import instrumented


def register(mcp_app: FastMCP) -> None:
    async def _restart(**kwargs):
        return "ok"

    mcp_app.tool(CALL)(instrumented(_restart, RestartArgs))
'''


def test_the_calls_name_and_description_make_the_tool():
    tool, = extract(SOURCE.replace("CALL", 'name="restart_host", description="Restart a host. Use this when it hangs."'))
    assert (tool.name.value, tool.description.value) == ("restart_host", "Restart a host. Use this when it hangs.")
    assert isinstance(tool.schema, Unresolved)


@pytest.mark.parametrize("call", ['description="Restart a host."', 'name="restart_host"', 'name=NAMES[0], description="x"'])
def test_without_a_literal_name_and_a_description_it_stays_unseen(call):
    assert extract(SOURCE.replace("CALL", call)) == []


def test_lint_judges_the_description(lint):
    files = {"server.py": SOURCE.replace("CALL", 'name="restart_host", description="Restart host."')
             .replace("from .instrument", "from instrument"), "instrument.py": "def instrumented(f, m):\n    return f\n"}
    assert lint(files, select=["TL102", "TL207"]) == [("server.py", 10, "TL102")]
