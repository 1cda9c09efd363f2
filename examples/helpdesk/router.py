"""Route each question to a category and offer only that category's tools."""

TOOL_CATEGORIES = {
    "orders": ["lookup_order", "issue_refund"],
    "account": ["get_customer_profile", "reset_pasword"],
}

ALWAYS_INCLUDE = ["escalate ticket"]
