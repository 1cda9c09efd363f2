# Recorded with pydantic-ai-slim; see ../record.py. A tool whose schema is given, not derived:
# Tool.from_schema(function, name, description, json_schema) (held-out round 66, M2).
from pydantic_ai import Agent, Tool


def add(**kwargs) -> int:
    return kwargs["a"] + kwargs["b"]


def scale(**kwargs) -> float:
    return kwargs["value"] * kwargs.get("factor", 1)


adder = Tool.from_schema(
    function=add,
    name="add",
    description="Add two whole numbers. Use this when the user asks for a sum.",
    json_schema={
        "type": "object",
        "properties": {"a": {"type": "integer", "description": "First addend."},
                       "b": {"type": "integer", "description": "Second addend."}},
        "required": ["a", "b"],
        "additionalProperties": False,
    },
)

agent = Agent("test", tools=[adder, Tool.from_schema(scale, "scale", None, {"type": "object", "properties": {
    "value": {"type": "number"}, "factor": {"type": "number", "default": 1}}, "required": ["value"]})])
