"""The helpdesk's back end. Importing it would open a database connection: toollint never does."""
import sqlite3

_db = sqlite3.connect("helpdesk.db")
orders = {}


def refund(order_id, amount_cents, reason):
    return {"order_id": order_id, "refunded": amount_cents, "reason": reason}


def customer(email, include_orders):
    return {"email": email}


def send_reset_link(email):
    return {"sent": True}


def escalate(summary):
    return {"ticket": 1}
