"""An if-chain on the tool's name whose branches hand the arguments to no call (an
authorization check that returns a decision per name) looks a name up; it dispatches
nothing, so tools it leaves out have no missing handler (held-out round 24: 11 wrong
TL303 on a policy engine). A chain that hands them on is still a dispatch."""
from __future__ import annotations

TOOLS = '''
TOOLS = [
    {"name": "lamp_on", "description": "Switch a lamp on.", "input_schema": {"type": "object", "properties": {}}},
    {"name": "lamp_dim", "description": "Dim a lamp.", "input_schema": {"type": "object", "properties": {}}},
    {"name": "fan_on", "description": "Start the fan.", "input_schema": {"type": "object", "properties": {}}},
]
'''

POLICY = '''
from dataclasses import dataclass

from tools import TOOLS


@dataclass
class Decision:
    action: str
    reason: str


class PolicyEngine:
    def evaluate(self, *, caller: str, tool_name: str, arguments: dict) -> Decision:
        if tool_name == "lamp_dim":
            return Decision("deny", "admins only") if caller != "admin" else Decision("allow", "admin")
        if tool_name == "health":
            return Decision("allow", "always")
        return Decision("deny", "default deny")
'''

DISPATCH = '''
from tools import TOOLS


def lamp_on(arguments):
    return "on"


def lamp_dim(arguments):
    return "dim"


def run(tool_name: str, arguments: dict):
    if tool_name == "lamp_on":
        return lamp_on(arguments)
    elif tool_name == "lamp_dim":
        return lamp_dim(arguments)
    return "unknown"
'''


def test_an_authorization_check_by_name_is_no_dispatch(lint):
    assert lint({"tools.py": TOOLS, "policy.py": POLICY}, select=["TL303", "TL304"]) == []


def test_a_chain_that_hands_the_arguments_on_still_is(lint):
    assert lint({"tools.py": TOOLS, "agent.py": DISPATCH}, select=["TL303"]) == [("tools.py", 4, "TL303")]
