# `Annotated[T, "text"]` describes a parameter in fastmcp (2.11 and later), unlike the mcp
# SDK's own FastMCP (held-out round 42); see ../record.py.
from typing import Annotated

from fastmcp import FastMCP

mcp = FastMCP("calendar")


@mcp.tool
def list_events(
    calendar_id: Annotated[str, "The calendar id, e.g. 'primary'"],
    days: Annotated[int, "How many days ahead, 1 to 30"] = 7,
) -> str:
    """List the events of a calendar. Use this when the user asks what is coming up."""
    return calendar_id
