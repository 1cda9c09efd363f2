"""Two customer tools whose descriptions name each other, shared by the description and handler
rule tests: `defs()` gives the registry with either description replaced or a tool added."""
from __future__ import annotations


SEARCH_DESC = (
    "Search customers by name or email and return up to twenty matches with their ids. "
    "Call this when the user names a customer but gives no id. "
    "Do not call this when you have an id; use get_customer instead."
)
GET_DESC = (
    "Return one customer's profile, open orders and notes. "
    "Call this when you have a customer id. Do not call this to search; use search_customers instead."
)


def defs(search_desc=SEARCH_DESC, get_desc=GET_DESC, extra=""):
    return f'''
TOOLS = [
    {{
        "name": "search_customers",
        "description": {search_desc!r},
        "input_schema": {{
            "type": "object",
            "properties": {{
                "query": {{"type": "string", "description": "A name or an email address."}},
                "filters": {{
                    "type": "object",
                    "properties": {{
                        "status": {{"type": "string", "enum": ["active", "closed"], "default": "active"}},
                        "tags": {{"type": "array", "items": {{"type": "string"}}}},
                    }},
                }},
            }},
            "required": ["query"],
        }},
    }},
    {{
        "name": "get_customer",
        "description": {get_desc!r},
        "input_schema": {{
            "type": "object",
            "properties": {{"customer_id": {{"type": "string", "description": "An id such as 'C-1042'."}}}},
            "required": ["customer_id"],
        }},
    }},{extra}
]
'''
