"""Issue 18's corpus: scenario trees in tests/projects/ in the shapes of real agent code
(dispatch chains read in part, names sent on to another dispatcher, tool-call records,
assertions, factories, a project's own register_tool, handlers in a third module, tools
sent alone; from the held-out round, heldout_shapes: test files and fixtures, a one-line
Args list, a parameter the prose names, the event a call waits for, one agent handed
off to by two; from the fourth round, heldout4_shapes: descriptions toollint cannot read;
from round 30, project_register_wraps: a decorator given properties and required, whose
body adds the object wrapper).
Each folder with an expected_all.txt is checked with every default rule:
any finding not in that reviewed list fails, as does any listed one that goes missing.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import run

PROJECTS = Path(__file__).resolve().parents[1] / "projects"
CORPUS = sorted(p.name for p in PROJECTS.iterdir() if (p / "expected_all.txt").exists())


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_project(name, monkeypatch):
    root = PROJECTS / name
    monkeypatch.chdir(root)
    result = run(["."], Settings(root="."), cache=False)
    got = [f"{f.span.path.replace(os.sep, '/')}:{f.span.line}:{f.span.col}: {f.code} {f.message}"
           for f in result.findings]
    expected = [line for line in (root / "expected_all.txt").read_text().splitlines() if line.strip()]
    assert got == expected


def test_corpus_is_not_empty():
    assert len(CORPUS) >= 6


TEST_FILE = '''
from fastmcp import FastMCP


def _owner() -> FastMCP:
    owner = FastMCP("owner")

    @owner.tool(annotations={"readOnlyHint": True})
    async def scrape(url: str) -> str:
        return url

    return owner


served = FastMCP("served")


@served.tool
def fetch(url: str) -> str:
    return url
'''


@pytest.mark.parametrize("name,quiet", [("test_daemon.py", True), ("conftest.py", True), ("daemon_test.py", True),
                                        ("daemon.py", False)])
def test_a_server_built_inside_a_function_of_a_test_file_is_a_test_double(lint, name, quiet):
    # linkedin-mcp-server's shape: a helper in a test module builds the server its tests call
    got = {(line, code) for _, line, code in lint({name: TEST_FILE}, select=["TL101"])}
    assert (8, "TL101") not in got if quiet else (8, "TL101") in got
    # held-out (smolagents' tests/test_tool_validation.py, mem0's tests/llms): the module-level
    # tools of a test file are the tests' inputs too
    assert ((18, "TL101") in got) is not quiet


def test_factories_and_converters_make_no_tool_of_their_own(monkeypatch):
    # their tools are their callers': the dump and the summary's count have none but the
    # one a class builds from `self.name` (a tool class's own name, for all toollint knows)
    monkeypatch.chdir(PROJECTS / "tool_factory")
    assert run(["."], Settings(root="."), cache=False).tools == 1


ABI = '''
ERC20_ABI = [
    {"constant": True, "inputs": [{"name": "_owner", "type": "address"}], "name": "balanceOf",
     "outputs": [{"name": "balance", "type": "uint256"}], "type": "function"},
    {"constant": True, "inputs": [], "name": "decimals", "outputs": [{"name": "", "type": "uint8"}],
     "type": "function"},
]


def erc20_balance_tool(token, owner):
    """Return an ERC20 balance. Use this when the user asks how many tokens a wallet holds."""
    return ERC20_ABI, token, owner
'''


def test_a_solidity_abi_is_no_tool_list(tmp_path):
    # held-out round 36, G: {"name", "inputs", "outputs", "type": "function"} entries
    (tmp_path / "chain.py").write_text(ABI)
    assert run([str(tmp_path)], Settings(root=str(tmp_path)), cache=False).tools == 0
    # the Responses API's own shape next to it still is a tool
    (tmp_path / "tools.py").write_text('TOOLS = [{"type": "function", "name": "get_balance", "description": "d",'
                                       ' "parameters": {"type": "object", "properties": {}}}]\n')
    assert run([str(tmp_path)], Settings(root=str(tmp_path)), cache=False).tools == 1


CHANGED_LATER = '''
import openai
from pydantic import BaseModel


class Get_slots(BaseModel):
    start_time: str


tools = []
tools.append(openai.pydantic_function_tool(Get_slots))
tools[0]["function"]["description"] = "List free slots. Use this when the user wants to book."
tools[0]["function"]["parameters"]["properties"]["start_time"]["description"] = "Start, e.g. 2024-05-01T09:00Z"

openai.OpenAI().chat.completions.create(model="m", messages=[], tools=tools)
'''


def test_a_list_whose_items_are_changed_later_is_not_judged(tmp_path):
    # held-out round 36, F: the descriptions are set by subscript after the list is made
    (tmp_path / "app.py").write_text(CHANGED_LATER)
    found = run([str(tmp_path)], Settings(root=str(tmp_path), select=("TL101", "TL207")), cache=False).findings
    assert found == []
    # a function changing a local of the same name leaves the module's list as it was
    local = CHANGED_LATER.replace('tools[0]["function"]', 'def f(tools):\n    tools[0]["function"]', 1)
    local = local.replace('\ntools[0]["function"]["parameters"]', '\n    tools[0]["function"]["parameters"]')
    (tmp_path / "app.py").write_text(local)
    found = run([str(tmp_path)], Settings(root=str(tmp_path), select=("TL101",)), cache=False).findings
    assert [f.code for f in found] == ["TL101"]
