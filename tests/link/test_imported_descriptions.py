"""A framework tool described by another module's constant (held-out round 119, M3:
`ToolMetadata(description=CATALOG_TEXT)` of `from .texts import CATALOG_TEXT`; fastmcp's
`@mcp.tool(description=SEARCH)`): linking reads the text there, and the findings on it point
at the constant, where it is fixed (toollint.link.imported_names)."""
from __future__ import annotations

import pytest

SERVER = '''
from mcp.server.fastmcp import FastMCP
IMPORT

mcp = FastMCP("shop")


@mcp.tool(description=DESCRIPTION)
def search(query: str) -> str:
    return query
'''


@pytest.mark.parametrize("importing, written", [
    ("from texts import SEARCH", "SEARCH"),
    ("import texts", "texts.SEARCH"),
])
def test_the_constants_text_is_judged_where_it_is_written(lint, importing, written):
    files = {"texts.py": 'SEARCH = "Search."\n',
             "server.py": SERVER.replace("IMPORT", importing).replace("DESCRIPTION", written)}
    assert lint(files, select=["TL102"]) == [("texts.py", 1, "TL102")]


def test_a_good_constant_is_quiet_and_one_not_read_says_nothing(lint):
    good = 'SEARCH = "Search the catalogue by words. Use this when the user names no product id; not for ids."\n'
    files = {"texts.py": good, "server.py": SERVER.replace("IMPORT", "from texts import SEARCH")
             .replace("DESCRIPTION", "SEARCH")}
    assert lint(files, select=["TL102", "TL103"]) == []
    files["texts.py"] = "SEARCH = load_text('search')\n"
    assert lint(files, select=["TL101", "TL102", "TL103"]) == []
