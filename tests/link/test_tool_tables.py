"""A dict that names tool objects their framework runs itself (crewAI's `self.tools =
{"yaml_name": tool}`, used to pick each agent's tools) dispatches nothing: no TL303 or
TL304 from it (held-out round 22: 9 wrong findings). A dict of plain handlers for tools
written as dicts is still a dispatch table."""
from __future__ import annotations

TOOLS = '''
from crewai.tools import BaseTool


class LookupOrderTool(BaseTool):
    name: str = "Lookup Order"
    description: str = "Return an order's status. Use this when the customer gives an order number."

    def _run(self, order_number: str) -> str:
        return order_number


class IssueRefundTool(BaseTool):
    name: str = "Issue Refund"
    description: str = "Refund a delivered order. Use this only after lookup_order confirmed delivery."

    def _run(self, order_number: str) -> str:
        return order_number


lookup_order_tool = LookupOrderTool()
issue_refund_tool = IssueRefundTool()
'''

CREW = '''
from crewai import Agent

from app.tools import issue_refund_tool, lookup_order_tool


class SupportCrew:
    def __init__(self, config):
        self.config = config
        self.tools = {"lookup_order": lookup_order_tool, "refund_tool": issue_refund_tool}

    def agent(self, cfg):
        return Agent(role="r", goal="g", backstory="b", tools=[self.tools[n] for n in cfg["tools"]])
'''

RAW = '''
TOOLS = [
    {"name": "lookup_order", "description": "Look up an order.", "input_schema": {"type": "object"}},
    {"name": "issue_refund", "description": "Refund an order.", "input_schema": {"type": "object"}},
]


def lookup_order():
    return {}


def issue_refund():
    return {}


HANDLERS = {"lookup_order": lookup_order, "refund_tool": issue_refund}
'''


def test_a_table_of_crewai_tool_objects_is_no_dispatch(lint):
    files = {"app/__init__.py": "", "app/tools.py": TOOLS, "app/crew.py": CREW}
    assert lint(files, select=["TL303", "TL304"]) == []


def test_a_table_of_plain_handlers_is_still_one(lint):
    assert lint({"agent.py": RAW}, select=["TL303", "TL304"]) == [("agent.py", 3, "TL303"), ("agent.py", 15, "TL304")]


CHAIN = '''
TOOLS = [{"name": "view", "description": "View a file. Use this when the user names one.",
          "input_schema": {"type": "object", "properties": {}}}]


class Runtime:
    def run_action(self, action):
        if action.command == "plan":
            self.write_plan(action)
        elif action.command == "view":
            self.show_plan(action)
'''


def test_a_chain_with_one_coincident_tool_name_is_no_dispatch(lint):
    # held-out round 87: a task tracker's commands beside a tool named `view`: no TL304 on 'plan'
    assert lint({"runtime.py": CHAIN}, select=["TL303", "TL304"]) == []
