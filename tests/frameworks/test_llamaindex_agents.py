"""LlamaIndex workflow agents handed plain functions: each is the tool
`FunctionTool.from_defaults(fn)` makes (toollint.frameworks.llamaindex)."""
from __future__ import annotations

import pytest

from frameworkcase import extract, schema

_FUNCTIONS = '''
def multiply(a: int, b: int) -> int:
    """Multiply two integers and return the product. Use this for any product."""
    return a * b


async def lookup(city: str) -> str:
    """Look up the weather in a city. Use this when the user names a city.

    Args:
        city (str): The city's English name, e.g. 'Paris'.
    """
    return city
'''


def _as_sent(tool):
    return tool.name.value, tool.description.value, schema(tool)


def _by_factory():
    return sorted(_as_sent(t) for t in extract(
        "from llama_index.core.tools import FunctionTool\n" + _FUNCTIONS
        + "\nTOOLS = [FunctionTool.from_defaults(fn=multiply), FunctionTool.from_defaults(lookup)]\n"))


@pytest.mark.parametrize("handed", [
    "from llama_index.core.agent.workflow import FunctionAgent\n{fns}\nagent = FunctionAgent(tools=[multiply, lookup], llm=llm)\n",
    "from llama_index.core.agent import ReActAgent\n{fns}\nagent = ReActAgent(name='calc', tools=[multiply, lookup])\n",
    "from llama_index.core.agent.workflow.codeact_agent import CodeActAgent\n{fns}\nagent = CodeActAgent(tools=[multiply, lookup])\n",
    "from llama_index.core.agent.workflow import AgentWorkflow\n{fns}\nflow = AgentWorkflow.from_tools_or_functions([multiply, lookup], llm=llm)\n",
])
def test_a_function_handed_to_an_agent_is_the_tool_from_defaults_makes(handed):
    assert sorted(_as_sent(t) for t in extract(handed.format(fns=_FUNCTIONS))) == _by_factory()


def test_a_tool_already_made_is_not_made_again():
    tools = extract("from llama_index.core.agent.workflow import FunctionAgent\n"
                    "from llama_index.core.tools import FunctionTool\n" + _FUNCTIONS
                    + "\nmul = FunctionTool.from_defaults(fn=multiply)\n"
                      "agent = FunctionAgent(tools=[mul, FunctionTool.from_defaults(lookup), multiply])\n")
    assert sorted(t.name.value for t in tools) == ["lookup", "multiply"]


def test_another_libraries_agent_is_not_llama_indexs():
    assert extract("from myagents import FunctionAgent, AgentWorkflow\n" + _FUNCTIONS
                   + "\nagent = FunctionAgent(tools=[multiply])\n"
                     "flow = AgentWorkflow.from_tools_or_functions([lookup])\n") == []


def test_findings_on_a_function_from_another_module(lint):
    files = {
        "app/__init__.py": "",
        "app/calc.py": '''
            def divide(a: float, b: float) -> float:
                return a / b
            ''',
        "app/agent.py": '''
            from llama_index.core.agent.workflow import FunctionAgent

            from app.calc import divide

            agent = FunctionAgent(tools=[divide], llm=llm)
            ''',
    }
    # No docstring: LlamaIndex sends the bare signature "divide(a: float, b: float) -> float".
    assert lint(files, select=["TL102", "TL103"]) == [("app/calc.py", 1, "TL102")]
