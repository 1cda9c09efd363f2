"""Structured output, one forced tool per request (held-out round 53, G and H): a loop
over a list sends each schema alone, and a wrapper sends another alone. No turn offers
two of them, and null for "not stated" is the point: TL104 and TL203 stay quiet."""
import anthropic

client = anthropic.Anthropic()

PARTIES_TOOL = {
    "name": "record_parties",
    "description": "Record the parties named in the contract. If a party is not named, set it to null.",
    "input_schema": {
        "type": "object",
        "properties": {
            "buyer": {"type": ["string", "null"], "description": "The buyer's legal name, or null."},
            "seller": {"type": ["string", "null"], "description": "The seller's legal name, or null."},
        },
        "required": ["buyer", "seller"],
    },
}

DATES_TOOL = {
    "name": "record_dates",
    "description": "Record the signing and closing dates. If a date is not stated, set it to null.",
    "input_schema": {
        "type": "object",
        "properties": {
            "signed": {"type": ["string", "null"], "description": "Signing date as YYYY-MM-DD, or null."},
        },
        "required": ["signed"],
    },
}

SUMMARY_TOOL = {
    "name": "record_summary",
    "description": "Record a short summary of the contract.",
    "input_schema": {
        "type": "object",
        "properties": {"text": {"type": ["string", "null"], "description": "Two sentences, or null."}},
        "required": ["text"],
    },
}

EXTRACTORS = [PARTIES_TOOL, DATES_TOOL]


def ask(text, tools, tool_choice):
    return client.messages.create(model="claude-sonnet-4-5", max_tokens=1024, tools=tools,
                                  tool_choice=tool_choice, messages=[{"role": "user", "content": text}])


def extract(text):
    found = {}
    for tool in EXTRACTORS:
        reply = ask(text, tools=[tool], tool_choice={"type": "tool", "name": tool["name"]})
        found[tool["name"]] = reply.content[0].input
    return found


def summarize(text):
    return ask(text, tools=[SUMMARY_TOOL], tool_choice={"type": "tool", "name": "record_summary"})
