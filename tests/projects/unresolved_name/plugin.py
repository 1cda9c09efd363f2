"""A plugin whose tool name is set per instance: messages quote the expression."""


class Plugin:
    def __init__(self, name):
        self.name = name

    def definition(self):
        return {
            "name": self.name,
            "description": "Look up a record by its id. Call this when the user gives an id.",
            "input_schema": {
                "type": "object",
                "properties": {"record_id": {"type": "string"}},
                "required": ["record_id"],
            },
        }
