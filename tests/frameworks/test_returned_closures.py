"""A function that makes a tool function and returns it (held-out round 104, M1: a bot's
`_make_post_wrapper()` capturing its token, the nested def handed to `Agent(tools=[...])`):
the framework gets the nested def, and derives its name, docstring and signature as written
(toollint.extract.closures)."""
from __future__ import annotations

import pytest

from frameworkcase import extract

SOURCE = '''
from pydantic_ai import Agent, RunContext


def make_post(token):
    async def post_message(ctx: RunContext[dict], channel_id: str, text: str) -> dict:
        """Post a message to a channel. Use this when the user asks to send something."""
        return {"token": token}
    return post_message


class Bot:
    def __init__(self, token: str):
        self.token = token

    def _make_get(self):
        token = self.token

        async def get_message(ctx: RunContext[dict], message_id: str) -> dict:
            """Get one message by id. Use this when the user quotes a message."""
            return {"token": token}

        return get_message

    def build(self):
        LISTED
'''


@pytest.mark.parametrize("listed", [
    'return Agent("openai:gpt-4.1", tools=[make_post(self.token), self._make_get()])',
    'tools = []\n        tools.append(make_post(self.token))\n        tools.append(self._make_get())\n'
    '        return Agent("openai:gpt-4.1", tools=tools)',
])
def test_the_returned_nested_def_is_the_tool(listed):
    tools = extract(SOURCE.replace("LISTED", listed))
    assert [(t.name.value, sorted(t.schema.get("properties").str_keys())) for t in tools] == [
        ("post_message", ["channel_id", "text"]), ("get_message", ["message_id"])]
    assert tools[0].description.value.startswith("Post a message")


@pytest.mark.parametrize("maker", [
    # a decorator may make something else of it
    'def make_post(token):\n    @retry\n    async def post_message(ctx: RunContext[dict], text: str) -> dict:\n'
    '        """Post."""\n        return {}\n    return post_message\n',
    # reassigned: the name stands for whatever the call made
    'def make_post(token):\n    async def post_message(ctx: RunContext[dict], text: str) -> dict:\n'
    '        """Post."""\n        return {}\n    post_message = wrap(post_message)\n    return post_message\n',
    # its signature set at run time (held-out round 115, M2: from a pydantic model's fields)
    'def make_post(token):\n    async def post_message(**kwargs) -> dict:\n'
    '        """Post."""\n        return {}\n    post_message.__signature__ = sig_of(token)\n    return post_message\n',
    # another return: which one the agent gets is a run-time choice
    'def make_post(token):\n    async def post_message(ctx: RunContext[dict], text: str) -> dict:\n'
    '        """Post."""\n        return {}\n    if not token:\n        return None\n    return post_message\n',
])
def test_a_maker_that_may_return_anything_else_makes_no_derived_tool(maker):
    source = ('from pydantic_ai import Agent, RunContext\n\n' + maker
              + '\n\nagent = Agent("openai:gpt-4.1", tools=[make_post("x")])\n')
    assert [t.name.value for t in extract(source)] == []


def test_a_local_def_whose_name_and_doc_are_set_at_run_time_is_no_derived_tool():
    # held-out round 116, A: a proxy per remote tool, its `__name__` and `__doc__` the remote's
    source = '''
from livekit.agents import function_tool


def build(defs):
    tools = []
    for td in defs:
        async def proxy(context, **kwargs):
            return await call_remote(td.name, kwargs)
        proxy.__name__ = td.name
        proxy.__doc__ = td.description
        tools.append(function_tool(proxy))
    return tools
'''
    assert extract(source) == []
    assert [t.name.value for t in extract(source.replace("        proxy.__name__ = td.name\n", "")
                                               .replace("        proxy.__doc__ = td.description\n", ""))] == ["proxy"]


def test_a_list_call_takes_the_returned_def_too():
    # the same maker handed to a listing call (`bind_tools([...])`), not a constructor
    source = '''
from langchain_openai import ChatOpenAI


def make_search(index):
    def search_notes(query: str) -> str:
        """Search the notes by words. Use this when the user asks what a note says."""
        return index.search(query)
    return search_notes


llm = ChatOpenAI(model="m").bind_tools([make_search(None), len])
'''
    assert [t.name.value for t in extract(source)] == ["search_notes"]
