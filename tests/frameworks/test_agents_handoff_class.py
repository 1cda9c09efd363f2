"""A hand-built `Handoff(tool_name=..., tool_description=..., input_json_schema=...)` of the
Agents SDK (toollint.frameworks.agents_refs): sent as given, strict unless it says not;
recorded in tests/data/frameworks/agents_handoff_class.json (test_agents_sdk.py compares)."""
from __future__ import annotations

import pytest

from frameworkcase import extract, schema

HANDOFF = '''
from agents import Agent, Handoff

from .routing import to_billing

escalate = Handoff(
    tool_name="escalate_to_billing",
    tool_description="Hand the conversation to billing. Call this when the user disputes a charge.",
    input_json_schema={SCHEMA},
    on_invoke_handoff=to_billing,
    agent_name="Billing",{MORE}
)
triage = Agent(name="Triage", handoffs=[escalate])
'''
OPEN = '{"type": "object", "properties": {"reason": {"type": "string", "description": "Why."}}}'


def handoff(schema_text: str = OPEN, more: str = ""):
    return extract(HANDOFF.replace("{SCHEMA}", schema_text).replace("{MORE}", more))


def test_the_handoff_is_one_tool_as_given():
    tool, = handoff()
    assert (tool.name.value, tool.description.value) == (
        "escalate_to_billing", "Hand the conversation to billing. Call this when the user disputes a charge.")
    assert schema(tool) == {"type": "object", "properties": {"reason": {"type": "string", "description": "Why."}}}
    assert tool.strict is True  # so TL210 tells that strict mode rejects this open schema


def test_strict_json_schema_false_is_kept():
    tool, = handoff(more="\n    strict_json_schema=False,")
    assert tool.strict is False


def test_a_schema_not_read_statically_is_unresolved():
    tool, = handoff("schema_for('billing')")
    assert tool.schema.__class__.__name__ == "Unresolved"


@pytest.mark.parametrize("source", [
    "Handoff(tool_name='x', input_json_schema={}, on_invoke_handoff=f, agent_name='A')",  # no description: raises
    "Handoff(tool_description='X.', input_json_schema={}, on_invoke_handoff=f, agent_name='A')",  # no name
    "Handoff(tool_name='x', tool_description='X.', on_invoke_handoff=f, agent_name='A')",  # no schema
    "Handoff(**settings)",
])
def test_no_tool_where_the_handoff_is_not_known(source):
    assert extract(f"from agents import Agent, Handoff\n\nAgent(name='A', handoffs=[{source}])\n") == []


def test_a_name_not_read_statically_is_unknown_as_a_function_tools_is():
    tool, = extract("from agents import Handoff\n\nh = Handoff(tool_name=NAME, tool_description='X.', "
                    "input_json_schema={}, on_invoke_handoff=f, agent_name='A')\n")
    assert tool.name.value is None and tool.description.value == "X."


def test_strict_mode_findings(lint):
    source = HANDOFF.replace("{SCHEMA}", OPEN).replace("{MORE}", "")
    assert lint({"app/s.py": source}, select=["TL210"]) == [("app/s.py", 8, "TL210"), ("app/s.py", 8, "TL210")]
    closed = OPEN[:-1] + ', "required": ["reason"], "additionalProperties": False}'
    assert lint({"app/s.py": HANDOFF.replace("{SCHEMA}", closed).replace("{MORE}", "")}, select=["TL210"]) == []
