"""A low-level MCP server that forwards every call to a daemon."""
from mcp.server import Server
from mcp.types import TextContent, Tool

server = Server("legacy")

TOOLS = [
    Tool(name="chat", description="Chat with the model. Use when the user asks a question; not for files (use upload).",
         inputSchema={"type": "object", "properties": {"prompt": {"type": "string", "description": "What to ask."}}}),
    Tool(name="status", description="Report the server status. Use when a call failed; not for model questions (use chat).",
         inputSchema={"type": "object", "properties": {}}),
]


async def _call_daemon(name: str, arguments: dict) -> list[TextContent]:
    return [TextContent(type="text", text=name)]


@server.list_tools()
async def list_tools() -> list[Tool]:
    return TOOLS


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    return await _call_daemon(name, arguments)
