"""Register functions called through a module's table of them (`AVAILABLE_APPS[app](mcp)`,
held-out round 46, M4: nextcloud's 165 tools were 14 groups): each function of the table
may be the one given the server, so their tools are that server's, one group."""
from __future__ import annotations

import pytest

REGISTER = '''from mcp.server.fastmcp import FastMCP


def configure_{app}_tools(mcp: FastMCP) -> None:
    @mcp.tool()
    async def {app}_search(query: str) -> list:
        """Search the user's documents by keyword. Use this when the user looks for something they wrote."""
        return []
'''


def _files(app: str):
    return {"notes.py": REGISTER.format(app="notes"), "files.py": REGISTER.format(app="files"), "app.py": app}


HEAD = ("from mcp.server.fastmcp import FastMCP\nfrom notes import configure_notes_tools\n"
        "from files import configure_files_tools\n\n")


def test_a_table_of_register_functions_given_one_server_is_one_group(lint):
    app = HEAD + ('APPS = {"notes": configure_notes_tools, "files": configure_files_tools}\nmcp = FastMCP("x")\n'
                  "for name in APPS:\n    APPS[name](mcp)\n")
    assert sorted(code for _, _, code in lint(_files(app), select=["TL104", "TL107"])) == ["TL104", "TL104", "TL107"]


@pytest.mark.parametrize("table", [
    'APPS = {"notes": configure_notes_tools, "files": make_files()}',  # not every value a function name
    'APPS = {"notes": configure_notes_tools, "files": configure_files_tools}\nAPPS = {}',  # bound twice
])
def test_a_table_that_is_not_one_of_plain_functions_joins_nothing(lint, table):
    app = HEAD + table + '\nmcp = FastMCP("x")\nfor name in APPS:\n    APPS[name](mcp)\n'
    assert lint(_files(app), select=["TL104", "TL107"]) == []
