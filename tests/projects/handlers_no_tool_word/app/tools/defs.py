TOOLS = [
    {
        "name": "cancel_order",
        "description": "Cancel an order that has not shipped yet. Call this when the customer asks to cancel; do not call it for refunds, use refund_order instead.",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string", "description": "Like O-1."}},
            "required": ["order_id"],
        },
    },
    {
        "name": "refund_order",
        "description": "Refund a delivered order in full. Call this when the customer returns an order; do not call it for open orders, use cancel_order instead.",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string", "description": "Like O-1."}, "reason": {"type": "string", "description": "Why."}},
            "required": ["order_id"],
        },
    },
]
