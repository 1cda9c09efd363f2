TOOL_CATEGORIES = {
    "customers": ["search_customers", "close_acount"],
    "orders": ["search_orders"],
}
