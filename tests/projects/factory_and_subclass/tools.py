"""A factory that returns a tool dict, and a Tool subclass that passes its definition up."""


class BaseTool:
    def __init__(self, name, description, input_schema):
        self.name = name


def make_lookup_tool():
    return {
        "name": "lookup_invoice",
        "description": "Lookup invoice",
        "input_schema": {
            "type": "object",
            "properties": {"invoice_id": {"type": "string", "description": "Like INV-2024-001."}},
            "required": ["invoice_id"],
        },
    }


class RefundTool(BaseTool):
    def __init__(self):
        super().__init__(
            name="refund_invoice",
            description="Refunds an invoice that was paid twice or in error, in full, to the original card.",
            input_schema={
                "type": "object",
                "properties": {"invoice_id": {"type": "string", "description": "Like INV-2024-001."}},
                "required": ["invoice_id"],
            },
        )
