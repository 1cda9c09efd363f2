"""Dispatch for app/tools/defs.py, in its own folder, with the functions from a third module."""
from app.services import orders
from app.services.orders import refund


async def dispatch_tool(name, arguments):
    handlers = {
        "cancel_order": orders.cancel,
        "refund_order": refund,
    }
    return await handlers[name](**arguments)
