"""OpenAI Chat Completions: a list under a project-specific name, dispatch dict inside the loop."""
import json

from openai import OpenAI

client = OpenAI()


def get_weather(city: str, unit: str = "celsius") -> str:
    return json.dumps({"city": city, "unit": unit})


def get_forecast(city, days):
    return "sunny"


OPENAI_TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Current weather for a city. Use this when the user asks about weather right now; "
            "do not use it for future days, use get_forecast instead.",
            "parameters": {
                "type": "object",
                "properties": {
                    "city": {"type": "string", "description": "City name, e.g. Paris."},
                    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Unit."},
                },
                "required": ["city", "unit"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "get_forecast",
            "description": "Forecast for the next days. Use this when the user asks about future weather; "
            "do not use it for today, use get_weather instead.",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string", "description": "City name, e.g. Paris."}},
                "required": ["city"],
            },
        },
    },
]


def run(messages):
    available_functions = {"get_weather": get_weather, "get_forecast": get_forecast}
    response = client.chat.completions.create(model="gpt-4o", messages=messages, tools=OPENAI_TOOLS)
    for call in response.choices[0].message.tool_calls:
        result = available_functions[call.function.name](**json.loads(call.function.arguments))
    return result
