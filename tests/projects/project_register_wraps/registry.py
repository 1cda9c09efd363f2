"""A project's own registry (held-out round 30): the decorator is given the properties and
the required list, and its body adds the `"type": "object"` wrapper before the wire."""
TOOL_DEFINITIONS = []
TOOL_HANDLERS = {}


def register_tool(name: str, description: str, parameters: dict):
    def wrap(fn):
        TOOL_DEFINITIONS.append({
            "name": name,
            "description": description,
            "input_schema": {
                "type": "object",
                "properties": parameters.get("properties", {}),
                "required": parameters.get("required", []),
            },
        })
        TOOL_HANDLERS[name] = fn
        return fn
    return wrap
