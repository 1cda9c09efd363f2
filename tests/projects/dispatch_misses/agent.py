"""Dispatch that really misses a tool: every path is read, and 'export' is on none."""
import json

TOOLS = [
    {
        "name": "finish",
        "description": "End the task with a final answer. Call this when the answer is complete; "
        "do not call it to ask a question, use search instead.",
        "input_schema": {"type": "object", "properties": {"answer": {"type": "string", "description": "Final."}},
                         "required": ["answer"]},
    },
    {
        "name": "search",
        "description": "Search the notes for a query. Call this when you need a fact; "
        "do not call it to end the task, use finish instead.",
        "input_schema": {"type": "object", "properties": {"query": {"type": "string", "description": "Terms."}},
                         "required": ["query"]},
    },
    {
        "name": "export",
        "description": "Export the notes as JSON. Call this when the user asks for a file; "
        "do not call it to search, use search instead.",
        "input_schema": {"type": "object", "properties": {}},
    },
]


def search(query):
    return []


tool_map = {"search": search}


def run_tool(name, arguments):
    if name == "finish":
        return json.dumps(arguments)
    return tool_map[name](**arguments)
