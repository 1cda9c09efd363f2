"""pydantic-ai agents whose class is the project's subclass of Agent (issue 18, round 10's
misses: `class FileSurferAgent(Agent[State, str])`, `file_surfer = FileSurferAgent()` in a
factory, then `@file_surfer.tool`): toollint.frameworks.subclasses. What the real package
sends for them is recorded in tests/data/frameworks/pydantic_ai_subclass.json (compared by
test_pydantic_ai.py); these are the shapes around it."""
from __future__ import annotations

import textwrap

import pytest

from frameworkcase import extract, props
from lintcase import parse_findings, toollint, write_tree

_HEAD = "from dataclasses import dataclass\nfrom pydantic_ai import Agent, RunContext\n"


def tools(source: str):
    return extract(_HEAD + textwrap.dedent(source))


def names(source: str):
    return [t.name.value for t in tools(source)]


def test_a_subclass_instance_in_a_factory_declares_its_tools():
    found = tools('''
        class State:
            folder = "/tmp"

        class FileAgent(Agent[State, str]):
            def __init__(self, model: str = "openai:gpt-4o"):
                self.name = "files"
                super().__init__(model=model, deps_type=State)

        def create_file_agent() -> FileAgent:
            agent = FileAgent()

            @agent.tool
            async def read_file(ctx: RunContext[State], name: str) -> str:
                """Read a file of the current folder."""
                return ""

            @agent.tool_plain
            def list_files(pattern: str = "*") -> str:
                """List the files whose names match a glob pattern."""
                return ""

            return agent
    ''')
    assert [t.name.value for t in found] == ["read_file", "list_files"]
    assert all(t.framework == "pydantic-ai" for t in found)
    assert list(props(found[0])) == ["name"]  # the RunContext is not the model's
    assert "required" not in found[1].schema.str_keys()  # nothing required: pydantic-ai sends no list


def test_a_module_level_instance_and_a_chain_of_subclasses():
    assert names('''
        class Base(Agent):
            pass

        class Shop(Base):
            """A shop's agent."""
            greeting = "Hello"

        shop = Shop("test")

        @shop.tool_plain
        def restock(sku: str, count: int) -> str:
            """Order more of a product."""
            return ""
    ''') == ["restock"]


def test_a_subclass_constructor_takes_a_tool_list():
    assert names('''
        def lookup(sku: str) -> str:
            """Look up a product's stock."""
            return ""

        class Shop(Agent[None, str]):
            pass

        def build():
            return Shop("test", tools=[lookup])
    ''') == ["lookup"]


@pytest.mark.parametrize("cls", [
    # the class declares tools its own way: an override may do anything
    'class Shop(Agent):\n    def tool(self, func):\n        return func',
    'class Shop(Agent):\n    tool_plain = None',
    # a decorator (a dataclass's __init__ never reaches Agent's), a keyword, two bases
    '@dataclass\nclass Shop(Agent):\n    pass',
    'class Shop(Agent, metaclass=Meta):\n    pass',
    'class Shop(Agent, Mixin):\n    pass',
    # a base that is no framework class, or one this module cannot read
    'class Shop(Helper):\n    pass',
    'from app.agents import BaseAgent\nclass Shop(BaseAgent):\n    pass',
    # the body holds what static reading does not follow
    'class Shop(Agent):\n    if FLAG:\n        def tool(self, func):\n            return func',
])
def test_a_subclass_that_may_declare_otherwise_makes_no_tool(cls):
    source = cls + '''

shop = Shop("test")

@shop.tool_plain
def restock(sku: str) -> str:
    """Order more of a product."""
    return ""
'''
    assert names(source) == []


def test_a_name_both_imported_and_defined_is_not_guessed():
    assert names('''
        from app.agents import Shop

        class Shop(Agent):
            pass

        shop = Shop("test")

        @shop.tool_plain
        def restock(sku: str) -> str:
            """Order more of a product."""
            return ""
    ''') == []


