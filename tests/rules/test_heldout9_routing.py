"""Routing descriptions from held-out round 9 (issue 18, class P), written here in the
shapes of Agents SDK hand-offs and triage tools: the kind of case a routing tool takes
("for payment and invoice issues") is its selection rule, so neither TL102 (bare label)
nor TL103 (no trigger) applies; a purpose ("for initial handling") or an object ("Search
for documents") is no such rule and stays reported."""
from __future__ import annotations

import pytest

from toollint.rulekit.text import has_trigger, reads_like_signature

# (description, tool name): the for-phrase names the cases the tool takes
ROUTED = [
    ("Transfer to billing specialist for payment and invoice issues", "transfer_to_billing"),
    ("Transfer the customer to tech support for hardware and network issues", "transfer_to_tech"),
    ("Hand off to the refunds team for return and refund requests", "transfer_to_refunds"),
    ("Route to account specialist for account management issues", "route_to_account"),
    ("Escalate to the duty manager for high-value or complex complaints", "escalate_to_manager"),
    ("Escalate to compliance officer for regulatory issues.", "escalate_to_compliance"),
    ("Transfer to order desk for order-related issues", "transfer_to_orders"),
    ("Escalate to payment security for fraud/payment issues", "escalate_to_security"),
    ("Transfer to clinical support for medical questions", "transfer_to_clinical"),
    ("Transfer to patient services for administrative support", "transfer_to_patient_services"),
    ("Escalate to solutions engineering for complex integration requirements", "escalate_to_engineering"),
    ("Connect the customer with sales for pricing information and purchases", "connect_with_sales"),
    ("Route to sales for upgrade opportunities and new plan discussions", "route_to_sales"),
    # the same rule without a routing verb
    ("Handles billing and refund requests.", "billing_desk"),
    ("Specialist agent for history questions", "transfer_to_history_tutor"),
    ("For billing questions.", "billing"),
    ("A billing desk for refund and invoice requests.", "billing_desk"),
    ("This function answers the query related to the premium policies", "rag_premium"),
    ("Answers customer questions about shipping times.", "shipping_faq"),
    ("Answers common questions about policies, returns and opening hours.", "faq_agent"),
    ("Helps users with questions about books.", "book_agent"),
    ("Supports users with surgery issues.", "surgery_agent"),
    ("Handoff to the Math Agent agent to handle the request. Expert at solving mathematical problems",
     "transfer_to_math_agent"),
    ("Handoff to the History Agent agent to handle the request. Expert on historical topics",
     "transfer_to_history_agent"),
    ("This agent is the escalation team for security incidents and fraud questions.", "escalation"),
]

# labels and purposes: reported as before
STILL_LABELS = [
    ("Transfer to billing.", "transfer_to_billing"),
    ("Billing agent.", "transfer_to_billing"),
    ("Search for documents", "search"),
    ("Route to frontline support for initial handling", "route_to_frontline"),
    ("Transfer to technical support with problem details", "transfer_to_technical"),
    ("Log agent interactions for audit trail.", "log_interaction"),
    ("Search for open issues in a repository", "search_issues"),
    ("List pull requests for a repository", "list_prs"),
    ("Get comments for an issue", "get_comments"),
    ("Handoff to the Writer agent to handle the request.", "transfer_to_writer"),
]

NEGATED = [
    "Do not transfer to billing for refund questions.",
    "Never escalate to the manager for routine issues.",
    # iterating over objects is no kind of case
    "For each issue, returns its labels and assignees.",
    "For every request, logs the latency in milliseconds.",
    # a tracker's issues, and a team that is fetched, are objects (review of the seventh session)
    "Get the assigned team for GitHub issues.",
    "For GitHub issues, returns the labels.",
    "Returns the on-call team for open Jira issues.",
    "Search for an expert in machine learning topics.",
    "Never answers questions about pricing.",
    "Never helps users with billing questions.",
]


@pytest.mark.parametrize("description,name", ROUTED)
def test_the_kind_of_case_routed_is_a_trigger(description, name):
    assert has_trigger(description)
    assert reads_like_signature(description, name) is None


@pytest.mark.parametrize("description,name", STILL_LABELS)
def test_a_purpose_or_an_object_is_no_trigger(description, name):
    assert not has_trigger(description)
    assert reads_like_signature(description, name)


@pytest.mark.parametrize("sentence", NEGATED)
def test_a_negated_rule_or_an_iteration_is_no_trigger(sentence):
    assert not has_trigger(sentence)


_HANDOFFS = '''
from agents import Agent, handoff

billing = Agent(name="Billing", instructions="Handle billing.")
frontline = Agent(name="Frontline", instructions="Answer first.")

triage = Agent(
    name="Triage",
    instructions="Route the customer.",
    handoffs=[
        handoff(agent=billing, tool_name_override="transfer_to_billing",
                tool_description_override="{billing}"),
        handoff(agent=frontline, tool_name_override="route_to_frontline",
                tool_description_override="Route to frontline support for initial handling"),
    ],
)
'''


def test_handoff_overrides_end_to_end(lint):
    src = _HANDOFFS.format(billing="Transfer to billing specialist for payment and invoice issues. "
                                   "Not for refunds; use route_to_frontline instead.")
    # the billing hand-off says when (and when not); the frontline one is a label
    assert lint({"triage.py": src}, select=["TL102", "TL103", "TL104"]) == [("triage.py", 13, "TL102")]


def test_a_handoff_label_stays_reported(lint):
    src = _HANDOFFS.format(billing="Transfer to billing specialist with the invoice details")
    assert lint({"triage.py": src}, select=["TL102", "TL103"]) == [("triage.py", 11, "TL102"), ("triage.py", 13, "TL102")]
