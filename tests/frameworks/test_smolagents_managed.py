"""smolagents' managed agents (toollint.frameworks.smolagents_managed): each agent of
`managed_agents=[...]` is a tool of the manager's, named and described as the agent is;
recorded in tests/data/frameworks/smolagents_managed.json (test_smolagents.py compares)."""
from __future__ import annotations

import json

import pytest

from frameworkcase import extract, schema
from lintcase import parse_findings, toollint, write_tree

HEAD = "from smolagents import CodeAgent, InferenceClientModel, ToolCallingAgent\n\nmodel = InferenceClientModel()\n"


def managed(source: str):
    return [t for t in extract(HEAD + source.strip("\n")) if t.framework == "smolagents"]


def test_an_agent_made_in_the_list():
    tool, = managed('''
manager = CodeAgent(
    tools=[],
    model=model,
    managed_agents=[ToolCallingAgent(tools=[], model=model, name="web_agent",
                                     description="Searches the web for what the task asks.")],
)
''')
    assert tool.name.value == "web_agent"
    assert tool.description.value == "Searches the web for what the task asks."
    assert schema(tool)["required"] == ["task"]
    assert schema(tool)["properties"]["additional_args"]["nullable"] is True


def test_an_agent_bound_to_a_name_first():
    tool, = managed('''
researcher = CodeAgent(tools=[], model=model, name="researcher", description="Reads papers and sums them up.")
manager = ToolCallingAgent(tools=[], model=model, managed_agents=[researcher])
''')
    assert (tool.name.value, tool.description.value) == ("researcher", "Reads papers and sums them up.")
    assert tool.name.span.line == 4  # on the agent's name=, where the user changes it


def test_an_agent_a_function_makes():
    assert [t.name.value for t in managed('''
def build(model):
    web = ToolCallingAgent(tools=[], model=model, name="web", description="Browses the web.")
    return CodeAgent(tools=[], model=model, managed_agents=[web])
''')] == ["web"]


def test_a_description_not_read_statically_is_unknown_not_missing():
    tool, = managed('''
from .prompts import WEB_DESCRIPTION

web = ToolCallingAgent(tools=[], model=model, name="web", description=WEB_DESCRIPTION)
manager = CodeAgent(tools=[], model=model, managed_agents=[web])
''')
    assert tool.description is not None and tool.description.value is None


@pytest.mark.parametrize("source", [
    # smolagents raises: no description, no name, a name that is no identifier
    "web = ToolCallingAgent(tools=[], model=model, name='web')\nCodeAgent(tools=[], model=model, managed_agents=[web])",
    "web = ToolCallingAgent(tools=[], model=model, description='Browses.')\n"
    "CodeAgent(tools=[], model=model, managed_agents=[web])",
    "web = ToolCallingAgent(tools=[], model=model, name='web agent', description='Browses.')\n"
    "CodeAgent(tools=[], model=model, managed_agents=[web])",
    # the name is not known here
    "def build(name):\n    web = ToolCallingAgent(tools=[], model=model, name=name, description='Browses.')\n"
    "    return CodeAgent(tools=[], model=model, managed_agents=[web])",
    "def build(agents):\n    return CodeAgent(tools=[], model=model, managed_agents=agents)",
    "from .team import web\n\nCodeAgent(tools=[], model=model, managed_agents=[web])",
    "web = ToolCallingAgent(tools=[], model=model, **settings)\nCodeAgent(tools=[], model=model, managed_agents=[web])",
    # an agent no manager manages offers no tool of its own
    "web = ToolCallingAgent(tools=[], model=model, name='web', description='Browses the web.')",
    # `managed_agents` is a dict once the manager is made: an append raises
    "web = ToolCallingAgent(tools=[], model=model, name='web', description='Browses the web.')\n"
    "manager = CodeAgent(tools=[], model=model)\nmanager.managed_agents.append(web)",
])
def test_no_tool_where_smolagents_makes_none_or_its_name_is_unknown(source):
    assert managed(source) == []