def test_findings_on_a_subclass_agents_tools(tmp_path):
    write_tree(tmp_path, {"files.py": '''
        from pydantic_ai import Agent, RunContext


        class FileAgent(Agent[str, str]):
            def __init__(self):
                super().__init__("openai:gpt-4o", deps_type=str)


        def create() -> FileAgent:
            agent = FileAgent()

            @agent.tool
            async def delete_file(ctx: RunContext[str], name: str) -> str:
                """Delete a file of the current folder. Use this when the user asks to remove a file."""
                return ""

            return agent
    ''', "plain.py": '''
        from pydantic_ai import RunContext


        class Helper:
            def tool(self, func):
                return func


        helper = Helper()


        @helper.tool
        async def delete_file(ctx: RunContext[str], name: str) -> str:
            """Delete a file."""
            return ""
    '''})
    result = toollint("check", "--select", "TL207", "--no-cache", ".", cwd=tmp_path)
    found = [(p, line, code) for p, line, _, code, _ in parse_findings(result.stdout)]
    assert found == [("files.py", 13, "TL207")], result.stdout  # `name` has no description; Helper is no agent


_MADE_ELSEWHERE = {"app/__init__.py": "", "app/base.py": '''
    from pydantic_ai import Agent


    class FileAgent(Agent[str, str]):
        def __init__(self):
            super().__init__("openai:gpt-4o", deps_type=str)


    class Helper:
        def tool(self, func):
            return func
'''}


def test_a_subclass_another_module_defines(tmp_path):
    write_tree(tmp_path, {**_MADE_ELSEWHERE, "app/files.py": '''
        from pydantic_ai import RunContext

        from app.base import FileAgent, Helper


        def create() -> FileAgent:
            agent = FileAgent()

            @agent.tool
            async def delete_file(ctx: RunContext[str], name: str) -> str:
                """Delete a file of the current folder. Use this when the user asks to remove a file."""
                return ""

            return agent


        helper = Helper()


        @helper.tool
        async def delete_folder(ctx: RunContext[str], name: str) -> str:
            """Delete a folder."""
            return ""
    ''', "app/shop.py": '''
        from app.base import FileAgent

        shop = FileAgent()


        @shop.tool_plain
        def delete_file(name: str) -> str:
            """Delete a file of the shop's folder. Use this when the user asks to remove a file."""
            return ""
    '''})
    result = toollint("check", "--select", "TL207,TL302", "--no-cache", ".", cwd=tmp_path)
    found = [(p, line, code) for p, line, _, code, _ in parse_findings(result.stdout)]
    # each module's agent is its own: the two delete_file tools are no duplicate; Helper is no agent
    assert found == [("app/files.py", 10, "TL207"), ("app/shop.py", 7, "TL207")], result.stdout


def test_an_instance_of_another_modules_class_is_owned_where_it_is_made(tmp_path):
    from toollint.config.settings import Settings
    from toollint.engine.scan import extract_file
    from toollint.link.project import link

    write_tree(tmp_path, {**_MADE_ELSEWHERE, "app/shop.py": '''
        from app.base import FileAgent


        def restock(sku: str) -> str:
            """Order more of a product."""
            return ""


        def build():
            agent = FileAgent()
            agent.tool_plain(restock)

            @agent.tool_plain
            def refund(order: str) -> str:
                """Refund an order."""
                return ""

            return agent
    '''})
    facts = [extract_file(str(tmp_path / p), p[:-3].replace("/", "."), False, Settings(), data=(tmp_path / p).read_bytes())
             for p in ("app/base.py", "app/shop.py")]
    tools = {t.name.value: t for g in link(facts).groups for t in g.decorated}
    assert sorted(tools) == ["refund", "restock"]
    assert {t.owner for t in tools.values()} == {f"{tmp_path / 'app/shop.py'}:build:agent"}
