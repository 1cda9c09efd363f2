"""An agent loop that special-cases one tool before looking the rest up in a dict."""
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
        "description": "Search the web for a query. Call this when you need a fact; "
        "do not call it to end the task, use finish instead.",
        "input_schema": {"type": "object", "properties": {"query": {"type": "string", "description": "Terms."}},
                         "required": ["query"]},
    },
    {
        "name": "fetch",
        "description": "Download one page by URL. Call this when a search result looks relevant; "
        "do not call it for search, use search instead.",
        "input_schema": {"type": "object", "properties": {"url": {"type": "string", "description": "Absolute https URL, like https://example.com/page."}},
                         "required": ["url"]},
    },
]


def search(query):
    return []


def fetch(url):
    return ""


tool_map = {"search": search, "fetch": fetch}


def run_tool(name, arguments):
    if name == "finish":
        return arguments["answer"]
    return tool_map[name](**arguments)
