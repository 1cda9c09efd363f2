"""fastmcp's LocalProvider: tools declared on a provider the server adds (fastmcp 3+)."""
from fastmcp import FastMCP
from fastmcp.server.providers import LocalProvider

parts = LocalProvider()


@parts.tool(tags={"parts"}, annotations={"readOnlyHint": True})
def get_part(part_id: str, limit: int = 3) -> dict:
    """Get one part of the model. Use this when the user names a part.

    Args:
        part_id: The part's id, such as 'P-12'.
    """
    return {}


@parts.tool
def delete_part(part_id: str) -> str:
    return ""


@parts.tool("rename-part", description="Rename a part. Use this when the user asks to rename one.")
def rename(part_id: str, new_name: str) -> str:
    return new_name


mcp = FastMCP("cad")
mcp.add_provider(parts)
