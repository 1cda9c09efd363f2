"""Issue 18 (held-out round 8, class T): a forced `tool_choice` names a tool that is
defined elsewhere; it is never a second, empty definition of it (TL101, TL302), while the
real definition beside it is still read and judged."""
from __future__ import annotations

import json

import pytest

from lintcase import FINDING_LINE, toollint, write_tree

_OPENAI = '''
from openai import OpenAI

client = OpenAI()
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "lookup_order",
            "description": "DESCRIPTION",
            "parameters": {"type": "object", "properties": {"order_number": {"type": "string"}}},
        },
    }
]


def ask(messages):
    return client.chat.completions.create(model="gpt-4o", messages=messages, tools=TOOLS, CHOICE)
'''

_DESCRIBED = "Look up an order by its number. Use this when the customer gives an order number."

CHOICES = {
    "chat keyword": 'tool_choice={"type": "function", "function": {"name": "lookup_order"}}',
    "responses keyword": 'tool_choice={"type": "function", "name": "lookup_order"}',
    "anthropic keyword": 'tool_choice={"type": "tool", "name": "lookup_order", "disable_parallel_tool_use": True}',
    "a dict entry": '**{"tool_choice": {"type": "function", "function": {"name": "lookup_order"}}}',
    "dict() keyword": 'tool_choice=dict(type="function", function={"name": "lookup_order"})',
}


def _agent(description: str, choice: str) -> str:
    return _OPENAI.replace("DESCRIPTION", description).replace("CHOICE", choice)


def _tools(tmp_path, source: str):
    write_tree(tmp_path, {"agent.py": source})
    done = toollint("dump", ".", cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _check(tmp_path, *select: str):
    done = toollint("check", ".", "--select", ",".join(select), cwd=str(tmp_path))
    found = (FINDING_LINE.match(line) for line in done.stdout.splitlines())
    return [f"{m['line']}:{m['col']} {m['code']}" for m in found if m]


@pytest.mark.parametrize("choice", CHOICES.values(), ids=list(CHOICES))
def test_a_forced_choice_is_not_a_second_tool(tmp_path, choice):
    tools = _tools(tmp_path, _agent(_DESCRIBED, choice))
    assert [t["name"] for t in tools] == ["lookup_order"]
    assert _check(tmp_path, "TL101", "TL302") == []


def test_the_definition_beside_the_choice_is_still_judged(tmp_path):
    source = _agent("", CHOICES["chat keyword"])
    tools = _tools(tmp_path, source)
    assert [t["name"] for t in tools] == ["lookup_order"]
    assert _check(tmp_path, "TL101") == ["9:28 TL101"]  # on the definition's empty description


def test_a_structured_output_bind_is_no_tool(tmp_path):
    source = '''
        from langchain_openai import ChatOpenAI
        from pydantic import BaseModel, Field


        class Rewrite(BaseModel):
            """Rewrite the draft in the tone the user prefers."""

            text: str = Field(description="The rewritten draft")


        def rewrite(prompt: str):
            llm = ChatOpenAI(model="gpt-4o")
            model = llm.with_structured_output(Rewrite).bind(
                tool_choice={"type": "function", "function": {"name": "Rewrite"}}
            )
            return model.invoke(prompt)
    '''
    assert _tools(tmp_path, source) == []


ASSIGNED = {
    "a local": 'choice = 1\n    tool_choice = {"type": "function", "function": {"name": "lookup_order"}}',
    "a kwargs key": ('kwargs = {}\n'
                     '    kwargs["tool_choice"] = {"type": "function", "function": {"name": "lookup_order"}}'),
    "an attribute": 'self = None\n    self.tool_choice = {"type": "tool", "name": "lookup_order"}',
}


@pytest.mark.parametrize("assigned", ASSIGNED.values(), ids=list(ASSIGNED))
def test_a_choice_assigned_in_a_function_is_not_a_tool(tmp_path, assigned):
    source = _agent(_DESCRIBED, "**kwargs") + f"\n\ndef force():\n    {assigned}\n"
    assert [t["name"] for t in _tools(tmp_path, source)] == ["lookup_order"]


def test_a_module_constant_given_as_the_choice_is_not_a_tool(tmp_path):
    source = _agent(_DESCRIBED, "tool_choice=FORCE_LOOKUP") + (
        '\nFORCE_LOOKUP = {"type": "function", "function": {"name": "lookup_order"}}\n')
    assert [t["name"] for t in _tools(tmp_path, source)] == ["lookup_order"]
    assert _check(tmp_path, "TL101", "TL302") == []


def test_a_dict_that_only_names_a_tool_defines_none(tmp_path):
    # wherever it stands: a reference to a tool (here, one the API is told to prefer)
    source = _agent(_DESCRIBED, "**extra") + (
        '\n\ndef extra_args():\n    return {"preferred": {"type": "function", "function": {"name": "lookup_order"}}}\n')
    assert [t["name"] for t in _tools(tmp_path, source)] == ["lookup_order"]


def test_a_bare_definition_in_a_tools_list_is_still_a_tool(tmp_path):
    # the same shape as a choice, but sent as a tool: a definition with nothing in it
    source = '''
        from openai import OpenAI

        client = OpenAI()


        def ask(messages):
            return client.chat.completions.create(
                model="gpt-4o", messages=messages, tools=[{"type": "function", "function": {"name": "get_time"}}],
                tool_choice={"type": "function", "function": {"name": "get_time"}},
            )
    '''
    assert [t["name"] for t in _tools(tmp_path, source)] == ["get_time"]
    assert _check(tmp_path, "TL101") == ["8:93 TL101"]


STRUCTURED = '''
import json

from openai import OpenAI

client = OpenAI()

TOOLS = [
    {"type": "function", "function": {"name": "search_kb", "description": "Search the help center.",
     "parameters": {"type": "object", "properties": {"query": {"type": "string", "description": "Words."}}}}},
]
HANDLERS = {"search_kb": lambda query: []}


def run(messages):
    resp = client.chat.completions.create(model="gpt-4o", messages=messages, tools=TOOLS)
    for call in resp.choices[0].message.tool_calls or []:
        HANDLERS[call.function.name](**json.loads(call.function.arguments))


def suggestions(text):
    resp = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": text}],
        tools=[{"type": "function", "function": {"name": "provide_suggestions", "description": "Three replies.",
                "parameters": {"type": "object", "properties": {"items": {"type": "array", "description": "x"}}}}}],
        CHOICE
    )
    return json.loads(resp.choices[0].message.tool_calls[0].function.arguments)["items"]
'''


def test_a_forced_structured_output_tool_needs_no_handler(lint):
    # held-out round 47, F
    forced = 'tool_choice={"type": "function", "function": {"name": "provide_suggestions"}},'
    assert lint({"agent.py": STRUCTURED.replace("CHOICE", forced)}, select=["TL303"]) == []


def test_the_same_tool_offered_freely_still_needs_one(lint):
    assert [c for _, _, c in lint({"agent.py": STRUCTURED.replace("CHOICE", "")}, select=["TL303"])] == ["TL303"]
