"""Descriptions in other languages under configured phrases (TL103/TL104), and the target TL301
infers for decorated tools (MCP's pattern for an MCP server's tools)."""
from __future__ import annotations

import textwrap


# --- descriptions in other languages (TL103, TL104) -----------------------------------------

SPANISH = '''
TOOLS = [
    {{
        "name": "buscar_pedidos",
        "description": "{first}",
        "input_schema": {{"type": "object", "properties": {{"texto": {{"type": "string", "description": "Palabras."}}}}}},
    }},
    {{
        "name": "cancelar_pedido",
        "description": "Cancela un pedido que aún no se ha enviado. Úsalo cuando el cliente lo pida. No lo uses para reembolsos.",
        "input_schema": {{"type": "object", "properties": {{"id": {{"type": "string", "description": "Por ejemplo P-1."}}}}}},
    }},
]
'''
WITHOUT = "Busca los pedidos del cliente por texto libre y devuelve los diez mejores con su estado."
WITH = "Busca los pedidos del cliente por texto libre. Úsalo cuando el cliente no sabe el número de pedido."


def test_spanish_descriptions_quiet_by_default(lint):
    src = SPANISH.format(first=WITHOUT)
    assert lint({"tools.py": src}, select=["TL102", "TL103", "TL104"]) == []


def test_spanish_descriptions_judged_with_configured_trigger_phrases(lint):
    phrases = ["[Úu]sa(lo|r) cuando"]
    assert lint({"tools.py": SPANISH.format(first=WITHOUT)}, select=["TL103"], trigger_phrases=phrases) == [
        ("tools.py", 4, "TL103")]
    assert lint({"tools.py": SPANISH.format(first=WITH)}, select=["TL103"], trigger_phrases=phrases) == []
    # TL102 stays English-only, and TL104 needs its own phrases
    assert lint({"tools.py": SPANISH.format(first=WITHOUT)}, select=["TL102", "TL104"], trigger_phrases=phrases) == []


def test_spanish_descriptions_judged_with_configured_exclusion_phrases(lint):
    phrases = [r"\bno (lo )?uses?\b"]
    assert lint({"tools.py": SPANISH.format(first=WITH)}, select=["TL104"], exclusion_phrases=phrases) == [
        ("tools.py", 4, "TL104")]
    excluded = WITH + " No lo uses para cancelar."
    assert lint({"tools.py": SPANISH.format(first=excluded)}, select=["TL104"], exclusion_phrases=phrases) == []


# --- TL301 target inference ----------------------------------------------------------------

DOTTED = '''
{imports}


{decorator}
def search_orders(query: str) -> list:
    """Search orders by free text. Use this when the customer cannot name the order."""
    return []
'''


def _decorator_line(src: str, decorator: str) -> int:
    return textwrap.dedent(src).lstrip("\n").splitlines().index(decorator) + 1


def test_tl301_decorated_mcp_tools_get_the_mcp_pattern(lint):
    mcp_sdk = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')"
    cases = {
        (mcp_sdk, '@mcp.tool(name="orders.search")'): False,
        ("from fastmcp import FastMCP\nmcp = FastMCP('x')", '@mcp.tool(name="orders.search")'): False,
        ("from langchain_core.tools import tool", '@tool("orders.search")'): True,
        ("from agents import function_tool", '@function_tool(name_override="orders.search")'): True,
        ("from anthropic import beta_tool", '@beta_tool(name="orders.search")'): True,
    }
    for (imports, decorator), fires in cases.items():
        src = DOTTED.format(imports=imports, decorator=decorator)
        expected = [("tools.py", _decorator_line(src, decorator), "TL301")] if fires else []
        assert lint({"tools.py": src}, select=["TL301"]) == expected, decorator
    # a configured target wins over the inference
    decorator = '@mcp.tool(name="orders.search")'
    src = DOTTED.format(imports=mcp_sdk, decorator=decorator)
    assert lint({"tools.py": src}, select=["TL301"], target="openai") == [
        ("tools.py", _decorator_line(src, decorator), "TL301")]
    # MCP's longer limit applies to an MCP server's tool, not to the others
    long_name = "a" * 100
    src = DOTTED.format(imports=mcp_sdk, decorator=f'@mcp.tool(name="{long_name}")')
    assert lint({"tools.py": src}, select=["TL301"]) == []
    decorator = f'@tool("{long_name}")'
    src = DOTTED.format(imports="from langchain_core.tools import tool", decorator=decorator)
    assert lint({"tools.py": src}, select=["TL301"]) == [("tools.py", _decorator_line(src, decorator), "TL301")]
