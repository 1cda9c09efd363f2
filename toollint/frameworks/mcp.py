"""The MCP SDK's FastMCP / MCPServer: `@mcp.tool()`, `mcp.add_tool(fn)`.

It sends `fn.__doc__` untouched (indentation, Args block and all); on Python 3.13+ the
compiler dedents `__doc__`, so there the indentation differs: we send the literal's
value, what Python < 3.13 sends. An unannotated parameter is a string, and a function
without a docstring has the description "". A bare `@mcp.tool` raises TypeError.
"""
from __future__ import annotations

from typing import Optional, Tuple

from toollint.frameworks.base import Framework
from toollint.frameworks.servers import MCP_CLASSES
from toollint.model import Str


class MCP(Framework):
    name = "mcp"
    classes = MCP_CLASSES
    methods = frozenset({"tool"})
    # `class AppFastMCP(FastMCP)` overriding nothing of `tool`: its instances declare tools alike
    # (recorded, *_subclass.json; held-out round 46, M2)
    subclassed = True
    adders = {"add_tool": ("fn", "name", "title", "description")}
    unannotated = "string"
    # `@mcp.tool("fetch_all_orders")`: tool(name=None, title=None, ...) takes the name first
    # (mcp 1.30.0, recorded; held-out round 86, M5: messages named the def instead)
    positional_name = True
    opaque_named = True

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], dict]:
        return raw, {}

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        return super().fallback_description(node, sig, name, text, ctx) or Str("", sig.span)
