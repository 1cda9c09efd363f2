"""Dispatch for the definitions."""
from app.services import orders
from app.services.orders import refund


async def dispatch(name, arguments):
    handlers = {
        "cancel_order": orders.cancel,
        "refund_order": refund,
    }
    return await handlers[name](**arguments)
