"""The same loop beside a turn that offers the list whole: that turn is seen, so its
tools are judged as neighbours and as the model's free choice."""
import anthropic

client = anthropic.Anthropic()

LOOKUPS = [
    {
        "name": "find_order",
        "description": "Find an order by number.",
        "input_schema": {
            "type": "object",
            "properties": {"note": {"type": ["string", "null"], "description": "Free text, or null."}},
            "required": ["note"],
        },
    },
    {
        "name": "find_invoice",
        "description": "Find an invoice by number.",
        "input_schema": {"type": "object", "properties": {}},
    },
]


def each(text):
    for tool in LOOKUPS:
        client.messages.create(model="claude-sonnet-4-5", max_tokens=256, tools=[tool],
                               messages=[{"role": "user", "content": text}])


def chat(text):
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=256, tools=LOOKUPS,
                                  messages=[{"role": "user", "content": text}])
