"""Tools offered together are each agent's list, not a module's decorated tools (issue 18,
held-out round 7, class E): TL104 and TL107 weigh a tool against the tools of the lists
it is handed over in, when the project shows those lists whole."""
from __future__ import annotations

_TOOLS = '''
from agents import Agent, function_tool


@function_tool
def add_item(name: str) -> str:
    """Add an item to the basket. Call this when the user names something to buy."""
    return name


@function_tool
def add_thing(name: str) -> str:
    """Add an item to the basket. Call this when the user names something to buy."""
    return name


@function_tool
def check_out() -> str:
    """Pay for the basket. Call this when the user says they are done; not for refunds."""
    return ""

'''


def test_tools_of_separate_agents_are_not_neighbours(lint):
    source = _TOOLS + 'a = Agent(name="A", tools=[add_item])\nb = Agent(name="B", tools=[add_thing])\n'
    assert lint({"s.py": source}, select=["TL104", "TL107"]) == []


def test_tools_of_one_agent_still_are(lint):
    source = _TOOLS + 'a = Agent(name="A", tools=[add_item, add_thing])\n'
    assert lint({"s.py": source}, select=["TL104", "TL107"]) == [
        ("s.py", 6, "TL104"), ("s.py", 12, "TL104"), ("s.py", 12, "TL107")]


def test_a_tool_shared_by_two_agents_does_not_join_their_other_tools(lint):
    source = _TOOLS + ('a = Agent(name="A", tools=[add_item, check_out])\n'
                       'b = Agent(name="B", tools=[add_thing, check_out])\n')
    # each is offered with check_out (TL104), but add_item and add_thing never together (TL107)
    assert lint({"s.py": source}, select=["TL104", "TL107"]) == [("s.py", 6, "TL104"), ("s.py", 12, "TL104")]


def test_agents_made_in_a_loop_of_a_function(lint):
    source = _TOOLS + ('def main():\n    while True:\n'
                       '        fighter = Agent(name="Fighter", tools=[add_item])\n'
                       '        narrator = Agent(name="Narrator", tools=[add_thing], handoffs=[fighter])\n')
    # the narrator also offers its handoff, which toollint does not make here: its list is
    # not read whole and add_thing keeps today's neighbours (its module's tools)
    assert lint({"s.py": source}, select=["TL104"]) == [("s.py", 12, "TL104")]


def test_a_list_not_read_whole_keeps_todays_neighbours(lint):
    source = _TOOLS + ('from app.more import more_tools\n\n'
                       'a = Agent(name="A", tools=[add_item, *more_tools()])\n'
                       'b = Agent(name="B", tools=[add_thing])\n')
    assert lint({"s.py": source}, select=["TL104"]) == [("s.py", 6, "TL104")]


def test_tools_added_to_the_agent_later_keep_todays_neighbours(lint):
    source = _TOOLS + ('a = Agent(name="A", tools=[add_item])\n'
                       'b = Agent(name="B", tools=[add_thing])\n'
                       'b.tools.append(check_out)\n')
    assert lint({"s.py": source}, select=["TL104"]) == [("s.py", 6, "TL104"), ("s.py", 12, "TL104")]


def test_tools_in_no_list_keep_their_modules_group(lint):
    assert lint({"s.py": _TOOLS}, select=["TL104", "TL107"]) == [
        ("s.py", 6, "TL104"), ("s.py", 12, "TL104"), ("s.py", 12, "TL107")]


def test_lists_in_another_module(lint):
    agents = ('from agents import Agent\nfrom app.s import add_item, add_thing\n\n'
              'a = Agent(name="A", tools=[add_item])\nb = Agent(name="B", tools=[add_thing])\n')
    files = {"app/__init__.py": "", "app/s.py": _TOOLS, "app/agents.py": agents}
    assert lint(files, select=["TL104", "TL107"]) == []


def test_a_list_with_another_modules_tool_is_a_turn_of_two(lint):
    other = ('from agents import function_tool\n\n\n@function_tool\ndef refund(order: str) -> str:\n'
             '    """Refund an order. Call this when the user asks for their money back."""\n    return order\n')
    agents = ('from agents import Agent\nfrom app.s import add_item\nfrom app.other import refund\n\n'
              'a = Agent(name="A", tools=[add_item, refund])\n')
    files = {"app/__init__.py": "", "app/s.py": _TOOLS, "app/other.py": other, "app/agents.py": agents}
    found = lint(files, select=["TL104"])
    assert ("app/s.py", 6, "TL104") in found and ("app/other.py", 6, "TL104") in found


_LANGCHAIN = '''
from langchain_core.tools import tool
from langgraph.prebuilt import ToolNode


@tool
def search_docs(query: str) -> str:
    """Search the product docs for a phrase. Use this when the user asks how a feature works."""
    return query


@tool
def find_in_docs(query: str) -> str:
    """Search the product docs for a phrase. Use this when the user asks how a feature works."""
    return query


docs_node = ToolNode([search_docs])
pages_model = model.bind_tools([find_in_docs])
'''


def test_langchain_lists_bound_apart(lint):
    assert lint({"s.py": _LANGCHAIN}, select=["TL104", "TL107"]) == []
    together = _LANGCHAIN.replace("ToolNode([search_docs])", "ToolNode([search_docs, find_in_docs])")
    assert ("s.py", 13, "TL107") in lint({"s.py": together}, select=["TL107"])
