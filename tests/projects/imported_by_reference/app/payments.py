def refund(order_id: str, amount: float) -> str:
    """Refund part of an order. Use this when the customer asks for money back on an order they name."""
    return ""


def lookup_invoice(invoice_id: str) -> str:
    """Fetch one invoice by its id. Use this when the customer quotes an invoice number."""
    return ""
