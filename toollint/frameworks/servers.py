"""The server classes of the MCP SDK and of fastmcp, as plain data: the frameworks declare
them (frameworks/mcp.py, frameworks/fastmcp.py) and linking follows a project module's
re-export of one (link/graph.py) without loading libcst."""
from __future__ import annotations

MCP_CLASSES = ("mcp.server.fastmcp.FastMCP", "mcp.server.fastmcp.server.FastMCP", "mcp.server.FastMCP",
               "mcp.server.mcpserver.MCPServer", "mcp.server.mcpserver.server.MCPServer", "mcp.server.MCPServer")
FASTMCP_CLASSES = ("fastmcp.FastMCP", "fastmcp.server.FastMCP", "fastmcp.server.server.FastMCP")
SERVER_CLASSES = {**{q: "mcp" for q in MCP_CLASSES}, **{q: "fastmcp" for q in FASTMCP_CLASSES}}
