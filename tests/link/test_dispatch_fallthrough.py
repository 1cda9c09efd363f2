"""A name dispatch whose function ends by doing the work of every other name with the
arguments handles those names too (held-out round 106, C: 2 wrong TL303); one that ends by
answering "unknown tool" still leaves them without a handler."""
from __future__ import annotations

MANAGER = '''
import json
from typing import Any

from mcp.types import Tool


class SchemaToolsManager:
    async def list_tools(self) -> list[Tool]:
        return [
            Tool(name="schema_guard", description="Check the input schema. Use this when a client sends input.",
                 inputSchema={"type": "object"}),
            Tool(name="bad_output", description="Send an output of the wrong type. Use this to test checks.",
                 inputSchema={"type": "object"}),
            Tool(name="echo", description="Echo a value back. Use this to check the server recovers.",
                 inputSchema={"type": "object", "properties": {"value": {"type": "string"}}}),
        ]

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> str:
        if name == "schema_guard":
            return json.dumps({"accepted": True})
        if name == "bad_output":
            return json.dumps({"accepted": "no"})
        LAST
'''


def test_the_last_statement_does_the_other_names(lint):
    source = MANAGER.replace("LAST", 'return json.dumps({"value": arguments["value"]})')
    assert lint({"server.py": source}, select=["TL303"]) == []


def test_an_unknown_tool_reply_leaves_them_unhandled(lint):
    source = MANAGER.replace("LAST", 'return json.dumps({"error": f"Unknown tool: {name}"})')
    assert [code for _, _, code in lint({"server.py": source}, select=["TL303"])] == ["TL303"]
    raising = MANAGER.replace("LAST", 'raise ValueError(arguments["value"])')
    assert [code for _, _, code in lint({"server.py": raising}, select=["TL303"])] == ["TL303"]
