"""Functions another project module defines, handed to a framework by reference
(`from app.tools import search`, then `Agent(tools=[search])`): derived in their own
module while linking, as the framework would (issue 17)."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import build, run
from toollint.link.graph import module_index
from toollint.model import to_python

TOOLS = '''
def search(query: str, limit: int = 5) -> str:
    """Search the docs. Use this when the user asks how something works.

    Args:
        query: the words to look for
        limit: how many results to return
    """
    return ""


def fetch(url):
    return url
'''


def _project(tmp_path, files):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def _tools(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    project = build(["."], Settings(root="."), cache=False).project
    if project is None:
        return []
    return [(g.key.split(":")[0], t) for g in project.groups for t in g.tools]


def _codes(tmp_path, monkeypatch, select="TL101", cache=False):
    monkeypatch.chdir(tmp_path)
    found = run(["."], Settings(root=".", select=tuple(select.split(","))), cache=cache).findings
    return [f"{f.span.path}:{f.span.line}:{f.span.col}: {f.code}" for f in found]


def test_each_framework_derives_an_imported_function(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "", "app/tools.py": TOOLS, "app/agent.py": """
        from agents import Agent, function_tool
        from autogen_core.tools import FunctionTool
        from langchain_openai import ChatOpenAI
        from mcp.server.fastmcp import FastMCP
        from swarm import Agent as SwarmAgent

        from app import tools
        from app.tools import fetch, search

        DESCRIPTION = "Find pages of the docs. Use this for any how-to question."
        mcp = FastMCP("x")
        mcp.add_tool(search)
        agent = Agent(name="a", tools=[function_tool(fetch, name_override="get_url")])
        found = FunctionTool(search, description=DESCRIPTION, name="find")
        llm = ChatOpenAI().bind_tools([tools.search])
        swarm = SwarmAgent(functions=[fetch])
    """})
    got = {(t.framework, t.name.value): t for _, t in _tools(tmp_path, monkeypatch)}
    assert set(got) == {("mcp", "search"), ("openai-agents", "get_url"), ("autogen", "find"),
                        ("langchain", "search"), ("swarm", "fetch")}
    # the tool is made at the call; what the function says stays in its own module
    assert got[("mcp", "search")].span.path == "app/agent.py"
    assert got[("mcp", "search")].function.span.path == "app/tools.py"
    assert got[("mcp", "search")].description.value.startswith("Search the docs.")
    assert "Args:" in got[("mcp", "search")].description.value  # the MCP SDK sends the raw docstring
    assert got[("langchain", "search")].description.value == "Search the docs. Use this when the user asks how something works."
    props = got[("langchain", "search")].schema.get("properties")
    assert props.get("query").get("description").span.path == "app/tools.py"
    # an argument given at the call is evaluated where it was written
    finder = got[("autogen", "find")]
    assert finder.description.value.startswith("Find pages") and finder.description.span.path == "app/agent.py"
    assert got[("openai-agents", "get_url")].name.span.path == "app/agent.py"
    assert got[("swarm", "fetch")].schema.get("required").items[0].value == "url"


def test_findings_land_on_the_function_and_follow_its_edits(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "", "app/tools.py": TOOLS, "app/agent.py": """
        from swarm import Agent
        from app.tools import fetch

        agent = Agent(functions=[fetch])
    """})
    assert _codes(tmp_path, monkeypatch, cache=True) == ["app/tools.py:12:5: TL101"]
    source = (tmp_path / "app/tools.py").read_text()
    (tmp_path / "app/tools.py").write_text(source.replace(
        "def fetch(url):", 'def fetch(url):\n    """Fetch a page. Use this for a URL the user gives."""'))
    assert _codes(tmp_path, monkeypatch, cache=True) == []  # a warm run sees the other module changed


def test_noqa_on_the_def_silences_it(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "", "app/tools.py": TOOLS.replace(
        "def fetch(url):", "def fetch(url):  # noqa: TL101"), "app/agent.py": """
        from swarm import Agent
        from app.tools import fetch

        agent = Agent(functions=[fetch])
    """})
    assert _codes(tmp_path, monkeypatch) == []


def test_through_a_package_reexport(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "from .tools import search\n", "app/tools.py": TOOLS,
                        "app/agent.py": """
        from agents import Agent, function_tool
        from app import search

        agent = Agent(name="a", tools=[function_tool(search)])
    """})
    assert [t.name.value for _, t in _tools(tmp_path, monkeypatch)] == ["search"]


def test_what_must_not_become_a_tool(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "", "app/tools.py": TOOLS, "app/decorated.py": '''
        from langchain_core.tools import tool

        @tool
        def weather(city: str) -> str:
            """Current weather in a city. Use this when the user asks about the weather."""
            return ""
    ''', "app/agent.py": """
        from concurrent.futures import ThreadPoolExecutor

        from agents import Agent, WebSearchTool
        from langchain_community.tools import tavily_search
        from langgraph.prebuilt import create_react_agent

        from app.decorated import weather
        from app.tools import fetch, search

        ThreadPoolExecutor().submit(search, "x")
        sorted([], key=fetch)
        agent = Agent(name="a", tools=[WebSearchTool()], hooks=[search])
        graph = create_react_agent("openai:gpt-4o", tools=[weather, tavily_search])
        assert [search] == [fetch]
    """})
    got = [(key, t.name.value) for key, t in _tools(tmp_path, monkeypatch)]
    assert got == [("app/decorated.py", "weather")]  # a tool by its own decorator, once


def test_an_import_cycle_of_reexports_ends(tmp_path, monkeypatch):
    _project(tmp_path, {"a/__init__.py": "from b import search\n", "b/__init__.py": "from a import search\n",
                        "agent.py": """
        from swarm import Agent
        from a import search

        agent = Agent(functions=[search])
    """})
    assert _tools(tmp_path, monkeypatch) == []


def test_module_names_from_other_import_roots():
    index = module_index([("proj/backend/app/__init__.py", "backend/app/__init__.py"),
                          ("proj/backend/app/tools.py", "backend/app/tools.py"),
                          ("proj/src/agent/tools.py", "src/agent/tools.py")])
    assert index["backend.app.tools"] == ("proj/backend/app/tools.py", False)
    assert index["app.tools"] == ("proj/backend/app/tools.py", False)  # backend/ as the import root
    assert index["src.agent.tools"] == index["agent.tools"] == ("proj/src/agent/tools.py", False)
    assert "tools" not in index  # either module's: neither's
    # the name a module goes by is still its root-relative one: the last name of each path
    own = {path: name for name, (path, _) in index.items()}
    assert own["proj/backend/app/tools.py"] == "backend.app.tools"
    assert own["proj/src/agent/tools.py"] == "agent.tools"


def test_the_root_folder_is_an_import_root(tmp_path, monkeypatch):
    # no project marker: the root is app/ itself, which the code imports as `app`
    for name, text in {"app/tools.py": TOOLS, "app/agent.py": """
        from swarm import Agent
        from app.tools import fetch

        agent = Agent(functions=[fetch])
    """}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text))
    monkeypatch.chdir(tmp_path / "app")
    found = run(["."], Settings(root=".", select=("TL101",)), cache=False).findings
    assert [(f.span.path, f.span.line, f.code) for f in found] == [("tools.py", 12, "TL101")]


def test_an_autogen_base_tool_reads_its_model_from_another_module(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "", "app/models.py": """
        from pydantic import BaseModel, Field

        class LookupArgs(BaseModel):
            sku: str = Field(description="The product's SKU.")
            count: int = 1
    """, "app/tools.py": """
        from autogen_core.tools import BaseTool
        from app.models import LookupArgs

        class Lookup(BaseTool[LookupArgs, str]):
            def __init__(self):
                super().__init__(LookupArgs, str, "lookup", "Look up a product. Use this when the user names a SKU.")
    """})
    (tool,) = [t for _, t in _tools(tmp_path, monkeypatch)]
    schema = to_python(tool.schema)
    assert (tool.name.value, tool.framework) == ("lookup", "autogen")
    assert schema["required"] == ["sku"] and schema["additionalProperties"] is False
    assert schema["properties"]["sku"]["description"] == "The product's SKU."
    assert tool.schema.get("properties").get("sku").get("description").span.path == "app/models.py"


def test_a_list_constant_of_another_module(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "", "app/tools.py": TOOLS + "\nTOOLS = [search, fetch]\nSOME = [search, *EXTRA]\n",
                        "app/graph.py": """
        from langchain_openai import ChatOpenAI
        from app.tools import SOME, TOOLS

        def call_model(state):
            return ChatOpenAI().bind_tools(TOOLS)

        def partial(state):
            return ChatOpenAI().bind_tools(SOME)
    """})
    got = [(t.name.value, t.framework, t.span.path) for _, t in _tools(tmp_path, monkeypatch)]
    # SOME is not read whole: none of it is derived rather than a part
    assert got == [("search", "langchain", "app/graph.py"), ("fetch", "langchain", "app/graph.py")]


def test_star_imports_and_a_package_folder_run_as_the_import_root(tmp_path, monkeypatch):
    # examples/airline/ is a package, run as a script's folder: `from configs.tools import *`
    _project(tmp_path, {"examples/airline/__init__.py": "", "examples/airline/configs/__init__.py": "",
                        "examples/airline/configs/tools.py": TOOLS,
                        "examples/airline/configs/other.py": "def search():\n    return None\n",
                        "examples/airline/configs/agents.py": """
        from swarm import Agent
        from configs.other import *
        from configs.tools import *

        agent = Agent(functions=[search, fetch, unknown_name])
    """})
    got = [(t.name.value, t.function.span.path) for _, t in _tools(tmp_path, monkeypatch)]
    # the last star import that has the name is the one Python keeps
    assert got == [("search", "examples/airline/configs/tools.py"), ("fetch", "examples/airline/configs/tools.py")]


def test_a_module_name_two_roots_give_is_neither_modules(tmp_path, monkeypatch):
    _project(tmp_path, {"one/tools.py": TOOLS, "two/tools.py": TOOLS, "three/agent.py": """
        from swarm import Agent
        from tools import search

        agent = Agent(functions=[search])
    """})
    assert _tools(tmp_path, monkeypatch) == []


SERVICES = '''
class OrderService:
    def __init__(self, db=None):
        self.db = db

    def cancel(self, order_id: str) -> str:
        """Cancel an order. Use this when the customer asks to cancel.

        Args:
            order_id: The order to cancel.
        """
        return ""

    def refund(self, order_id: str, amount: float) -> str:
        """Refund an order. Use this when the customer asks for money back.

        Args:
            order_id: The order.
            amount: How much.
        """
        return ""

    @staticmethod
    def audit(order_id: str) -> str:
        """Audit an order."""
        return ""


orders = OrderService()
'''


def test_bound_methods_of_project_instances_handed_to_an_agent(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "", "app/services.py": SERVICES, "app/agent.py": """
        from agno.agent import Agent

        from app.services import OrderService, orders

        svc = OrderService(db="x")
        agent = Agent(tools=[orders.cancel, svc.refund, svc.audit, OrderService.cancel, orders.missing])
    """})
    tools = {t.name.value: t for _, t in _tools(tmp_path, monkeypatch)}
    assert sorted(tools) == ["cancel", "refund"]  # not a static method, an unbound one or a missing one
    assert tools["cancel"].span.path.endswith("agent.py")
    assert tools["cancel"].function.span.path.endswith("services.py")
    assert list(to_python(tools["refund"].schema)["properties"]) == ["order_id", "amount"]  # no self


def test_an_instance_of_a_class_that_is_no_project_class_makes_no_tool(tmp_path, monkeypatch):
    _project(tmp_path, {"app/__init__.py": "", "app/agent.py": """
        from agno.agent import Agent
        from requests import Session

        session = Session()
        agent = Agent(tools=[session.get])
    """})
    assert _tools(tmp_path, monkeypatch) == []


def test_a_loop_over_the_list_another_modules_function_returns(tmp_path, monkeypatch):
    # held-out round 73, M3: `for fn in registry.get_all_tools(): mcp.tool(fn)` (76 tools unseen)
    _project(tmp_path, {"app/__init__.py": "", "app/tools.py": TOOLS + """

def get_all_tools():
    tools = [search]
    tools.append(fetch)
    return tools


def some_tools():
    tools = [search]
    for fn in EXTRA:
        tools.append(fn)
    return tools
""", "app/server.py": """
        from fastmcp import FastMCP
        from app import tools
        from app.tools import some_tools

        def create_app():
            mcp = FastMCP("docs")
            for fn in tools.get_all_tools():
                mcp.tool(fn)
            for fn in some_tools():
                mcp.tool(fn)
            return mcp
    """})
    got = [(t.name.value, t.framework) for _, t in _tools(tmp_path, monkeypatch)]
    assert got == [("search", "fastmcp"), ("fetch", "fastmcp")]  # some_tools' list is a guess: none of it
