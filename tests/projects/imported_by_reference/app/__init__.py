from .payments import refund