GOOD = '''
from smolagents import CodeAgent, InferenceClientModel, ToolCallingAgent, tool

model = InferenceClientModel()


@tool
def web_search(query: str) -> str:
    """Search the web and return the top results as markdown. Use this when the task needs
    facts from the internet.

    Args:
        query: The search terms, for example "smolagents managed agents".
    """
    return ""


web_agent = ToolCallingAgent(
    tools=[web_search],
    model=model,
    name="web_agent",
    description="Runs web searches and reads pages to answer a question. Call it when the task needs "
                "up-to-date facts from the internet; give it the full question.",
)
manager = CodeAgent(tools=[], model=model, managed_agents=[web_agent])
'''


def test_the_managed_agent_is_dumped_and_quiet_when_well_described(tmp_path):
    write_tree(tmp_path, {"team.py": GOOD})
    result = toollint("dump", str(tmp_path))
    assert [t["name"] for t in json.loads(result.stdout)] == ["web_search", "web_agent"]
    result = toollint("check", str(tmp_path))
    assert parse_findings(result.stdout) == [], result.stdout


def test_a_vague_description_is_flagged_on_the_agent(tmp_path):
    write_tree(tmp_path, {"team.py": GOOD.replace(
        '"Runs web searches and reads pages to answer a question. Call it when the task needs "\n'
        '                "up-to-date facts from the internet; give it the full question."', '"Web agent."')})
    found = parse_findings(toollint("check", str(tmp_path)).stdout)
    assert [(line, code) for _, line, _, code, _ in found] == [(21, "TL102")], found  # on its description=


_TWINS = '''
from smolagents import CodeAgent, InferenceClientModel, ToolCallingAgent, tool

model = InferenceClientModel()


@tool
def web_search(query: str) -> str:
    """Search the web for a phrase. Use this when the task needs facts from the internet.

    Args:
        query: The phrase to search for.
    """
    return ""


@tool
def search_web(query: str) -> str:
    """Search the web for a phrase. Use this when the task needs facts from the internet.

    Args:
        query: The phrase to search for.
    """
    return ""


web_agent = ToolCallingAgent(tools=[web_search], model=model, name="web_agent",
                             description="Answers a question from the web. Call it with the whole question.")
'''


def test_the_managers_tools_and_the_managed_agents_are_one_turn(lint):
    # web_search goes to web_agent's model only; the manager offers search_web and web_agent
    apart = _TWINS + "manager = CodeAgent(tools=[search_web], model=model, managed_agents=[web_agent])\n"
    assert lint({"s.py": apart}, select=["TL104", "TL107"]) == [("s.py", 18, "TL104"), ("s.py", 27, "TL104")]
    together = _TWINS + "manager = CodeAgent(tools=[web_search, search_web], model=model, managed_agents=[web_agent])\n"
    assert ("s.py", 18, "TL107") in lint({"s.py": together}, select=["TL107"])


PROMPTED = '''
def templates(system_prompt):
    return {"system_prompt": system_prompt, "managed_agent": {"task": "{{task}}", "report": "{{final_answer}}"}}


researcher = ToolCallingAgent(tools=[], model=model, name="researcher", description="Reads papers.")
manager = MANAGER(tools=[], model=model, managed_agents=[researcher], prompt_templates=templates(PROMPT))
'''


@pytest.mark.parametrize("manager, prompt, shown", [
    # held-out round 119, A: a CodeAgent's own literal prompt that never names its managed agents
    ("CodeAgent", '"You route requests: call researcher(task) for papers."', False),
    ("CodeAgent", '"Team:\\n{%- for agent in managed_agents.values() %}\\n- {{ agent.name }}: {{ agent.description }}'
                  '\\n{%- endfor %}"', True),
    ("CodeAgent", "load_prompt()", True),  # not read: as before
    ("ToolCallingAgent", '"You route requests."', True),  # sent as a tool, whatever the prompt
])
def test_a_code_agents_literal_prompt_decides_whether_its_managed_agents_are_shown(manager, prompt, shown):
    found = managed(PROMPTED.replace("MANAGER", manager).replace("PROMPT", prompt))
    assert [t.name.value for t in found] == (["researcher"] if shown else [])
