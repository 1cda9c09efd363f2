"""mentioned_tools (TL105, and TL104's last resort): the sibling tools a description points
to, and the identifiers that only look like one (a field, a naming convention, a value)."""
from __future__ import annotations

import pytest

from toollint.rulekit.text import mentioned_tools

POINTERS = [
    ("Do not call this for partial names; use search_users instead.", ["search_users"]),
    ("Looks up one user. Use `search_users` for that.", ["search_users"]),
    ("Prefer lookup_order when you have an order number.", ["lookup_order"]),
    ("For invoices, call get_invoice instead.", ["get_invoice"]),
    ("Soft-deletes an account. Use this instead of delete_user.", ["delete_user"]),
    ("Use searchUsers instead when only an email is known.", ["searchUsers"]),
    ("Use the `kb.search` tool instead.", ["kb.search"]),
    ("Do not use this for refunds; use issue_refund.", ["issue_refund"]),
    ("For refunds, use issue_refund.", ["issue_refund"]),
    ("Rather than calling get-file-contents, call this.", ["get-file-contents"]),
    (
        "Use list_orders instead of search_orders when no query is given.",
        ["list_orders", "search_orders"],
    ),
    (
        "Never call it for an account that is locked for fraud; escalate_ticket handles those.",
        ["escalate_ticket"],
    ),
    ("Bulk changes are handled by `bulk_update`.", ["bulk_update"]),
    ("instead of calling list_files() repeatedly", ["list_files"]),
    ("Use this tool when 'read_book_text' returns 'has_more=True'.", ["read_book_text"]),  # round 64, G
]


@pytest.mark.parametrize("description,names", POINTERS)
def test_exclusion_points_to_tools(description, names):
    found = mentioned_tools(description)
    assert [n for n, _ in found] == names
    for name, offset in found:
        assert description[offset:offset + len(name)] == name


NO_POINTERS = [
    "Use this instead of guessing.",
    # held-out round 52, D: a field path in code markup, not a tool
    "Optionally set ``instruction_template`` instead of ``actionParams.aiBehaviorParams.instruction``.",
    "Use the search tool instead.",
    "Do not call this for refunds.",
    "Use read-only mode instead.",
    "Use the order_id field instead of the order number.",
    "Call this when the user asks about search_users results.",
    "Use snake_case instead of camelCase for keys.",
    "Use e-mail instead of phone when possible.",
    "Searches users by name. Use search_users to find people.",
    "Use `limit` to cap the page size.",
    "Prefer JSON output.",
    "Use JavaScript instead.",
    "After scoring, prefer next_level from recommend_level.",  # a value a tool returns (round 66, E)
    "Use this when the user returns.",
]


@pytest.mark.parametrize("description", NO_POINTERS)
def test_no_tool_pointer(description):
    assert mentioned_tools(description) == []


def test_each_pointed_tool_is_reported_once_at_its_first_offset():
    text = "Prefer get_invoice; for PDFs use get_invoice instead."
    assert mentioned_tools(text) == [("get_invoice", text.index("get_invoice"))]
