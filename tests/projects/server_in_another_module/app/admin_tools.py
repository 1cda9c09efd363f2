from . import admin


@admin.admin.tool
def get_order(order_id: str) -> str:
    """Fetch any order, for staff. Use this when an operator asks; do not use it for customers."""
    return ""
