"""An MCP call_tool that answers one tool itself and forwards the rest."""
from mcp.server import Server
from mcp.types import TextContent, Tool

from .handlers import handle_tool

server = Server("notes")


@server.list_tools()
async def list_tools():
    return [
        Tool(name="ping", description="Check the server is up. Call this first; do not call it for data, use list_notes instead.",
             inputSchema={"type": "object", "properties": {}}),
        Tool(name="add_note", description="Store a note. Call this to remember text; do not call it to read notes.",
             inputSchema={"type": "object", "properties": {"text": {"type": "string", "description": "Text."}},
                          "required": ["text"]}),
        Tool(name="list_notes", description="List stored notes. Call this to read notes; do not call it to add one, use add_note instead.",
             inputSchema={"type": "object", "properties": {}}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict):
    if name == "ping":
        return [TextContent(type="text", text="pong")]
    return await handle_tool(name, arguments)
