"""A framework imported inside the function that makes its tools (held-out round 29, M1:
`def build_agent(llm): from langchain.tools import StructuredTool` then
`StructuredTool.from_function(...)` in the tools list) is that framework's."""
from __future__ import annotations

LOCAL = '''
def build_agent(llm):
    from langchain.tools import StructuredTool
    from langchain.agents import AgentExecutor, create_tool_calling_agent

    def lookup_order(order_ref: str) -> str:
        return "shipped"

    tools = [
        StructuredTool.from_function(func=lookup_order, name="lookup_order", description="Look up an order."),
    ]
    return AgentExecutor(agent=create_tool_calling_agent(llm, tools, None), tools=tools)
'''


def test_a_function_import_makes_the_framework_known(lint):
    assert lint({"agent.py": LOCAL}, select=["TL102"]) == [("agent.py", 9, "TL102")]


def test_a_module_level_name_keeps_its_meaning(lint):
    # the module's own StructuredTool is what the name means outside the function that
    # imports langchain's: its `from_function` makes nothing toollint knows
    own = '''
class StructuredTool:
    @classmethod
    def from_function(cls, **kwargs):
        return cls()


def lookup_order(order_ref: str) -> str:
    return "shipped"


TOOLS = [StructuredTool.from_function(func=lookup_order, name="lookup_order", description="Look up an order.")]


def legacy():
    from langchain.tools import StructuredTool
    return StructuredTool
'''
    assert lint({"agent.py": own}, select=["TL102"]) == []



def test_a_lazy_import_names_a_tool_but_joins_no_modules():
    # round 16's crewai_custom_tools: a cascade tool imports each provider inside `_run`;
    # the name is read there, but the module graph (which modules are judged together)
    # keeps the module's own imports only
    import libcst as cst

    from toollint.config.settings import Settings
    from toollint.extract import extract_module

    text = LOCAL + "\n\ndef cascade(query):\n    from app.web.first import FirstSearch\n    return FirstSearch()\n"
    facts = extract_module("agent.py", "agent", False, cst.parse_module(text), text, Settings())
    assert not any(local == "FirstSearch" for local, _, _ in facts.imports)
    assert not any(local == "StructuredTool" for local, _, _ in facts.imports)

