"""An MCP server that still answers to the old names of its tools."""
from mcp.server import Server
from mcp.types import TextContent, Tool

server = Server("compat")

TOOLS = [
    Tool(name="agent_chat", description="Chat with the agent. Use when the user asks a question; not for history "
         "(use conversation_get).", inputSchema={"type": "object", "properties": {}}),
    Tool(name="conversation_get", description="Get one conversation. Use when the user names a past chat; not for "
         "new questions (use agent_chat).", inputSchema={"type": "object", "properties": {}}),
    Tool(name="search_tools", description="Find a tool by keyword. Use when no listed tool fits; not for chat "
         "(use agent_chat).", inputSchema={"type": "object", "properties": {}}),
    Tool(name="run_python", description="Run a Python snippet in the sandbox. Use when the user asks to compute "
         "something; not for chat (use agent_chat).", inputSchema={"type": "object", "properties": {}}),
]


class CompatServer:
    async def call_tool(self, name: str, arguments: dict) -> list[TextContent]:
        if name == "agent_chat" or name == "chat":  # the old name still works
            return await self._chat(arguments)
        elif name == "conversation_get" or name == "get_conversation":
            return await self._get(arguments)
        elif name == "search_tools":
            return await self._chat(arguments)
        elif name == "run_python":
            return await self._get(arguments)
        raise ValueError(name)

    async def _chat(self, arguments: dict) -> list[TextContent]:
        return [TextContent(type="text", text="hi")]

    async def _get(self, arguments: dict) -> list[TextContent]:
        return [TextContent(type="text", text="conversation")]


@server.list_tools()
async def list_tools() -> list[Tool]:
    return TOOLS
