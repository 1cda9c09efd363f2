"""False-positive class of the fourth held-out round (issue 18): TL207 on a parameter the
tool description may document while toollint cannot read that description.

Shapes written here after a public database MCP server toollint was never tuned on (none
of it copied): fastmcp tools whose `description=` is an f-string ending in run-time
database facts, or the result of a helper that assembles it from the environment; the
description names the parameters ("containing the substring 'q'", "use the params
parameter"). Each quiet case sits next to one that still fires.
"""
from __future__ import annotations

from toollint.config.settings import Settings
from toollint.engine.core import run

RUNTIME_DESCRIPTIONS = '''
import os

from mcp.server.fastmcp import FastMCP

DB_INFO = os.environ.get("DB_INFO", "")
mcp = FastMCP("db")


def query_description():
    parts = ["Run a SQL query.", "Pass values in the params parameter, never in the SQL text."]
    return " ".join(parts + [DB_INFO])


@mcp.tool(description=f"List the tables whose name contains the substring 'q'. {DB_INFO}")
def find_tables(q: str) -> str:
    return q


@mcp.tool(description=query_description())
def run_query(sql: str, params: dict = {}) -> str:
    return sql
'''


def test_tl207_quiet_when_the_tool_description_cannot_be_read(lint):
    assert lint({"server.py": RUNTIME_DESCRIPTIONS}, select=["TL207"]) == []


def test_tl207_still_fires_when_the_same_description_is_a_literal_without_the_parameter(lint):
    src = RUNTIME_DESCRIPTIONS.replace("description=query_description()", 'description="Run a SQL query."')
    got = lint({"server.py": src}, select=["TL207"])
    assert [line for _, line, _ in got] == [20, 20]  # sql and params
    src = RUNTIME_DESCRIPTIONS.replace(
        "description=f\"List the tables whose name contains the substring 'q'. {DB_INFO}\"",
        'description="List the tables matching a filter."')
    assert lint({"server.py": src}, select=["TL207"]) == [("server.py", 15, "TL207")]


def test_tl207_a_hand_written_schema_is_judged_whatever_the_tool_description(lint):
    # a hand-written schema documents its properties in the schema (the sandbox's
    # `__import__('os').system(...)` description in tests/front is this shape): an unread
    # tool description exempts nothing there
    src = '''
import anthropic

SUMMARY = anthropic.describe_tools()

TOOLS = [
    {
        "name": "save_rows",
        "description": SUMMARY,
        "input_schema": {
            "type": "object",
            "properties": {
                "rows": {
                    "type": "array",
                    "items": {"type": "object", "properties": {"id": {"type": "string"}}},
                },
            },
        },
    },
]
'''
    assert lint({"tools.py": src}, select=["TL207"]) == [("tools.py", 12, "TL207"), ("tools.py", 14, "TL207")]


QUOTED = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("files")


@mcp.tool()
def find_tables(q: str) -> str:
    """List the tables whose name contains the substring 'q'. Call this before writing a query."""
    return q


@mcp.tool()
def open_file(path: str, mode: str = "r") -> str:
    """Open a file, either 'r' or 'w'. Call this when the user names a file."""
    return path
'''


def test_tl207_a_quoted_name_documents_the_parameter_a_quoted_value_does_not(lint, tmp_path):
    got = lint({"server.py": QUOTED}, select=["TL207"])
    assert got == [("server.py", 13, "TL207"), ("server.py", 13, "TL207")]
    root = tmp_path / "m"
    root.mkdir()
    (root / "server.py").write_text(QUOTED.lstrip("\n"))
    result = run([str(root)], Settings(root=str(root), select=("TL207",)), cache=False)
    assert sorted(f.message.split("'")[1] for f in result.findings) == ["mode", "path"]


CONDITIONAL = '''
import os

from mcp.server.fastmcp import FastMCP

VERBOSE = os.environ.get("VERBOSE") == "1"
LONG = "Rename a table. Call this when the user asks to rename. Args: old (str), new (str)."
SHORT = "Rename a table. Call this when the user asks to rename."

mcp = FastMCP("db")


@mcp.tool(description=LONG if VERBOSE else SHORT)
def rename_table(old: str, new: str) -> str:
    return new
'''


def test_tl207_a_conditional_description_documents_what_one_branch_documents(lint):
    assert lint({"server.py": CONDITIONAL}, select=["TL207"]) == []
    neither = CONDITIONAL.replace(" Args: old (str), new (str).", "")
    assert lint({"server.py": neither}, select=["TL207"]) == [("server.py", 13, "TL207"), ("server.py", 13, "TL207")]
