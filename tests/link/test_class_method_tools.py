"""LangChain `@tool` on the methods of a plain class, handed to agents through the class
(`Agent(tools=[FormTools.search_10q])`, the crewAI examples' shape): each list item is
the tool its method makes, so two agents given one each have no siblings (held-out round
14, class AA); one agent given both still weighs them."""
from __future__ import annotations

TOOLS = '''
from langchain.tools import tool


class FormTools():
    @tool("Search 10-Q form")
    def search_10q(data):
        """Useful to search the latest quarterly form of a stock ticker such as 'AAPL'."""
        return data

    @tool("Search 10-K form")
    def search_10k(data):
        """Useful to search the latest yearly report of a stock ticker such as 'AAPL'."""
        return data
'''


def _tl104(lint, agents):
    files = {"tools.py": TOOLS, "agents.py": "from crewai import Agent\nfrom tools import FormTools\n\n" + agents}
    return [line for _, line, _ in lint(files, select=["TL104"])]


def test_each_method_given_to_its_own_agent_has_no_sibling(lint):
    assert _tl104(lint, 'quarterly = Agent(role="r", goal="g", backstory="b", tools=[FormTools.search_10q])\n'
                        'yearly = Agent(role="r", goal="g", backstory="b", tools=[FormTools.search_10k])\n') == []


def test_both_methods_given_to_one_agent_are_weighed(lint):
    assert len(_tl104(lint, 'analyst = Agent(role="r", goal="g", backstory="b", '
                            'tools=[FormTools.search_10q, FormTools.search_10k])\n')) == 2
