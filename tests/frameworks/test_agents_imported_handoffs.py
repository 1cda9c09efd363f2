"""The Agents SDK's handoffs to an agent another project module makes (`from .agents.billing
import billing_agent`, then `Agent(handoffs=[billing_agent])`): linking reads the agent's
name and handoff_description there, and the tool is the one the same module's agent makes
(recorded: tests/data/frameworks/agents_appended.json)."""
from __future__ import annotations

import json
import os

import pytest

from frameworkcase import DATA
from lintcase import parse_findings, toollint, write_tree

FAQ = '''
from agents import Agent

faq_agent = Agent(name="FAQ Agent", handoff_description="Answers frequently asked questions.")
'''


def recorded(name: str):
    with open(os.path.join(DATA, "agents_appended.json"), encoding="utf-8") as handle:
        return next(t for t in json.load(handle)["tools"] if t["name"] == name)


def dump(tmp_path, files):
    write_tree(tmp_path, {"app/__init__.py": "", **files})
    result = toollint("dump", str(tmp_path))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def as_recorded(tool):
    return {"name": tool["name"], "description": tool["description"], "input_schema": tool["input_schema"],
            "strict": tool["strict"]}


def test_a_handoff_to_an_agent_of_another_module(tmp_path):
    tools = dump(tmp_path, {"app/agents/__init__.py": "", "app/agents/faq.py": FAQ, "app/triage.py": '''
        from agents import Agent

        from .agents.faq import faq_agent

        triage = Agent(name="Triage", instructions="Route the user.", handoffs=[faq_agent])
    '''})
    assert [as_recorded(t) for t in tools] == [recorded("transfer_to_faq_agent")]


def test_through_a_package_that_re_exports_it(tmp_path):
    tools = dump(tmp_path, {"app/agents/__init__.py": "from .faq import faq_agent\n", "app/agents/faq.py": FAQ,
                            "app/triage.py": '''
        from agents import Agent
        from app.agents import faq_agent

        triage = Agent(name="Triage")
        triage.handoffs.append(faq_agent)
    '''})
    assert [as_recorded(t) for t in tools] == [recorded("transfer_to_faq_agent")]


def test_an_agent_whose_module_names_no_tool(tmp_path):
    # nothing in billing.py passes the prefilter: linking loads it for the handoff
    tools = dump(tmp_path, {"app/billing.py": 'from agents import Agent\n\nbilling = Agent(name="Billing")\n',
                            "app/triage.py": '''
        from agents import Agent

        from app.billing import billing

        triage = Agent(name="Triage", handoffs=[billing])
    '''})
    assert [(t["name"], t["description"]) for t in tools] == [
        ("transfer_to_billing", "Handoff to the Billing agent to handle the request. ")]


def test_handoff_calls_of_an_imported_agent(tmp_path):
    tools = dump(tmp_path, {"app/faq.py": FAQ, "app/triage.py": '''
        from agents import Agent, handoff

        from app.faq import faq_agent

        triage = Agent(name="Triage", handoffs=[
            handoff(faq_agent),
            handoff(faq_agent, tool_name_override="refund", tool_description_override="Hand refunds over."),
        ])
    '''})
    assert [as_recorded(t) for t in tools] == [recorded("transfer_to_faq_agent"), recorded("refund")]


def test_the_agents_description_is_judged_where_it_is_written(tmp_path):
    files = {"app/__init__.py": "", "app/faq.py": FAQ, "app/triage.py": '''
        from agents import Agent

        from app.faq import faq_agent

        triage = Agent(name="Triage", handoffs=[faq_agent])
    '''}
    write_tree(tmp_path, files)
    found = parse_findings(toollint("check", str(tmp_path)).stdout)
    assert [(os.path.relpath(p, tmp_path), line, code) for p, line, _, code, _ in found] == [
        ("app/faq.py", 3, "TL103")]
    (tmp_path / "app" / "faq.py").write_text(FAQ.lstrip("\n").replace(")\n", ")  # noqa: TL103\n"))
    assert parse_findings(toollint("check", str(tmp_path)).stdout) == []


@pytest.mark.parametrize("faq, triage", [
    # the name is bound to something else than an Agent(...) there
    ("from agents import Agent\n\nfaq_agent = make_agent('FAQ')\n", "from app.faq import faq_agent"),
    ("from other import Agent\n\nfaq_agent = Agent(name='FAQ')\n", "from app.faq import faq_agent"),
    # its name is not known statically
    ("import os\nfrom agents import Agent\n\nfaq_agent = Agent(name=os.environ['AGENT'])\n",
     "from app.faq import faq_agent"),
    ("from agents import Agent\n\nfaq_agent = Agent(**SETTINGS)\n", "from app.faq import faq_agent"),
    # not a project module, or not the imported name
    (FAQ, "from support.faq import faq_agent"),
    (FAQ, "from app.faq import *\nfrom app.other import *"),
])
def test_no_tool_where_the_agent_is_not_read(tmp_path, faq, triage):
    assert dump(tmp_path, {"app/faq.py": faq, "app/triage.py": (
        "from agents import Agent\n" + triage + "\n\ntriage = Agent(name='Triage', handoffs=[faq_agent])\n")}) == []


def test_a_parameter_hides_the_imported_agent(tmp_path):
    assert dump(tmp_path, {"app/faq.py": FAQ, "app/triage.py": (
        "from agents import Agent\nfrom app.faq import faq_agent\n\n\n"
        "def build(faq_agent):\n    return Agent(name='Triage', handoffs=[faq_agent])\n")}) == []


def test_each_agent_handing_off_offers_its_own_tool(tmp_path):
    tools = dump(tmp_path, {"app/faq.py": FAQ, "app/desk.py": '''
        from agents import Agent

        from app.faq import faq_agent

        sales = Agent(name="Sales", handoffs=[faq_agent])
        support = Agent(name="Support", handoffs=[faq_agent])
    '''})
    assert [t["name"] for t in tools] == ["transfer_to_faq_agent", "transfer_to_faq_agent"]
