"""TL208 and Anthropic's `input_examples` (advanced tool use beta): example inputs sent with
the tool give the model what a property looks like, so a property they give a value for
is not reported; one they leave out still is (issue 18, held-out round 12 class B)."""
from __future__ import annotations

TOOL = '''
import anthropic

client = anthropic.Anthropic()
TOOLS = [{
    "name": "create_ticket",
    "description": "Create a support ticket. Call this when the customer reports a problem that needs follow-up.",
    "input_schema": {
        "type": "object",
        "properties": {
            "reporter_id": {"type": "string", "description": "User identifier"},
            "due_date": {"type": "string", "description": "Target completion date"},
        },
        "required": ["reporter_id"],
    },
    EXAMPLES
}]
client.beta.messages.create(model="claude-opus-4-5", max_tokens=100, tools=TOOLS,
                            betas=["advanced-tool-use-2025-11-20"],
                            messages=[{"role": "user", "content": "hi"}])
'''


def _reported(lint, examples):
    found = lint({"agent.py": TOOL.replace("EXAMPLES", examples)}, select=["TL208"])
    return sorted(line for _, line, _ in found)


def test_without_examples_both_properties_are_reported(lint):
    assert _reported(lint, "") == [10, 11]


def test_properties_the_examples_give_values_for_are_not_reported(lint):
    assert _reported(lint, '"input_examples": [{"reporter_id": "USR-12345", "due_date": "2024-11-06"}],') == []


def test_a_property_the_examples_leave_out_is_still_reported(lint):
    assert _reported(lint, '"input_examples": [{"reporter_id": "USR-12345"}],') == [11]


def test_nested_example_values_count(lint):
    assert _reported(lint, '"input_examples": [{"ticket": {"reporter_id": "USR-1", "due_date": "2024-11-06"}}],') == []


def test_examples_that_cannot_be_read_may_hold_any_property(lint):
    source = TOOL.replace("EXAMPLES", '"input_examples": EXAMPLES,').replace(
        "client = anthropic.Anthropic()", "client = anthropic.Anthropic()\nEXAMPLES = load_examples()")
    assert lint({"agent.py": source}, select=["TL208"]) == []


def test_the_schemas_own_examples_give_values_too(lint):
    # held-out round 118, N: JSON Schema's `examples` beside `properties` in a low-level
    # server's inputSchema; a property they leave out is still reported
    source = TOOL.replace('"required": ["reporter_id"],', '"required": ["reporter_id"],\n'
                          '        "examples": [{"reporter_id": "USR-12345"}],').replace("EXAMPLES", "")
    found = lint({"agent.py": source}, select=["TL208"])
    assert sorted(line for _, line, _ in found) == [11]
