"""A helper named like a tool but never offered, and a config dict shaped like a dispatch table."""

def search_web(query):
    return []


def send_email(to, body):
    return None


HELPERS = {"search_web": search_web, "send_email": send_email}
CATEGORIES = {"admin": ["users", "groups"], "billing": ["invoices"]}
