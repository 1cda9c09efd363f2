"""The same kind of schemas, offered together in one turn: judged as neighbours."""
import anthropic

client = anthropic.Anthropic()


def answer(question):
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=512,
        messages=[{"role": "user", "content": question}],
        tools=[
            {
                "name": "lookup_order",
                "description": "Look up an order by its number. Call this when the user gives an order number.",
                "input_schema": {
                    "type": "object",
                    "properties": {
                        "number": {"type": "string", "description": "Order number, like O-001."},
                        "note": {"type": ["string", "null"], "description": "Free text, null if none."},
                    },
                    "required": ["number", "note"],
                },
            },
            {
                "name": "lookup_invoice",
                "description": "Look up an invoice by its number. Call this when the user gives an invoice number.",
                "input_schema": {
                    "type": "object",
                    "properties": {"number": {"type": "string", "description": "Invoice number, like I-001."}},
                    "required": ["number"],
                },
            },
        ],
    )
