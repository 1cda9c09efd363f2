"""The Agents SDK's handoffs added after the agent is made (issue 18:
`triage.handoffs.append(faq_agent)`, `.extend([...])`, `triage.handoffs = [...]`): the
runner reads `agent.handoffs` each turn, so each is a `transfer_to_` tool as a
constructor's `handoffs=[...]` item is (recorded: tests/data/frameworks/agents_appended.json,
checked by test_agents_sdk.py)."""
from __future__ import annotations

import pytest

from frameworkcase import extract
from lintcase import parse_findings, toollint, write_tree

AGENTS = '''
from agents import Agent

triage = Agent(name="Triage", instructions="Route the user.")
faq = Agent(name="FAQ Agent", handoff_description="Answers frequently asked questions.")
seats = Agent(name="Seat Booking", handoff_description="Books seats.")
'''


def names(source: str):
    return [t.name.value for t in extract(AGENTS + source.strip("\n") + "\n")]


@pytest.mark.parametrize("change, expected", [
    ("triage.handoffs.append(faq)", ["transfer_to_faq_agent"]),
    ("triage.handoffs.extend([faq, seats])", ["transfer_to_faq_agent", "transfer_to_seat_booking"]),
    ("triage.handoffs = [seats]", ["transfer_to_seat_booking"]),
    ("SPECIALISTS = [faq, seats]\ntriage.handoffs.extend(SPECIALISTS)",
     ["transfer_to_faq_agent", "transfer_to_seat_booking"]),
    ("faq.handoffs.append(triage)", ["transfer_to_triage"]),
])
def test_a_handoff_added_to_an_agent(change, expected):
    assert names(change) == expected


def test_agents_a_function_makes():
    assert [t.name.value for t in extract('''
from agents import Agent


def build():
    triage = Agent(name="Triage")
    billing = Agent(name="Billing")
    triage.handoffs.append(billing)
    return triage
''')] == ["transfer_to_billing"]


@pytest.mark.parametrize("change", [
    "other.handoffs.append(faq)",  # not an agent we know
    "triage.handoffs.append(make_agent())",  # an agent made elsewhere: its name is unknown
    "triage.handoffs.append(specialist)",  # a name the module does not bind
    "triage.instructions.append(faq)",  # not the handoffs list
    "triage.handoffs.remove(faq)",
])
def test_other_changes_add_no_handoff(change):
    assert names(change) == []


def test_the_appended_handoffs_are_judged(tmp_path):
    write_tree(tmp_path, {"agents_demo.py": AGENTS.replace(
        'handoff_description="Answers frequently asked questions."', 'handoff_description=""') + '''
triage.handoffs.append(faq)
'''})
    result = toollint("check", "--select", "TL1", ".", cwd=tmp_path)
    found = parse_findings(result.stdout)
    # the generated description is judged, at the handoff_description it ends with
    assert [(f[1], f[3]) for f in found if "'transfer_to_faq_agent'" in f[4]] == [(4, "TL102")], result.stdout
