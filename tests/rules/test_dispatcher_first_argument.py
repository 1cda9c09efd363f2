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


CONTEXT_THEN_ARGS = '''
TOOLS = [
    {"name": "add_note", "description": "Save a note. Use this when the user asks to remember something.",
     "input_schema": {"type": "object", "properties": {"text": {"type": "string", "description": "The text."}},
                      "required": ["text"]}},
]


def handle_add_note(chatbot, tool_input):
    return chatbot.save(tool_input["text"])


TOOL_HANDLERS = {"add_note": handle_add_note}


def execute(chatbot, name, tool_input):
    handler = TOOL_HANDLERS.get(name)
    return handler(chatbot, tool_input)
'''


def test_a_handler_given_a_context_then_the_arguments_dict(lint):
    # held-out round 40: `handle_x(chatbot, tool_input)` called as `handler(chatbot, tool_input)`
    assert lint({"agent.py": CONTEXT_THEN_ARGS}, select=["TL205", "TL206"]) == []
    # a handler whose parameters are the schema's own is still judged by them
    kwargs = CONTEXT_THEN_ARGS.replace("def handle_add_note(chatbot, tool_input):\n    return chatbot.save(tool_input[\"text\"])",
                                       "def handle_add_note(text, tags):\n    return text")
    assert lint({"agent.py": kwargs}, select=["TL205", "TL206"]) == [("agent.py", 8, "TL205")]


def test_a_handler_with_kwargs_takes_the_dispatchers_first_argument_too(lint):
    # held-out round 50, E: `tool_grep(session, pattern, **kwargs)` beside `tool_glob(session, pattern)`
    handlers = HANDLERS.replace("async def get_alerts(client, severity=None, limit: int = 50):",
                                "async def get_alerts(client, severity=None, limit: int = 50, **kwargs):")
    tree = {"app/__init__.py": "", "app/registry.py": TOOLS, "app/handlers.py": handlers}
    assert lint(tree, select=["TL205", "TL206"]) == [("app/handlers.py", 5, "TL205")]
