"""The Agents SDK's handoffs, agents as tools and hand-built FunctionTools: toollint.frameworks.agents_refs."""
from __future__ import annotations

import textwrap

import pytest

from frameworkcase import check_recording, extract, name_of, recordings, schema
from toollint.frameworks.agents_refs import function_style


@pytest.mark.parametrize("recording", [r for r in recordings("openai-agents") if "registered" in r], ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_handoff_names_in_function_style():
    assert function_style("transfer_to_Billing agent (EU)") == "transfer_to_billing_agent__eu_"


def test_a_handoff_without_a_handoff_description_keeps_the_sdk_trailing_space():
    tool, = extract('''
        from agents import Agent

        faq = Agent(name="FAQ")
        triage = Agent(name="Triage", handoffs=[faq])
    ''')
    assert tool.name.value == "transfer_to_faq"
    assert tool.description.value == "Handoff to the FAQ agent to handle the request. "
    assert schema(tool)["properties"] == {}


def test_what_is_not_a_tool_definition():
    assert extract('''
        from agents import Agent, WebSearchTool, FileSearchTool, handoff
        from .others import sales_agent

        def log(ctx) -> None:
            """A hook."""

        calls = [{"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}]
        helper = Agent(name=NAME)
        triage = Agent(name="Triage", tools=[WebSearchTool(), FileSearchTool(vector_store_ids=["v"])],
                       handoffs=[sales_agent, helper, handoff(sales_agent)], hooks=[log])
    ''') == []


def test_handoff_with_input_type_has_an_unknown_schema():
    tool, = extract('''
        from agents import Agent, handoff

        escalation = Agent(name="Escalation")
        h = handoff(escalation, on_handoff=on_escalate, input_type=EscalationData)
    ''')
    assert tool.name.value == "transfer_to_escalation" and tool.schema.__class__.__name__ == "Unresolved"


def test_as_tool_on_an_agent_made_elsewhere_needs_its_tool_name():
    named, = extract('''
        from .specialists import pricing_agent, rollout_agent

        def build():
            return [pricing_agent.as_tool(tool_name="review_pricing", tool_description="Review the pricing."),
                    rollout_agent.as_tool(tool_name=None, tool_description="Unnamed: not shown.")]
    ''')
    assert (named.name.value, named.description.value) == ("review_pricing", "Review the pricing.")


def test_a_handoff_to_a_generic_agent():
    tool, = extract('''
        from agents import Agent

        faq = Agent[AirlineContext](name="FAQ Agent", handoff_description="Answers airline questions.")
        triage = Agent[AirlineContext](name="Triage", handoffs=[faq])
    ''')
    assert tool.name.value == "transfer_to_faq_agent"
    assert tool.description.value.endswith("request. Answers airline questions.")


STRICT_TOOL = '''
    from agents import Agent, FunctionTool


    async def _run(ctx, args):
        return ""


    find = FunctionTool(
        name="find_orders",
        description="Find a customer's orders. Use to list them before picking one.",
        params_json_schema={"type": "object", "properties": {
            "customer": {"type": "string", "description": "The customer id."}}EXTRA},
        on_invoke_tool=_run,STRICT
    )
    agent = Agent(name="a", tools=[find])
'''


@pytest.mark.parametrize("extra, strict, fires", [
    ("", "", False),  # the SDK adds additionalProperties false and requires every property
    (', "additionalProperties": True', "", True),  # the SDK raises: TL210 is right
    ("", "\n    strict_json_schema=False,", False),  # not strict: nothing to say
])
def test_tl210_judges_what_a_strict_function_tool_sends(tmp_path, extra, strict, fires):
    from lintcase import parse_findings, toollint

    (tmp_path / "agent.py").write_text(textwrap.dedent(STRICT_TOOL.replace("EXTRA", extra).replace("STRICT", strict)))
    result = toollint("check", "--isolated", "--no-cache", "--select", "TL210", str(tmp_path))
    assert bool(parse_findings(result.stdout)) == fires, result.stdout


def test_a_handoff_to_an_agent_a_function_builds_and_returns_by_name():
    found = extract('''
        from agents import Agent

        def billing_agent():
            agent = Agent(name="Billing", handoff_description="Answers billing questions.")
            return agent

        def renamed_agent():
            agent = Agent(name="Draft")
            agent.name = "Final"  # the name it is sent with is set after the call
            return agent

        def either(eu):
            agent = Agent(name="US")
            if eu:
                agent = Agent(name="EU")
            return agent

        triage = Agent(name="Triage", handoffs=[billing_agent(), renamed_agent(), either(True)])
    ''')
    assert [(t.name.value, t.description.value) for t in found] == [
        ("transfer_to_billing", "Handoff to the Billing agent to handle the request. Answers billing questions.")]


def test_no_handoff_to_what_a_function_may_return_instead():
    assert extract('''
        from agents import Agent

        def either(strict=False):
            if strict:
                return Agent(name="Strict Billing")
            return Agent(name="Billing")

        def cached(previous=None):
            agent = Agent(name="Billing")
            if previous is not None:
                return previous
            return agent

        async def later():  # its call makes a coroutine
            return Agent(name="Billing")

        triage = Agent(name="Triage", handoffs=[either(), cached(), later()])
    ''') == []
