"""Chat history: the assistant's tool calls are records of calls, not tool definitions."""


def assistant_turn(call_id, name, arguments):
    return {
        "role": "assistant",
        "tool_calls": [
            {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}},
        ],
    }


EXAMPLE_TURN = {
    "role": "assistant",
    "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"Oslo\"}"}},
        {"id": "call_2", "type": "function", "function": {"name": "get_time", "arguments": "{}"}},
    ],
}


# The tools those calls were made with: a real definition, still judged.
TOOLS = [
    {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {}}}},
]
