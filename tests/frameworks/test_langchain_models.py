"""LangChain tools whose schema is a pydantic model (issue 16): BaseTool subclasses,
`args_schema=` of `@tool` / `StructuredTool.from_function`, models handed to `bind_tools`;
derived statically (toollint.frameworks.langchain_models) and compared with what
`convert_to_openai_tool` sent (tests/data/frameworks/models/langchain_classes.json)."""
from __future__ import annotations

import hashlib
import json
import os
import textwrap

from toollint.model import to_python

from frameworkcase import DATA
from test_openai_models import linked_tools

RECORDING = os.path.join(DATA, "models", "langchain_classes.json")


def test_matches_the_recording():
    with open(RECORDING, encoding="utf-8") as handle:
        data = json.load(handle)
    path = os.path.join(DATA, data["source"])
    with open(path, "rb") as handle:
        assert hashlib.sha256(handle.read()).hexdigest() == data["sha256"], "rerun record.py langchain_classes"
    ours = {t.name.value: t for t in linked_tools(path, "langchain_classes")}
    assert sorted(ours) == sorted(t["name"] for t in data["tools"])
    for real in data["tools"]:
        tool = ours[real["name"]]
        where = f"langchain-core {data['version']}, tool {real['name']!r}"
        assert tool.framework == "langchain", where
        assert (tool.description.value if tool.description else None) == real["description"], where
        assert to_python(tool.schema) == real["parameters"], where


MODELS = '''
    from typing import Optional

    from pydantic import BaseModel, Field


    class Window(BaseModel):
        """A date range."""

        start: str = Field(description="First day, ISO 8601.")


    class SearchInput(BaseModel):
        """Search the customer's orders by free text."""

        query: str = Field(description="Words to look for, e.g. 'blue mug'.")
        window: Optional[Window] = Field(None, description="When the orders were placed.")
'''

DESCRIPTION = "Search the customer's orders by free text. Call it before refunding; not for parcels."


def _project(tools, models=MODELS):
    return {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(models).lstrip(),
            "pkg/tools.py": textwrap.dedent(tools).lstrip()}


BASE_TOOL = f'''
    from typing import Type

    from langchain_core.tools import BaseTool
    from pydantic import BaseModel

    from pkg.models import SearchInput


    class SearchOrders(BaseTool):
        name: str = "search_orders"
        description: str = "{DESCRIPTION}"
        args_schema: Type[BaseModel] = SearchInput

        def _run(self, query: str, window=None) -> str:
            return query
'''


def test_described_model_fields_stay_quiet_in_every_form(lint):
    # Field(description=...) without a default is required and described: nothing to say
    assert lint(_project(BASE_TOOL)) == []
    made = f'''
        from langchain_core.tools import StructuredTool, tool

        from pkg.models import SearchInput


        def search(query: str, window=None) -> str:
            return query


        search_tool = StructuredTool.from_function(search, name="search_orders", description="{DESCRIPTION}",
                                                   args_schema=SearchInput)


        @tool("find_orders", args_schema=SearchInput)
        def find(query: str, window=None) -> str:
            """Find the customer's orders by free text. Call it to list them; not for refunds."""
            return query
    '''
    assert lint(_project(made), select=["TL2"]) == []


def test_undescribed_field_is_reported_on_its_line_in_the_model(lint):
    models = MODELS.replace('''Field(description="Words to look for, e.g. 'blue mug'.")''', '""')
    assert lint(_project(BASE_TOOL, models), select=["TL207"]) == [("pkg/models.py", 15, "TL207")]


def test_a_nested_models_field_is_inlined_and_reported_at_its_line_in_the_nested_model(lint):
    # LangChain inlines $defs: the inlined object is still Window's, its property on Window's field
    models = MODELS.replace('start: str = Field(description="First day, ISO 8601.")', "start: str")
    assert lint(_project(BASE_TOOL, models), select=["TL207"]) == [("pkg/models.py", 9, "TL207")]


def test_an_alias_is_not_sent_so_the_field_name_is_judged(lint):
    # tool_call_schema rebuilds the fields without their aliases: `q` never reaches the model
    models = MODELS.replace("query: str = Field(", "query: str = Field(alias='q', ")
    tools = {t.name.value: t for t in _linked(_project(BASE_TOOL, models))}
    assert list(to_python(tools["search_orders"].schema)["properties"]) == ["query", "window"]


def test_bind_tools_sends_the_model_named_by_its_class(lint):
    bound = '''
        from pkg.models import SearchInput, Window


        def build(llm):
            return llm.bind_tools([SearchInput, Window])
    '''
    # the docstrings are the descriptions: both bare labels, reported where they are written
    assert lint(_project(bound), select=["TL101", "TL102"]) == [("pkg/models.py", 7, "TL102"),
                                                               ("pkg/models.py", 13, "TL102")]
    models = MODELS.replace('"""A date range."""', "")
    assert ("pkg/tools.py", 5, "TL101") in lint(_project(bound, models), select=["TL101"])  # "" is sent


