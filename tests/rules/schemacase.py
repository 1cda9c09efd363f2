"""What the schema-rule tests share: `expect(src, code)` turns the lines a trailing `# !` marks
into the (path, line, code) triples the `lint` fixture returns, and one order tool that is
clean for every schema rule, in the Anthropic shape and for OpenAI strict mode."""
from __future__ import annotations

import textwrap


def expect(src, code, path="tools.py"):
    text = textwrap.dedent(src).lstrip("\n")
    return [(path, n, code) for n, line in enumerate(text.splitlines(), 1) if line.rstrip().endswith("# !")]


DESC = "Call this when the customer asks about an order. Do not call it for refunds."


# One order tool in the Anthropic shape, nested objects, an array of objects, $defs/$ref,
# an enum with a default: clean for every schema rule.
CLEAN_ANTHROPIC = f'''
TOOLS = [
    {{
        "name": "create_order",
        "description": "{DESC}",
        "input_schema": {{
            "type": "object",
            "properties": {{
                "customer_id": {{"type": "string", "description": "The customer ID returned by find_customer."}},
                "items": {{
                    "type": "array",
                    "description": "The confirmed line items.",
                    "items": {{
                        "type": "object",
                        "properties": {{
                            "sku": {{"type": "string", "description": "Stock keeping unit, e.g. 'SKU-881'."}},
                            "quantity": {{"type": "integer", "minimum": 1, "description": "How many."}},
                        }},
                        "required": ["sku", "quantity"],
                    }},
                }},
                "shipping": {{"$ref": "#/$defs/Address"}},
                "speed": {{"type": "string", "enum": ["standard", "express"], "default": "standard"}},
                "note": {{"anyOf": [{{"type": "string"}}, {{"type": "null"}}], "description": "Note for the courier."}},
            }},
            "required": ["customer_id", "items"],
            "$defs": {{
                "Address": {{
                    "type": "object",
                    "description": "A postal address.",
                    "properties": {{
                        "street": {{"type": "string", "description": "Street and house number."}},
                        "postcode": {{"type": "string", "description": "Postal code, e.g. '10115'."}},
                    }},
                    "required": ["street", "postcode"],
                }},
            }},
        }},
    }},
]
'''


# The same tool for OpenAI strict mode: every property required, optional ones nullable,
# additionalProperties false everywhere.
CLEAN_STRICT = f'''
TOOLS = [
    {{
        "type": "function",
        "function": {{
            "name": "create_order",
            "description": "{DESC}",
            "strict": True,
            "parameters": {{
                "type": "object",
                "properties": {{
                    "customer_id": {{"type": "string", "description": "The customer ID returned by find_customer."}},
                    "items": {{
                        "type": "array",
                        "minItems": 1,
                        "description": "The confirmed line items.",
                        "items": {{
                            "type": "object",
                            "properties": {{
                                "sku": {{"type": "string", "pattern": "^SKU-[0-9]+$", "description": "The SKU."}},
                                "quantity": {{"type": "integer", "minimum": 1, "description": "How many."}},
                            }},
                            "required": ["sku", "quantity"],
                            "additionalProperties": False,
                        }},
                    }},
                    "shipping": {{"anyOf": [{{"$ref": "#/$defs/Address"}}, {{"type": "null"}}]}},
                    "speed": {{"type": ["string", "null"], "enum": ["standard", "express", None]}},
                    "deliver_on": {{"type": "string", "format": "date", "description": "Delivery day."}},
                }},
                "required": ["customer_id", "items", "shipping", "speed", "deliver_on"],
                "additionalProperties": False,
                "$defs": {{
                    "Address": {{
                        "type": "object",
                        "description": "A postal address.",
                        "properties": {{
                            "street": {{"type": "string", "description": "Street and house number."}},
                            "postcode": {{"type": "string", "description": "Postal code, e.g. '10115'."}},
                        }},
                        "required": ["street", "postcode"],
                        "additionalProperties": False,
                    }},
                }},
            }},
        }},
    }},
]
'''
