"""Tools declared on a registration function's parameter whose annotation says nothing
(round 15, M1: `def register_tools(mcp_server: Any, container): @mcp_server.tool() def
configure(...)`, called as `register_tools(mcp, container)`): the server the callers hand
over decides the framework. A parameter no call hands a server keeps its tools unseen."""
from __future__ import annotations

import json

import pytest

from lintcase import parse_findings, toollint, write_tree

SERVER = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP(\"code\")\n"
REGISTER = '''
from typing import Any


def register_tools(mcp_server{annotation}, container) -> None:
    cache = container.cache

    @mcp_server.tool()
    def list_files(project: str, pattern: str = "*") -> list:
        """List the files of a project. Use this when the user asks what a project holds."""
        return cache.files(project, pattern)
'''


def dumped(tmp_path, files):
    write_tree(tmp_path, files)
    result = toollint("dump", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return [t["name"] for t in json.loads(result.stdout)]


@pytest.mark.parametrize("annotation", ["", ": Any", ": object"])
def test_a_server_handed_in_the_same_module(tmp_path, annotation):
    source = SERVER + REGISTER.format(annotation=annotation) + "\n\nregister_tools(mcp, container=None)\n"
    assert dumped(tmp_path, {"server.py": source}) == ["list_files"]


def test_a_server_handed_from_another_module_with_a_local_import(tmp_path):
    files = {"app/__init__.py": "", "app/tools/__init__.py": "",
             "app/tools/registration.py": REGISTER.format(annotation=": Any"),
             "app/server.py": SERVER + '''

def main() -> None:
    from .tools.registration import register_tools

    register_tools(mcp, make_container())
    mcp.run()
'''}
    assert dumped(tmp_path, files) == ["list_files"]
    # judged as the server's tool: its parameters, undocumented, reach the schema rules
    result = toollint("check", "--select", "TL1,TL2", ".", cwd=tmp_path)
    found = [(path, code, message.split("'")[1]) for path, _, _, code, message in parse_findings(result.stdout)]
    assert found == [("app/tools/registration.py", "TL207", "project"),
                     ("app/tools/registration.py", "TL207", "pattern")], result.stdout
    assert "1 tool in 1 group" in result.stderr


@pytest.mark.parametrize("call", [
    "register_tools(MagicMock(), container=None)",  # a test double
    "register_tools(app, container=None)",  # some other object
    "register_tools(settings.server, container=None)",  # an attribute: not read
    "",  # never called
])
def test_no_server_handed_keeps_the_tools_unseen(tmp_path, call):
    source = ("from unittest.mock import MagicMock\nfrom flask import Flask\n\napp = Flask(__name__)\n"
              + REGISTER.format(annotation=": Any") + "\n\n" + call + "\n")
    assert dumped(tmp_path, {"server.py": source}) == []


def test_a_server_handed_to_another_parameter_is_not_this_one(tmp_path):
    source = SERVER + REGISTER.format(annotation="") + "\n\nregister_tools(object(), mcp)\n"
    assert dumped(tmp_path, {"server.py": source}) == []


def test_an_annotated_other_class_is_not_guessed(tmp_path):
    source = SERVER + REGISTER.format(annotation=": Router") + "\n\nregister_tools(mcp, None)\n"
    assert dumped(tmp_path, {"server.py": "class Router:\n    pass\n\n" + source}) == []
