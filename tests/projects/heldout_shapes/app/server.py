"""A document server in the shape of a public Word MCP server and a Blender one."""
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("documents")


@mcp.tool()
def insert_note_near_text(filename: str, target_text: str = None, note_text: str = None,
                          position: str = "after", note_style: str = None):
    """Insert a note before or after the paragraph holding the target text. Specify by text. Args: filename (str), target_text (str, optional), note_text (str), position ('before' or 'after')."""
    return ""


@mcp.tool()
def replace_between_anchors(filename: str, start_anchor: str, end_anchor: str = None, style: str = None):
    """Replace all content between start_anchor and end_anchor (or the next heading if not given)."""
    return ""


@mcp.tool()
def import_rendered_scene(name: str, job_id: str):
    """Import the scene rendered by the farm after the render job is completed.

    Parameters:
    - name: The name the object gets in the scene
    - job_id: The job id the render step returned
    """
    return ""


@mcp.tool()
def reindex_documents(folder: str):
    """Rebuild the search index of a folder. Returns the count when the index is rebuilt."""
    return ""
