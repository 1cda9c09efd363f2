"""`handoff(billing)` of an agent a function makes (held-out round 12, miss M1): the
handoff's tool as for `handoffs=[billing]`; a name the function binds twice stands for
nothing, as there."""
from __future__ import annotations

from frameworkcase import extract


def test_a_handoff_call_on_an_agent_the_function_makes():
    tool, = extract('''
        from agents import Agent, handoff

        async def start():
            billing = Agent(name="Billing Agent", handoff_description="For invoices and payments.")
            return Agent(name="Triage", handoffs=[handoff(billing)])
    ''')
    assert tool.name.value == "transfer_to_billing_agent"
    assert tool.description.value == "Handoff to the Billing Agent agent to handle the request. For invoices and payments."


def test_an_override_names_the_tool():
    tool, = extract('''
        from agents import Agent, handoff

        def build():
            refunds = Agent(name="Refunds")
            return Agent(name="Triage", handoffs=[handoff(refunds, tool_name_override="escalate_refund",
                                                          tool_description_override="Refund a paid order.")])
    ''')
    assert (tool.name.value, tool.description.value) == ("escalate_refund", "Refund a paid order.")


def test_a_name_bound_twice_makes_no_tool():
    assert extract('''
        from agents import Agent, handoff

        def build(flag):
            billing = Agent(name="Billing Agent")
            if flag:
                billing = Agent(name="Other Agent")
            return Agent(name="Triage", handoffs=[handoff(billing)])
    ''') == []
