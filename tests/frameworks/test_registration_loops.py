"""Functions registered in a loop (round 15, M3): `for fn in [list_regions, get_user]:
mcp.tool()(fn)`. Each function the list holds is a tool; a list not read whole (a `*rest`,
records a filter picks from) or a variable the body rebinds makes none."""
from __future__ import annotations

import pytest

from frameworkcase import extract

HEAD = '''from mcp.server.fastmcp import FastMCP

mcp = FastMCP("cloud")


def list_regions() -> list:
    """List the cloud regions. Use this when the user asks where a workspace can run."""
    return []


def get_user() -> dict:
    """Return the signed-in user. Use this when the user asks who they are logged in as."""
    return {}

'''


def names(loop: str):
    return [t.name.value for t in extract(HEAD + loop)]


@pytest.mark.parametrize("loop", [
    "for fn in [list_regions, get_user]:\n    mcp.tool()(fn)\n",
    "for fn in (list_regions, get_user):\n    mcp.add_tool(fn)\n",
    "TOOLS = [list_regions, get_user]\n\nfor fn in TOOLS:\n    mcp.tool()(fn)\n",
    "def register():\n    tools = [list_regions]\n    tools.append(get_user)\n    for fn in tools:\n"
    "        mcp.tool()(fn)\n",
])
def test_each_function_of_the_list_is_a_tool(loop):
    assert names(loop) == ["list_regions", "get_user"]


def test_each_tool_is_placed_on_its_item():
    tools = extract(HEAD + "for fn in [\n    list_regions,\n    get_user,\n]:\n    mcp.tool()(fn)\n")
    assert [t.span.line for t in tools] == [16, 17]  # the lines of the two items


@pytest.mark.parametrize("loop", [
    "for fn in [*EXTRA, list_regions]:\n    mcp.tool()(fn)\n",
    "for entry in [{'func': list_regions}]:\n    mcp.tool()(entry)\n",
    "for fn in [list_regions, get_user]:\n    fn = traced(fn)\n    mcp.tool()(fn)\n",
    "for fn in load_tools():\n    mcp.tool()(fn)\n",
    "for fn in [list_regions, get_user]:\n    other.tool()(fn)\n",
])
def test_a_list_not_read_whole_makes_no_tool(loop):
    assert names(loop) == []


# held-out round 73, M3: a registry function returns the list (extract/returned.py)
@pytest.mark.parametrize("defs", [
    "def all_tools():\n    return [list_regions, get_user]\n",
    "def all_tools() -> list:\n    \"\"\"Every tool.\"\"\"\n    tools = [\n        list_regions,\n    ]\n"
    "    tools.append(get_user)\n    return tools\n",
    "def all_tools():\n    return (list_regions, get_user)\n",
])
def test_each_function_of_a_returned_list_is_a_tool(defs):
    assert names(defs + "\n\nfor fn in all_tools():\n    mcp.add_tool(fn)\n") == ["list_regions", "get_user"]


@pytest.mark.parametrize("defs", [
    "def all_tools():\n    tools = [list_regions, get_user]\n    for fn in tools:\n        check(fn)\n    return tools\n",
    "def all_tools():\n    tools = [list_regions, get_user]\n    if FEATURE:\n        tools.remove(get_user)\n    return tools\n",
    "def all_tools(extra):\n    return [list_regions, extra]\n",
    "def all_tools():\n    if DEBUG:\n        return [list_regions]\n    return [list_regions, get_user]\n",
    "@cache\ndef all_tools():\n    return [list_regions, get_user]\n",
    "def all_tools():\n    return [*BASE, get_user]\n",
    "def all_tools():\n    return [make(list_regions)]\n",
])
def test_a_returned_list_not_read_whole_makes_no_tool(defs):
    assert names(defs + "\n\nfor fn in all_tools():\n    mcp.add_tool(fn)\n") == []


def test_a_list_grown_under_a_flag_offers_what_it_may_append():
    defs = ("def all_tools():\n    tools = [list_regions]\n    if FEATURE:\n        tools.append(get_user)\n"
            "    return tools\n")
    assert names(defs + "\n\nfor fn in all_tools():\n    mcp.add_tool(fn)\n") == ["list_regions", "get_user"]


def test_a_local_list_of_plain_names_survives_narrowing():
    # no needle in the body (`fns`, not `tools`): the list assignment alone keeps it
    from toollint.front.narrow import reduce_source
    from toollint.front.prefilter import needles
    from toollint.config.settings import Settings

    src = HEAD + "def every_fn():\n    fns = [list_regions]\n    fns.append(get_user)\n    return fns\n"
    assert "fns.append(get_user)" in (reduce_source(src, needles(Settings())) or src)
    assert names(src + "\n\nfor fn in every_fn():\n    mcp.add_tool(fn)\n") == ["list_regions", "get_user"]
