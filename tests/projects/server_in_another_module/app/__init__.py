from .server import mcp as mcp
