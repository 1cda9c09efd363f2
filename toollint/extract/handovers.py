"""Which calls hand tools over (extract/registration.py walks the statements that hold one):
`Agent(tools=[...])`, `llm.bind_tools([...])`, `create_react_agent(model, tools)`, an AG2
agent's `functions=[...]`, `Agent(handoffs=[...])`."""
from __future__ import annotations

from typing import Optional

import libcst as cst

# callee's last name -> the positional argument that holds the tools (`tools=` always does)
POSITIONAL = {
    "CodeAgent": 0,
    "ToolCallingAgent": 0,
    "MultiStepAgent": 0,
    "ToolNode": 0,
    "initialize_agent": 0,
    "bind_tools": 0,
    "from_tools": 0,
    "add_tool": 0,
    "create_react_agent": 1,
    "create_agent": 1,
    "create_tool_calling_agent": 1,
    "create_openai_tools_agent": 1,
    "create_openai_functions_agent": 1,
    "create_structured_chat_agent": 1,
    "create_json_chat_agent": 1,
    "create_xml_agent": 1,
    "from_agent_and_tools": 1,
}
# AG2's agents take their tool list as `functions=` (frameworks/ag2.py): each agent its own turn
_FUNCTION_LISTS = frozenset({"ConversableAgent", "AssistantAgent", "UserProxyAgent"})
NO_TOOLS = cst.List([])  # `Agent(handoffs=[...])` alone: a turn of handoffs (extract/offers.py), no tools handed


class Calls(cst.CSTVisitor):
    """Inside one wanted statement: the calls that hand tools over."""

    def __init__(self, walk) -> None:  # registration._Walk
        self.walk = walk

    def visit_Call(self, node: cst.Call) -> bool:
        walk = self.walk
        func = node.func
        tools: Optional[cst.BaseExpression] = None
        # `ChatOpenAI(...).bind_tools([...])`: the method's name is enough
        last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "tools":
                tools = arg.value
            elif arg.keyword is not None and arg.keyword.value == "functions" and last in _FUNCTION_LISTS:
                tools = tools or arg.value
        if tools is None and last in POSITIONAL:
            plain = [a for a in node.args if a.keyword is None]
            index = POSITIONAL[last]
            if index < len(plain) and not any(a.star for a in plain[: index + 1]):
                tools = plain[index].value
        if tools is None and any(a.keyword is not None and a.keyword.value == "handoffs" for a in node.args):
            tools = NO_TOOLS
        if tools is not None:
            walk.calls.append((node, tools, tuple(walk.stack)))
        return True

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # a def inside a wanted statement is scanned as a function of its own
