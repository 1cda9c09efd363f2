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
    # the narrator also offers its handoff (toollint does not make it for a local agent):
    # add_thing has a neighbour, add_item none
    assert lint({"s.py": source}, select=["TL104", "TL107"]) == [("s.py", 12, "TL104")]


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


def test_a_handoff_the_agent_offers_is_a_neighbour(lint):
    source = _TOOLS + ('a = Agent(name="Shop", tools=[add_item])\n'
                       'b = Agent(name="Desk", tools=[add_thing], handoffs=[a])\n')
    # add_thing is offered with transfer_to_shop, which is no near-duplicate of it
    assert lint({"s.py": source}, select=["TL104", "TL107"]) == [("s.py", 12, "TL104")]


def test_handoffs_set_later_are_neighbours(lint):
    source = _TOOLS + ('a = Agent(name="Shop", tools=[add_item])\n'
                       'b = Agent(name="Desk", tools=[add_thing])\n'
                       'b.handoffs = [a]\n')
    assert ("s.py", 12, "TL104") in lint({"s.py": source}, select=["TL104", "TL107"])
    assert ("s.py", 12, "TL107") not in lint({"s.py": source}, select=["TL104", "TL107"])


_LLAMA = '''
from llama_index.core.agent.workflow import FunctionAgent


async def write_report(report: str) -> str:
    """Write the report down. Use this when the notes are complete."""
    return report


async def review_report(review: str) -> str:
    """Review the report. Use this when a report was written."""
    return review


writer = FunctionAgent(name="Writer", tools=[write_report]{handoff})
reviewer = FunctionAgent(name="Reviewer", tools=[review_report])
'''


def test_llamaindex_agents_apart_and_with_their_handoff(lint):
    assert lint({"s.py": _LLAMA.format(handoff="")}, select=["TL104"]) == []
    handing = _LLAMA.format(handoff=', can_handoff_to=["Reviewer"]')
    assert lint({"s.py": handing}, select=["TL104"]) == [("s.py", 5, "TL104")]


def test_tools_added_to_a_server_one_by_one_stay_its_tools(lint):
    source = '''
from fastmcp import FastMCP
from fastmcp.tools import FunctionTool

mcp = FastMCP("m")


def get_flow(flow_id: str) -> str:
    """Return one flow. Call this when the user names a flow."""
    return flow_id


def run_flow(flow_id: str) -> str:
    """Start one flow. Call this when the user asks to run a flow."""
    return flow_id


mcp.add_tool(FunctionTool.from_function(get_flow))
mcp.add_tool(FunctionTool.from_function(run_flow))
'''
    assert lint({"s.py": source}, select=["TL104"]) == [("s.py", 8, "TL104"), ("s.py", 13, "TL104")]


def test_lists_kept_as_constants_of_another_module(lint):
    lists = 'from app.s import add_item, add_thing\n\nSHOP = [add_item]\nDESK = [add_thing]\n'
    agents = ('from agents import Agent\nfrom app.lists import DESK, SHOP\n\n'
              'a = Agent(name="A", tools=SHOP)\nb = Agent(name="B", tools=DESK)\n')
    files = {"app/__init__.py": "", "app/s.py": _TOOLS, "app/lists.py": lists, "app/agents.py": agents}
    assert lint(files, select=["TL104", "TL107"]) == []
    files["app/lists.py"] = 'from app.s import add_item, add_thing\n\nSHOP = [add_item, add_thing]\nDESK = []\n'
    assert lint(files, select=["TL104", "TL107"]) == [
        ("app/s.py", 6, "TL104"), ("app/s.py", 12, "TL104"), ("app/s.py", 12, "TL107")]


def test_tools_other_keywords_add_keep_todays_neighbours(lint):
    source = _TOOLS + ('a = Agent(name="A", tools=[add_item], mcp_servers=[server])\n'
                       'b = Agent(name="B", tools=[add_thing])\n')
    assert lint({"s.py": source}, select=["TL104"]) == [("s.py", 6, "TL104")]


def test_a_list_assigned_to_an_object_is_its_own_turn(lint):
    # crewAI (round 25): `task.tools = [...]` after making the task gives it those tools alone
    source = _TOOLS + ('def build(agent):\n'
                       '    first = Task(description="d", expected_output="o", agent=agent)\n'
                       '    first.tools = [add_item]\n'
                       '    second = Task(description="d", expected_output="o", agent=agent)\n'
                       '    second.tools = [add_thing, check_out]\n')
    # add_item is alone in its turn, add_thing is offered with check_out only
    assert lint({"s.py": source}, select=["TL104", "TL107"]) == [("s.py", 12, "TL104")]


def test_a_list_assigned_that_is_not_read_whole_keeps_todays_neighbours(lint):
    source = _TOOLS + ('def build(agent, extra):\n'
                       '    first = Task(description="d", expected_output="o", agent=agent)\n'
                       '    first.tools = [add_item]\n'
                       '    first.tools = first.tools + extra\n')
    assert lint({"s.py": source}, select=["TL104"]) == [("s.py", 6, "TL104"), ("s.py", 12, "TL104")]


def test_self_tools_assigned_in_a_class_keeps_todays_neighbours(lint):
    # a class's list is used wherever the class hands `self.tools` over: not a turn of its own
    source = _TOOLS + ('class Crew:\n'
                       '    def __init__(self):\n'
                       '        self.tools = [add_item]\n')
    assert lint({"s.py": source}, select=["TL104"]) == [("s.py", 6, "TL104"), ("s.py", 12, "TL104")]


_SERVERS = '''
from fastmcp import FastMCP

search = FastMCP("search")
admin = FastMCP("admin")


@search.tool
def find_orders(text: str) -> str:
    """Find orders whose notes mention the text. Use this when the user describes an order."""
    return text


@{server}.tool
def find_order_notes(text: str) -> str:
    """Find orders whose notes mention the text. Use this when the user describes an order."""
    return text
'''


def test_two_servers_of_one_module_are_two_turns(lint):
    assert lint({"s.py": _SERVERS.format(server="admin")}, select=["TL104", "TL107"]) == []


def test_one_server_of_two_in_a_module_is_one_turn(lint):
    assert [code for _, _, code in lint({"s.py": _SERVERS.format(server="search")}, select=["TL104", "TL107"])] == [
        "TL104", "TL104", "TL107"]
