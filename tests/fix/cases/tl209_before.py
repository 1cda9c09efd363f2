from typing import Optional

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("shop")


@mcp.tool()
def search(query: str, since: Optional[str], *, color: str | None) -> list:
    """Search the catalogue.

    Use it when the user asks for a product.
    """
    return []
