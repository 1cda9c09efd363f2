from mcp.server.fastmcp import FastMCP

from app.definitions import SEARCH
from app.handlers import lookup

TOOLS = [SEARCH, {"name": "search", "description": "", "input_schema": {"type": "object"}}]

mcp = FastMCP("shop")
mcp.add_tool(lookup)
