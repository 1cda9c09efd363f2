"""Shapes from held-out rounds 15 and 16 (issue 18), written here: a description that
documents a parameter inline ("month: first day of the month ...") or names several as
parameters ("using the query and num parameters") documents them (TL207)."""
from __future__ import annotations

import pytest

_TOOL = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("budget")


@mcp.tool(description="{doc}")
def spending(month: str, limit: int = 10) -> dict:
    return {{}}
'''


@pytest.mark.parametrize("doc", [
    "Total the spending of one month. month: first day of the month as an ISO date. limit: how many rows to return.",
    "Total the spending of one month using the month and limit parameters.",
    "Total the spending of one month (month: first day of the month, e.g. 2025-03-01; limit: rows to return).",
])
def test_parameters_documented_in_the_prose_are_not_reported(lint, doc):
    assert lint({"server.py": _TOOL.format(doc=doc)}, select=["TL207"]) == []


@pytest.mark.parametrize("doc", [
    "Total the spending of one month. month: str, limit: int",  # a signature names, it does not document
    "Total the spending of one month and cap the rows.",
    "Total the spending of one month: first day of the month.",  # the word, not the parameter
])
def test_parameters_the_prose_does_not_document_are_reported(lint, doc):
    assert lint({"server.py": _TOOL.format(doc=doc)}, select=["TL207"]) == [("server.py", 7, "TL207")] * 2