def test_plain_and_inherited_base_tool_classes(lint):
    tools = f'''
        from langchain_core.tools import BaseTool

        from pkg.models import SearchInput


        class ShopTool(BaseTool):
            """Shared plumbing of the shop's tools."""

            def _client(self):
                return None


        class SearchOrders(ShopTool):
            name = "search orders"
            description = "{DESCRIPTION}"
            args_schema = SearchInput


        class Template(BaseTool):
            name: str = ""
            description: str = ""

            def _run(self, instructions: str) -> str:
                return instructions
    '''
    # the name with a space is reported; the template named at construction is not a tool
    assert lint(_project(tools), select=["TL1", "TL2", "TL3"]) == [("pkg/tools.py", 14, "TL301")]


def test_a_base_class_of_another_framework_is_not_langchains(lint):
    tools = f'''
        from crewai.tools import BaseTool

        from pkg.models import SearchInput


        class ShopTool(BaseTool):
            pass


        class SearchOrders(ShopTool):
            name: str = "search orders"
            description: str = "{DESCRIPTION}"
            args_schema = SearchInput
    '''
    # crewAI's, through its base of the same module (frameworks/crewai.py), never LangChain's
    assert [(t.name.value, t.framework, t.shape) for t in _linked(_project(tools))] == [
        ("search_orders", None, "openai-chat")]


def test_models_toollint_cannot_read_are_not_judged(lint):
    foreign = BASE_TOOL.replace("from pkg.models import SearchInput", "from elsewhere import SearchInput")
    assert lint(_project(foreign), select=["TL2"]) == []
    models = MODELS.replace("        query: str = Field", '''        @classmethod
        def __get_pydantic_json_schema__(cls, core, handler):
            return handler(core)

        query: str = Field''').replace('''Field(description="Words to look for, e.g. 'blue mug'.")''', '""')
    assert lint(_project(BASE_TOOL, models), select=["TL2"]) == []


def _linked(files):
    import pathlib
    import tempfile

    from lintcase import write_tree
    from toollint.commands.common import linked_project
    from toollint.config.settings import Settings

    with tempfile.TemporaryDirectory() as root:
        write_tree(pathlib.Path(root), files)
        project = linked_project([root], Settings(root=root)).project
        return [t for g in project.groups for t in g.tools]


def test_tool_on_a_model_class_sends_its_signature_without_field_descriptions(lint):
    # LangChain validates the class's signature as a function's: `= Field(description=...)`
    # is lost on the way, an Annotated description is kept
    tools = '''
        from typing import Annotated

        from langchain_core.tools import tool
        from pydantic import BaseModel, Field


        @tool
        class WebSearch(BaseModel):
            """Search the web for news. Call it for events after 2023; not for the order history."""

            query: str = Field(description="The words to search for.")
            site: Annotated[str, Field(description="Only pages of this site, e.g. 'bbc.co.uk'.")] = ""


        @tool
        class Aliased(BaseModel):
            """LangChain raises on an alias: no tool."""

            query: str = Field(alias="q")
    '''
    assert lint(_project(tools), select=["TL207"]) == [("pkg/tools.py", 11, "TL207")]
    assert [t.name.value for t in _linked(_project(tools))] == ["WebSearch"]


def test_run_parameters_langchain_fills_in_are_not_sent(lint):
    tools = f'''
        from typing import Optional

        from langchain_core.callbacks import CallbackManagerForToolRun
        from langchain_core.runnables import RunnableConfig
        from langchain_core.tools import BaseTool


        class Echo(BaseTool):
            name: str = "echo"
            description: str = "{DESCRIPTION}"

            def _run(self, text: str, config: RunnableConfig,
                     run_manager: Optional[CallbackManagerForToolRun] = None) -> str:
                return text
    '''
    assert lint(_project(tools), select=["TL207"]) == [("pkg/tools.py", 12, "TL207")]  # `text` only


def test_dump_shows_model_tools_as_sent(tmp_path):
    import json

    from lintcase import toollint, write_tree

    write_tree(tmp_path, _project(BASE_TOOL))
    done = toollint("dump", str(tmp_path), "--shape", "openai-chat")
    assert done.returncode == 0, done.stderr
    (sent,) = json.loads(done.stdout)
    assert sent["function"]["name"] == "search_orders"
    # as langchain-core 1.8.3 sends it: _rm_titles does not look into anyOf, so the titles there stay
    assert sent["function"]["parameters"] == {
        "type": "object", "required": ["query"],
        "properties": {"query": {"description": "Words to look for, e.g. 'blue mug'.", "type": "string"},
                       "window": {"anyOf": [{"description": "A date range.", "type": "object", "required": ["start"],
                                             "title": "Window",
                                             "properties": {"start": {"description": "First day, ISO 8601.",
                                                                      "title": "Start", "type": "string"}}},
                                            {"type": "null"}],
                                  "default": None, "description": "When the orders were placed."}}}
