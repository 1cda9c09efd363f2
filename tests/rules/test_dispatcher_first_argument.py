"""A handler map whose call toollint does not see, each handler taking the dispatcher's
own object first (held-out round 17, logicmonitor: `get_tool_handler(name)` returns
`handlers[name]` from a function that imports the tool modules, and server.py calls
`handler(client, **arguments)`)."""
from __future__ import annotations

TOOLS = '''
from mcp.types import Tool

TOOLS = [
    Tool(name="get_alerts", description="List open alerts. Use when the user asks what is firing.",
         inputSchema={"type": "object", "properties": {"limit": {"type": "integer", "description": "Max rows."}}}),
    Tool(name="get_tokens", description="List API tokens. Use when the user asks about tokens.",
         inputSchema={"type": "object", "properties": {"limit": {"type": "integer", "description": "Max rows."}}}),
]


def get_tool_handler(name):
    from app import handlers

    table = {"get_alerts": handlers.get_alerts, "get_tokens": handlers.get_tokens}
    return table[name]
'''

HANDLERS = '''
async def get_alerts(client, severity=None, limit: int = 50):
    return []


async def get_tokens(client, admin_id: int, limit: int = 50):
    return []
'''


def test_the_dispatchers_first_argument_is_not_the_models(lint):
    tree = {"app/__init__.py": "", "app/registry.py": TOOLS, "app/handlers.py": HANDLERS}
    # `client` is the dispatcher's; `admin_id` is still a parameter nothing declares
    assert lint(tree, select=["TL205", "TL206"]) == [("app/handlers.py", 5, "TL205")]


def test_a_handler_whose_parameters_match_nothing_is_judged_as_before(lint):
    # no later parameter is declared: nothing says the first one is the dispatcher's
    handlers = HANDLERS.replace("limit: int = 50):\n    return []\n\n\nasync def get_tokens", "count=5):\n    return []\n\n\nasync def get_tokens")
    tree = {"app/__init__.py": "", "app/registry.py": TOOLS, "app/handlers.py": handlers}
    assert ("app/handlers.py", 1, "TL205") in lint(tree, select=["TL205"])
