"""Dispatch: the agent loop calls TOOL_HANDLERS[name](**tool_input)."""
from . import crm


def lookup_order(order_id: str) -> dict:
    return crm.orders.get(order_id)


def issue_refund(order_id: str, reason: str, amount_cents: int = 0) -> dict:
    return crm.refund(order_id, amount_cents or None, reason)


def get_customer_profile(email: str, include_orders: bool = False) -> dict:
    return crm.customer(email, include_orders)


def reset_password(email: str = "") -> dict:
    return crm.send_reset_link(email)


TOOL_HANDLERS = {
    "lookup_order": lookup_order,
    "issue_refund": issue_refund,
    "get_customer_profile": get_customer_profile,
    "reset_password": reset_password,
    "escalate ticket": crm.escalate,
}
