"""A restrictive clause on the case a tool takes carries its condition (held-out round 8,
issue 18, class G), written here in the shape of hand-off and support tools: neither a
bare label (TL102) nor a description without a trigger (TL103). A clause restricting a
result or an argument ("List files that match a pattern") says nothing of when."""
from __future__ import annotations

import pytest

from toollint.rulekit.text import has_trigger, reads_like_signature

CONDITIONS = [
    ("Escalate complex issues that require manager intervention", "escalate_to_manager"),
    ("Hand over questions which need a licensed agent.", "hand_over"),
    ("Refund orders that arrived damaged", "refund_order"),
    ("Replace parcels which came broken", "replace_parcel"),
]

RESULTS = [
    ("List files that match a pattern", "list_files"),
    ("List issues that match the filter", "list_issues"),
    ("Get orders that were placed today", "get_orders"),
    ("Search for documents that contain the keyword", "search"),
    ("List issues that need triage", "list_issues"),
    ("Get pull requests that need review", "get_pull_requests"),
    ("Count the questions that cannot be answered", "count_questions"),
    ("Handles pagination for search queries", "paginate"),
]


@pytest.mark.parametrize("description,name", CONDITIONS)
def test_a_restrictive_clause_on_the_case_is_a_condition(description, name):
    assert has_trigger(description)
    assert reads_like_signature(description, name) is None


@pytest.mark.parametrize("description,name", RESULTS)
def test_a_clause_restricting_the_result_is_no_condition(description, name):
    assert not has_trigger(description)
    assert reads_like_signature(description, name)


def test_the_condition_leaves_only_the_missing_exclusion(lint):
    src = '''
TOOLS = [
    {"name": "escalate_to_manager", "description": "Escalate complex issues that require manager intervention",
     "input_schema": {"type": "object", "properties": {}}},
    {"name": "list_files", "description": "List files that match a pattern",
     "input_schema": {"type": "object", "properties": {}}},
]
import anthropic
anthropic.Anthropic().messages.create(model="m", max_tokens=1, tools=TOOLS, messages=[])
'''
    assert lint({"tools.py": src}, select=["TL102", "TL103", "TL104"]) == [
        ("tools.py", 2, "TL104"), ("tools.py", 4, "TL102")]
