"""An MCP server in the shapes of public ones: descriptions with capital section
headings, parameter descriptions built by a helper, sibling pointers."""
from typing import Annotated

from fastmcp import FastMCP
from pydantic import Field

from app.text import folder_help

mcp = FastMCP("boards")


@mcp.tool
def create_flow(
    name: Annotated[str, Field(description="Name of the new flow, e.g. 'Nightly load'.")],
    folder: Annotated[str, Field(description=folder_help("flow", "flows"))] = "",
    limit: int = Field(10, description=f"How many steps to keep, at most {50}."),
) -> str:
    """Creates a flow from the given name and folder.

    USAGE:
    - Use when the user asks for a new flow.

    WHEN NOT TO USE:
    - To change a flow, use update_flow (see WHEN NOT TO USE).
    """
    return name


@mcp.tool
def update_flow(flow_id: Annotated[str, Field(description="Flow id as returned by create_flow, e.g. 'fl-104'.")]) -> str:
    """Updates a flow's steps. Use when a flow exists already; for a new one use create_flow instead."""
    return flow_id


@mcp.tool
def create_page(title: Annotated[str, Field(description="Title of the page.")]) -> str:
    """Create an empty page. Use write_page_file with the page path to add its content."""
    return title


@mcp.tool
def write_page_file(path: Annotated[str, Field(description="Path of the page file, e.g. 'notes/intro.md'.")]) -> str:
    """Write the text of a page. Call this when a page's content changes; not for new pages (use create_page)."""
    return path


@mcp.tool
def get_board_overview(board_id: Annotated[str, Field(description="Board id, e.g. 'b-12'.")]) -> str:
    """Get a compact snapshot of a board for status questions. It omits the access lists
    that get_board exposes. Reach for get_board when you need those."""
    return board_id


@mcp.tool
def get_board(board_id: Annotated[str, Field(description="Board id, e.g. 'b-12'.")]) -> str:
    """Get one board with its access lists. Use when you need who may see it; for the cards, use get_board_overview."""
    return board_id


@mcp.tool
def delete_board(board_id: Annotated[str, Field(description="Board id, e.g. 'b-12'.")]) -> str:
    """Delete a board.

    IMPORTANT:
    the board cannot be restored. Do not call this to archive one.
    """
    return board_id
