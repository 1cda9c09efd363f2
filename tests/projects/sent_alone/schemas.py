"""Structured output: one schema per constant, each sent alone with a forced tool_choice
elsewhere; required-and-nullable is how they say "may be unknown"."""

EXTRACT_INVOICE = {
    "name": "extract_invoice",
    "description": "Record the fields read from an invoice. Call this once with every field you found.",
    "input_schema": {
        "type": "object",
        "properties": {
            "number": {"type": "string", "description": "Invoice number as printed, like INV-001."},
            "due": {"type": ["string", "null"], "description": "Due date as YYYY-MM-DD, null if absent."},
        },
        "required": ["number", "due"],
    },
}

EXTRACT_RECEIPT = {
    "name": "extract_receipt",
    "description": "Record the fields read from a receipt. Call this once with every field you found.",
    "input_schema": {
        "type": "object",
        "properties": {
            "number": {"type": "string", "description": "Receipt number as printed, like R-001."},
            "paid": {"type": ["string", "null"], "description": "Payment date as YYYY-MM-DD, null if absent."},
        },
        "required": ["number", "paid"],
    },
}
