"""A validator's tests: module-level tools that are the inputs, some invalid on purpose."""
from smolagents import Tool


class BadName(Tool):
    name = "bad tool name"
    description = "Tool with a bad name"
    inputs = {"text": {"type": "string", "description": "text"}}
    output_type = "string"

    def forward(self, text):
        return text


TOOLS = [{"type": "function", "function": {"name": "store", "description": "Store it",
          "parameters": {"type": "object", "properties": {"data": {"type": "string"}}}}}]


def test_bad_name_is_rejected():
    assert BadName
