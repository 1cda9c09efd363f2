"""A project's own registry: register_tool wraps what it is given into the wire schema."""
REGISTRY = {}


def register_tool(name, description, parameters, required=()):
    def wrap(fn):
        REGISTRY[name] = {
            "name": name,
            "description": description,
            "input_schema": {"type": "object", "properties": parameters, "required": list(required)},
        }
        return fn
    return wrap


@register_tool(
    name="get_weather",
    description="Current weather for a city. Call this when the user asks about weather now; "
    "do not call it for forecasts, use get_forecast instead.",
    parameters={"city": {"type": "string", "description": "City name."}},
    required=["city"],
)
def get_weather(city):
    return {}


@register_tool(
    name="get_forecast",
    description="Forecast for the next days. Call this for future weather; "
    "do not call it for now, use get_weather instead.",
    parameters={"city": {"type": "string", "description": "City name."},
                "days": {"type": "integer", "description": "1 to 7."}},
)
def get_forecast(city, days=3):
    return {}
