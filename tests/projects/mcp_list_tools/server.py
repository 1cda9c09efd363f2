"""A low-level MCP server: Tool(...) objects built in list_tools, dispatch in call_tool."""
import mcp.types as types
from mcp.server import Server

app = Server("files")


def read_file(path: str, encoding: str = "utf-8") -> str:
    return open(path, encoding=encoding).read()


def list_dir(path: str, pattern: str) -> list:
    return []


@app.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="read_file",
            description="Read a text file. Call this when the user asks what a file says; "
            "do not call it for folders, use list_dir instead.",
            inputSchema={
                "type": "object",
                "properties": {"path": {"type": "string", "description": "Path relative to the root."}},
                "required": ["path"],
            },
        ),
        types.Tool(
            name="list_dir",
            description="List a folder's entries. Call this when the user asks what a folder holds; "
            "do not call it for files, use read_file instead.",
            inputSchema={
                "type": "object",
                "properties": {"path": {"type": "string", "description": "Folder path."}},
                "required": ["path"],
            },
        ),
    ]


@app.call_tool()
async def call_tool(name: str, arguments: dict):
    if name == "read_file":
        return read_file(**arguments)
    elif name == "list_dir":
        return list_dir(**arguments)
    raise ValueError(name)
