"""Google ADK: toollint.frameworks.google_adk."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("google-adk"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_functions_and_function_tools_in_an_agents_list():
    found = extract('''
        from google.adk.agents import Agent
        from google.adk.agents.llm_agent import LlmAgent
        from google.adk.tools import FunctionTool, ToolContext, google_search, load_memory
        from google.adk.tools.function_tool import FunctionTool as FT

        def save(amount: float, tool_context: ToolContext) -> dict:
            """Save an expense.

            Args:
                amount: in dollars
            """

        def find(query: str, input_stream=None) -> list:
            """Find expenses."""

        def other(x: int) -> int:
            """Other."""

        def unused(x: int) -> int:
            """Never offered."""

        root_agent = Agent(name="a", model="gemini-2.0-flash",
                           tools=[save, FunctionTool(find), google_search, load_memory])
        helper = LlmAgent(name="b", tools=[FT(func=other)])
    ''')
    assert sorted(t.name.value for t in found) == ["find", "other", "save"]
    by_name = {t.name.value: t for t in found}
    assert list(props(by_name["save"])) == ["amount"]  # ToolContext is filled in by ADK
    assert list(props(by_name["find"])) == ["query"]  # so is a streaming tool's input_stream
    # the whole docstring, Args included, is the description; no parameter gets one
    assert by_name["save"].description.value == "Save an expense.\n\nArgs:\n    amount: in dollars"
    assert "description" not in props(by_name["save"])["amount"]
    assert all(t.framework == "google-adk" for t in found)


def test_a_context_parameter_under_any_name_is_left_out():
    tool = extract('''
        from google.adk.agents import Agent
        from google.adk.tools.tool_context import ToolContext

        def store(receipt: str, ctx: ToolContext) -> str:
            """Store a receipt."""

        agent = Agent(name="a", tools=[store])
    ''')[0]
    assert list(props(tool)) == ["receipt"]


def test_builtin_tools_alone_make_no_tool():
    assert extract('''
        from google.adk.agents import Agent
        from google.adk.tools import google_search, load_artifacts
        from google.adk.tools.mcp_tool import MCPToolset

        agent = Agent(name="a", tools=[google_search, load_artifacts, MCPToolset(connection_params=None)])
    ''') == []


def test_an_agent_tool_in_the_list_is_the_agent():
    found = extract('''
        from google.adk.agents import Agent
        from google.adk.tools import AgentTool

        writer = Agent(name="writer", description="Write the report from the findings.")
        mute = Agent(name="mute")
        by_hand = Agent(name="by_hand", description="Never offered to a model.")

        async def run(ctx):
            return await AgentTool(agent=by_hand).run_async(args={"request": "x"}, tool_context=ctx)

        root_agent = Agent(name="root", tools=[AgentTool(agent=writer), AgentTool(mute)])
    ''')
    assert [t.name.value for t in found] == ["writer", "mute"]
    assert found[0].description.value == "Write the report from the findings."
    assert found[1].description.value == ""  # BaseAgent's default: ADK sends it empty
    assert schema(found[0]) == {"type": "object", "properties": {"request": {"type": "string"}},
                                "required": ["request"]}


def test_an_imported_agent_tools_description_is_read_where_the_agent_is_made(lint):
    files = {
        "app/__init__.py": "",
        "app/sub.py": '''
from google.adk.agents import Agent

saver = Agent(name="saver", model="gemini-2.0-flash", instruction="Save expenses.")
''',
        "app/root.py": '''
from google.adk.agents import Agent
from google.adk.tools import AgentTool

from app.sub import saver

root_agent = Agent(name="root", tools=[AgentTool(saver)])
''',
    }
    found = lint(files, select=["TL101", "TL207"])
    # the empty description is the sub-agent's; ADK's `request` is not the project's to describe
    assert [(path, code) for path, _, code in found] == [("app/root.py", "TL101")]
    # ... nor when the AgentTool is bound to a name first and listed (awesome-llm-apps' shape)
    local = ('from google.adk.agents import LlmAgent\nfrom google.adk.tools import AgentTool, google_search\n\n'
             'searcher = LlmAgent(name="perform_google_search", description="Executes Google searches and returns '
             'results. Use it for any fresh fact.", tools=[google_search])\n'
             'search_tool = AgentTool(searcher)\n'
             'auditor = LlmAgent(name="auditor", tools=[search_tool])\n')
    assert lint({"agent.py": local}, select=["TL207"]) == []


def test_an_imported_function_and_a_bound_method_are_derived_where_they_are_defined(lint):
    files = {
        "app/__init__.py": "",
        "app/tools.py": '''
class Store:
    def search(self, query: str) -> list:
        """Search the store by text. Use for any question about past purchases."""
        return []


def total(month: int) -> float:
    """Sum the month's spending. Use when the user asks how much they spent."""
    return 0.0
''',
        "app/agent.py": '''
from google.adk.agents import Agent

from app.tools import Store, total

store = Store()
root_agent = Agent(name="root", tools=[total, store.search])
''',
    }
    found = lint(files, select=["TL207"])
    # `query` and `month` undocumented, each reported in app/tools.py, where it is fixed
    assert sorted((path, line, code) for path, line, code in found) == [
        ("app/tools.py", 2, "TL207"), ("app/tools.py", 7, "TL207")]


_LEGACY = '''
from typing import Optional

from google.adk.agents import Agent


def search(query: str, limit: int = 10, category: Optional[str] = None) -> list:
    """Search expenses."""


agent = Agent(name="a", tools=[search])
'''


def test_before_2_0_the_schema_is_a_gemini_schema_and_the_docstring_raw(tmp_path):
    from toollint.engine.scan import extract_file
    from toollint.config.settings import Settings

    (tmp_path / "requirements.txt").write_text("google-adk==1.21.0\n")
    (tmp_path / ".git").mkdir()
    path = tmp_path / "agent.py"
    path.write_text(_LEGACY)
    facts = extract_file(str(path), "agent", False, Settings(), data=_LEGACY.encode())
    tool = facts.decorated[0]
    got = schema(tool)
    assert got["properties"]["category"] == {"type": "string", "nullable": True}
    assert got["required"] == ["query"]
    assert "title" not in got


_QUOTE = '''
from pydantic import BaseModel
from google.adk.agents import Agent


class QuoteLine(BaseModel):
    sku: str
    qty: int


def create_quote(line: QuoteLine) -> dict:
    """Create a price quote. Call this when the customer asks for one; not to place an order."""
    return {}


root_agent = Agent(model="gemini-2.5-flash", name="quotes", tools=[create_quote])
'''


def test_a_model_typed_parameter_is_pydantics_schema_from_2_0(lint):
    # held-out round 79, M1: the model's fields go on the wire with their $defs (2.x)
    assert lint({"agent.py": _QUOTE}, select=["TL207"]) == [("agent.py", 6, "TL207"), ("agent.py", 7, "TL207")]
    # 1.x inlines the fields in a Schema of its own: not derived, so nothing is said of them
    pinned = {"agent.py": _QUOTE, "requirements.txt": "google-adk==1.21.0\n"}
    assert lint(pinned, select=["TL207"]) == []
