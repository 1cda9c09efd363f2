"""Tool definitions sent to the Anthropic Messages API on every turn."""
import textwrap

ORDER_ID = {
    "type": "string",
    "description": "The order number, e.g. 'ORD-10423', as printed on the receipt.",
}

LOOKUP_ORDER = {
    "name": "lookup_order",
    "description": textwrap.dedent(
        """\
        Look up one order's status, items and delivery estimate.
        Call this when the customer asks where an order is or what it contained.
        Do not call this for refunds; use issue_refund instead.
        """
    ),
    "input_schema": {
        "type": "object",
        "properties": {"order_id": ORDER_ID},
        "required": ["order_id"],
    },
}

TOOL_DEFINITIONS = [
    LOOKUP_ORDER,
    {
        "name": "issue_refund",
        "description": (
            "Refund an order in full or in part. "
            "Call this only after the customer has confirmed which items to refund. "
            "Do not call this to check an order's status; use lookup_order instead."
        ),
        "input_schema": {
            "type": "object",
            "properties": {
                "order_id": ORDER_ID,
                "amount_cents": {"type": "integer", "description": "Amount to refund; the full order when omitted."},
                "reason": {"type": ["string", "null"], "description": "Why the customer wants a refund."},
            },
            "required": ["order_id", "reason"],
        },
    },
    {
        "name": "get_customer_profile",
        "description": "Get customer profile information.",
        "input_schema": {
            "type": "object",
            "properties": {"email": {"type": "string", "description": "The customer's email address."}},
            "required": ["email"],
        },
    },
    {
        "name": "reset_password",
        "description": (
            "Send the customer a password-reset link. Use this when the customer cannot log in. "
            "Never call it for an account that is locked for fraud; escalate_ticket handles those."
        ),
        "input_schema": {
            "type": "object",
            "properties": {"email": {"type": "string", "description": "The account's email address."}},
            "required": ["email"],
        },
    },
    {
        "name": "escalate ticket",
        "description": (
            "Hand the conversation to a human agent with a summary. Use this when the customer "
            "asks for a person or the issue is outside the other tools. Do not use it for "
            "questions another tool answers."
        ),
        "input_schema": {
            "type": "object",
            "properties": {"summary": {"type": "string", "description": "What the customer needs."}},
            "required": ["summary"],
        },
    },
]
