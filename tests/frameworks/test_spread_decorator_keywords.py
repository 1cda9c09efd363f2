"""`@mcp.tool(**metadata)`: the spread may give the name's description, so a def without a
docstring has an unknown description, not an empty one (held-out round 73, E: TL101)."""
from __future__ import annotations

import pytest

SERVER = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("s")


def register(meta):
    @mcp.tool({args})
    def prepare(job: str) -> str:
        return job
'''


@pytest.mark.parametrize("args, found", [
    ("**meta", []),
    ('description="Prepare a job.", **meta', [("s.py", 7, "TL102")]),  # given: judged
    ("", [("s.py", 8, "TL101")]),  # no docstring, nothing spread: the SDK sends ""
])
def test_a_spread_into_the_decorator_leaves_the_description_unknown(lint, args, found):
    assert lint({"s.py": SERVER.format(args=args)}, select=["TL101", "TL102"]) == found


LOCAL = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("s")


def register():
    meta = {{"name": "prepare", "description": "Prepare a job."}}
    {change}

    @mcp.tool(**meta)
    def prepare(job: str) -> str:
        return job
'''


@pytest.mark.parametrize("change, found", [
    ("pass", [("s.py", 7, "TL102")]),  # the local dict's description, judged where it is written
    ('meta["description"] = describe()', []),  # changed after: unknown
    ("meta = load()", []),  # bound twice: unknown
])
def test_a_local_dict_spread_into_the_decorator_gives_its_description(lint, change, found):
    assert lint({"s.py": LOCAL.format(change=change)}, select=["TL101", "TL102"]) == found
