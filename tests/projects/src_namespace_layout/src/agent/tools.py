def search_docs(query: str) -> str:
    """Search the product docs. Use this when the user asks how a feature works; do not use it for account questions.

    Args:
        query: the words to look for
    """
    return ""


def get_account(account_id: str) -> str:
    return ""
