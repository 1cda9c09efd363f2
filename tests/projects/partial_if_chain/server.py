"""A browser MCP server: an if/elif chain whose branches call methods and build results."""
import json

from mcp import types
from mcp.server import Server

app = Server("browser")


def _tool(name, description, properties, required):
    return types.Tool(name=name, description=description,
                      inputSchema={"type": "object", "properties": properties, "required": required})


@app.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="navigate",
            description="Open a URL in the browser tab. Use this before reading or clicking; do not use it to search.",
            inputSchema={"type": "object", "properties": {"url": {"type": "string", "description": "Absolute URL."}},
                         "required": ["url"]},
        ),
        types.Tool(
            name="click",
            description="Click the element matching a CSS selector. Use this after navigate; do not use it to type.",
            inputSchema={"type": "object",
                         "properties": {"selector": {"type": "string", "description": "CSS selector."}},
                         "required": ["selector"]},
        ),
        types.Tool(
            name="read_page",
            description="Return the visible text of the page. Use this after navigate. Do not call this for images; use screenshot instead.",
            inputSchema={"type": "object", "properties": {}},
        ),
        types.Tool(
            name="screenshot",
            description="Capture the tab as a PNG. Use this when layout matters. Do not call this for text; use read_page instead.",
            inputSchema={"type": "object", "properties": {}},
        ),
        types.Tool(
            name="scroll",
            description="Scroll the page down by one screen. Use this when read_page says there is more; "
            "do not call this to open a page, use navigate instead.",
            inputSchema={"type": "object", "properties": {}},
        ),
    ]


class Browser:
    async def _navigate(self, args):
        return {"ok": True}

    async def _click(self, args):
        return {"ok": True}

    async def call(self, tool_name, args):
        if tool_name == "navigate":
            result = await self._navigate(args)
        elif tool_name == "click":
            result = await self._click(args)
        elif tool_name == "read_page":
            return [types.TextContent(type="text", text=json.dumps(await self.page.text()))]
        elif tool_name == "screenshot":
            return [types.ImageContent(type="image", data=await self.page.png(), mimeType="image/png")]
        else:
            raise ValueError(f"unknown tool {tool_name}")
        return [types.TextContent(type="text", text=json.dumps(result))]
