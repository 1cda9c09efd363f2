"""fastmcp describes a parameter by `Annotated[T, "text"]` (recorded: fastmcp_annotated.json);
a text toollint cannot read (`Annotated[str, helper()]`) is a description it says nothing
about, and the mcp SDK's own FastMCP, which drops the string, is judged as before."""
from __future__ import annotations

SOURCE = '''
from typing import Annotated

from {module} import FastMCP

mcp = FastMCP("calendar")


def calendar_help():
    return "The calendar id"


@mcp.tool()
def list_events(calendar_id: Annotated[str, calendar_help()], days: Annotated[int, "How many days ahead"] = 7) -> str:
    """List the events of a calendar. Use this when the user asks what is coming up."""
    return calendar_id
'''


def test_fastmcp_reads_annotated_text_and_leaves_an_unreadable_one_alone(lint):
    assert lint({"server.py": SOURCE.format(module="fastmcp")}, select=["TL207"]) == []


def test_the_mcp_sdks_fastmcp_drops_the_text(lint):
    found = lint({"server.py": SOURCE.format(module="mcp.server.fastmcp")}, select=["TL207"])
    assert [code for _, _, code in found] == ["TL207", "TL207"]
