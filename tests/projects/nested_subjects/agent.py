"""An agent loop that branches on the block type, then on the tool name inside one branch."""
import anthropic

client = anthropic.Anthropic()

TOOLS = [
    {
        "name": "search",
        "description": "Search the notes for a query. Call this when you need a fact; "
        "do not call it to read a whole note, use fetch instead.",
        "input_schema": {"type": "object", "properties": {"query": {"type": "string", "description": "Terms."}},
                         "required": ["query"]},
    },
    {
        "name": "fetch",
        "description": "Read one note in full by its id. Call this when a search hit looks relevant; "
        "do not call it to search, use search instead.",
        "input_schema": {"type": "object", "properties": {"note_id": {"type": "string", "description": "Like N-1."}},
                         "required": ["note_id"]},
    },
]


def search(query):
    return []


def fetch(note_id):
    return ""


def run(messages):
    response = client.messages.create(model="claude-sonnet-4-5", max_tokens=512, tools=TOOLS, messages=messages)
    results = []
    for block in response.content:
        if block.type == "text":
            print(block.text)
        elif block.type == "tool_use":
            if block.name == "search":
                results.append(search(**block.input))
            elif block.name == "fetch":
                results.append(fetch(**block.input))
    return results
