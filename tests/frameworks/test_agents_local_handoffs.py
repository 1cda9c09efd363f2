"""The Agents SDK's handoffs to an agent a function makes (issue 18: `def build():
billing = Agent(...); triage = Agent(handoffs=[billing])`): the `transfer_to_` tool, as for a
module-level agent (toollint.frameworks.agents_locals)."""
from __future__ import annotations

import pytest

from frameworkcase import extract
from lintcase import parse_findings, toollint, write_tree


def names(source: str):
    return [t.name.value for t in extract("from agents import Agent\n\n" + source.strip("\n"))]


def test_a_handoff_to_an_agent_the_function_makes():
    tool, = extract('''
        from agents import Agent

        def build():
            billing = Agent(name="Billing Agent", handoff_description="For invoices and payments.")
            return Agent(name="Triage", handoffs=[billing])
    ''')
    assert tool.name.value == "transfer_to_billing_agent"
    assert tool.description.value == "Handoff to the Billing Agent agent to handle the request. For invoices and payments."


def test_an_enclosing_functions_agent():
    assert names('''
def build():
    billing = Agent(name="Billing")

    def triage():
        return Agent(name="Triage", handoffs=[billing])

    return triage
''') == ["transfer_to_billing"]


@pytest.mark.parametrize("body", [
    "def build(billing):\n    return Agent(name='Triage', handoffs=[billing])",  # a parameter
    "def build(flag):\n    billing = Agent(name='Billing')\n    if flag:\n        billing = Agent(name='Refunds')\n"
    "    return Agent(name='Triage', handoffs=[billing])",  # bound twice
    "def build(agents):\n    for billing in agents:\n        pass\n    return Agent(name='Triage', handoffs=[billing])",
    "def build():\n    global billing\n    billing = Agent(name='Refunds')\n    return Agent(name='Triage', handoffs=[billing])",
    "def build():\n    billing, other = make()\n    return Agent(name='Triage', handoffs=[billing])",
    "def build():\n    with open_agent() as billing:\n        return Agent(name='Triage', handoffs=[billing])",
])
def test_a_name_bound_otherwise_hides_the_modules_agent(body):
    # the module's `billing` is not the one handed over: Python looks the local name up
    assert names("billing = Agent(name='Billing')\n\n" + body) == []


def test_the_handoffs_are_judged(tmp_path):
    write_tree(tmp_path, {"triage.py": '''
        from agents import Agent, Runner


        async def main():
            billing = Agent(name="Billing Agent", instructions="You answer billing questions.")
            refunds = Agent(name="Refund Agent", handoff_description="Use this when the user asks for money back.")
            triage = Agent(name="Triage", handoffs=[billing, refunds])
            return await Runner.run(triage, "Where is my refund?")
    '''})
    result = toollint("check", "--select", "TL102,TL103", "--no-cache", ".", cwd=tmp_path)
    found = [(p, line, code) for p, line, _, code, _ in parse_findings(result.stdout)]
    assert found == [("triage.py", 7, "TL102")], result.stdout  # the generated label; refunds says when


@pytest.mark.parametrize("indent", ["", "    "])
def test_each_handoffs_list_is_its_own_turn(tmp_path, indent):
    # `Agent(handoffs=[...])` without tools= offers its handoffs, and no other agent's
    body = '''
faq = Agent(name="FAQ Agent", handoff_description="Use this when the user asks a general question.")
front = Agent(name="Front", handoffs=[faq])
billing = Agent(name="Billing Agent", handoff_description="Use this when the user asks about an invoice.")
refunds = Agent(name="Refund Agent", handoff_description="Use this when the user asks for money back.")
triage = Agent(name="Triage", handoffs=[billing, refunds])
'''
    head = "from agents import Agent\n\n\n" + ("def build():\n" if indent else "")
    (tmp_path / "agents_.py").write_text(head + "".join(indent + line + "\n" for line in body.strip().splitlines()))
    result = toollint("check", "--select", "TL104", "--no-cache", ".", cwd=tmp_path)
    found = [(line, message.split("'")[1]) for _, line, _, _, message in parse_findings(result.stdout)]
    # on each handoff_description; FAQ, offered alone, needs no exclusion
    assert found == [(6 + bool(indent), "transfer_to_billing_agent"), (7 + bool(indent), "transfer_to_refund_agent")], \
        result.stdout
