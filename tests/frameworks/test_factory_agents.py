"""Agents a function of another project module makes (held-out round 16, miss M1):
`from app.agents.faq import build_faq_agent`, then `Agent(handoffs=[build_faq_agent()])`, or
smolagents' `CodeAgent(managed_agents=[build_researcher()])`. Linking reads the agent the
factory returns there (extract/factories.py): the tool is the one the agent itself would
make (recorded: agents_appended.json, smolagents_managed.json). A factory that may return
something else, or names its agent from its parameters, makes no tool."""
from __future__ import annotations

import json
import os
import textwrap

import pytest

from frameworkcase import DATA
from lintcase import parse_findings, toollint, write_tree


def recorded(source: str, name: str):
    with open(os.path.join(DATA, source), encoding="utf-8") as handle:
        return next(t for t in json.load(handle)["tools"] if t["name"] == name)


def dump(tmp_path, files):
    write_tree(tmp_path, {"app/__init__.py": "", "app/agents/__init__.py": "", **files})
    result = toollint("dump", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "TL001" not in toollint("check", str(tmp_path)).stdout  # every file read
    return json.loads(result.stdout)


def named(tools):
    return [(t["name"], t["description"]) for t in tools if isinstance(t, dict)]


FAQ = '''
    from agents import Agent


    def build_faq_agent(model: str = "gpt-4.1") -> Agent:
        """The FAQ specialist."""
        return Agent(name="FAQ Agent", model=model, instructions="Answer from the FAQ.",
                     handoff_description="Answers frequently asked questions.")
'''


def test_a_handoff_to_an_agent_a_function_of_another_module_makes(tmp_path):
    tools = dump(tmp_path, {"app/agents/faq.py": FAQ, "app/triage.py": '''
        from agents import Agent

        from app.agents.faq import build_faq_agent

        triage = Agent(name="Triage", instructions="Route the user.", handoffs=[build_faq_agent()])
    '''})
    want = recorded("agents_appended.json", "transfer_to_faq_agent")
    assert [{k: t[k] for k in want} for t in tools] == [want]


def test_the_agent_bound_to_a_local_in_both_functions(tmp_path):
    tools = dump(tmp_path, {"app/agents/billing.py": '''
        from typing import Any

        from agents import Agent

        PROMPT = "You handle invoices."


        def create_billing_agent(model):
            agent = Agent[Any](name="Billing Agent", instructions=PROMPT, model=model,
                               handoff_description="Specialist for invoices and payment questions.")
            return agent
    ''', "app/agents/triage.py": '''
        from agents import Agent

        from .billing import create_billing_agent


        def create_triage_agent(model="gpt-4.1"):
            billing = create_billing_agent(model)
            specialists = [billing]
            return Agent(name="Triage", instructions="Route the user.", handoffs=specialists)
    '''})
    assert named(tools) == [("transfer_to_billing_agent", "Handoff to the Billing Agent agent to handle the request. "
                                                          "Specialist for invoices and payment questions.")]


def test_a_generic_agent_in_a_module_that_offers_no_tool(tmp_path):
    tools = dump(tmp_path, {"app/agents/billing.py": '''
        from typing import Any

        from agents import Agent


        def build_billing():
            return Agent[Any](name="Billing", instructions="Handle invoices.")
    ''', "app/triage.py": '''
        from agents import Agent

        from app.agents.billing import build_billing

        triage = Agent(name="Triage", handoffs=[build_billing()])
    '''})
    assert named(tools) == [("transfer_to_billing", "Handoff to the Billing agent to handle the request. ")]


def test_a_handoff_call_named_after_the_agent(tmp_path):
    tools = dump(tmp_path, {"app/agents/faq.py": FAQ, "app/triage.py": '''
        from agents import Agent, handoff

        from app.agents import faq

        triage = Agent(name="Triage", handoffs=[handoff(faq.build_faq_agent(),
                                                        tool_description_override="Answer a question from the FAQ.")])
    '''})
    assert named(tools) == [("transfer_to_faq_agent", "Answer a question from the FAQ.")]


def test_a_vague_description_is_flagged_in_the_factory(tmp_path):
    write_tree(tmp_path, {"app/__init__.py": "", "app/faq.py": FAQ.replace(
        '"Answers frequently asked questions."', '"FAQ."'), "app/triage.py": '''
        from agents import Agent

        from app.faq import build_faq_agent

        triage = Agent(name="Triage", handoffs=[build_faq_agent()])
    '''})
    found = parse_findings(toollint("check", str(tmp_path)).stdout)
    assert [(os.path.basename(path), line, code) for path, line, _, code, _ in found] == [
        ("faq.py", 7, "TL103")], found  # on its handoff_description=, where the user changes it


QUIET = {
    "two different returns": '''
        def build_faq_agent(strict: bool = False):
            if strict:
                return Agent(name="Strict FAQ Agent")
            return Agent(name="FAQ Agent")
    ''',
    "the local returned in one branch only": '''
        def build_faq_agent(cached=None):
            agent = Agent(name="FAQ Agent")
            if cached is not None:
                return cached
            return agent
    ''',
    "something other than an agent": '''
        from app.registry import lookup

        def build_faq_agent():
            return lookup("faq")
    ''',
    "an agent named by its caller": '''
        def build_faq_agent(name):
            return Agent(name=name, handoff_description="Answers frequently asked questions.")
    ''',
    "a description its caller gives": '''
        def build_faq_agent(description):
            return Agent(name="FAQ Agent", handoff_description=description)
    ''',
    "a description built from its parameter": '''
        def build_faq_agent(topic="billing"):
            return Agent(name="FAQ Agent", handoff_description=f"Answers questions about {topic}.")
    ''',
    "a coroutine": '''
        async def build_faq_agent():
            return Agent(name="FAQ Agent")
    ''',
}


@pytest.mark.parametrize("factory", QUIET.values(), ids=list(QUIET))
def test_no_tool_from_a_factory_that_may_make_another(tmp_path, factory):
    tools = dump(tmp_path, {"app/agents/faq.py": "from agents import Agent\n\n" + textwrap.dedent(factory), "app/triage.py": '''
        from agents import Agent

        from app.agents.faq import build_faq_agent

        faq = build_faq_agent()
        triage = Agent(name="Triage", handoffs=[faq])
    '''})
    assert named(tools) == []


def test_a_def_of_the_module_shadows_a_star_import(tmp_path):
    tools = dump(tmp_path, {"app/agents/faq.py": FAQ, "app/triage.py": "from agents import Agent\n"
                            "from app.agents.faq import *\n\n" + textwrap.dedent(QUIET["two different returns"])
                            + '\ntriage = Agent(name="Triage", handoffs=[build_faq_agent()])\n'})
    assert named(tools) == []


RESEARCHER = '''
    from smolagents import CodeAgent, OpenAIServerModel

    DESCRIPTION = "Searches the web for what the task asks and reports the pages it found."


    def build_researcher_agent() -> CodeAgent:
        model = OpenAIServerModel(model_id="gpt-4.1")
        return CodeAgent(tools=[], model=model, name="web_agent", description=DESCRIPTION)
'''

EDITOR = '''
    from smolagents import CodeAgent, OpenAIServerModel

    from app.agents.researcher import build_researcher_agent


    def build_editor_agent() -> CodeAgent:
        researcher = build_researcher_agent()
        return CodeAgent(tools=[], model=OpenAIServerModel(model_id="gpt-4.1"), managed_agents=[researcher])
'''


def test_a_managed_agent_a_function_of_another_module_makes(tmp_path):
    tools = dump(tmp_path, {"app/agents/researcher.py": RESEARCHER, "app/agents/editor.py": EDITOR})
    want = recorded("smolagents_managed.json", "web_agent")
    assert [{k: t[k] for k in want} for t in tools if isinstance(t, dict)] == [want]


@pytest.mark.parametrize("factory", [
    '''
    def build_researcher_agent(name="web_agent"):
        return CodeAgent(tools=[], model=None, name=name, description="Searches the web.")
    ''',
    '''
    def build_researcher_agent(description):
        return CodeAgent(tools=[], model=None, name="web_agent", description=description)
    ''',
    '''
    def build_researcher_agent(agent=None):
        return agent or CodeAgent(tools=[], model=None, name="web_agent", description="Searches the web.")
    ''',
], ids=["name", "description", "another value"])
def test_no_managed_agent_from_a_factory_its_caller_configures(tmp_path, factory):
    tools = dump(tmp_path, {"app/agents/researcher.py": "from smolagents import CodeAgent\n\n" + textwrap.dedent(factory),
                            "app/agents/editor.py": EDITOR})
    assert named(tools) == []
