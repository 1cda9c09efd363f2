"""crewAI tool classes that extend another tool class of the same module (issue 16):
`class Search(MyBaseTool)` inherits description, args_schema and `_run` along its bases,
as Python looks class attributes up; a base from elsewhere is not read."""
from __future__ import annotations

import textwrap

from toollint.model import to_python

from test_openai_models import linked_tools

DESCRIPTION = ("Search orders by the words in their notes. Use it when the user describes an order "
               "without giving its id; do not use it to list every order.")

BASE = f'''
    from typing import Optional, Type

    from crewai.tools import BaseTool
    from pydantic import BaseModel, Field


    class SearchInput(BaseModel):
        """Input for the search."""

        query: str = Field(..., description="Words to look for in the order notes.")
        limit: Optional[int] = None


    class ShopTool(BaseTool):
        description: str = "{DESCRIPTION}"
        args_schema: Type[BaseModel] = SearchInput

        def _run(self, query: str, limit: int = 10) -> str:
            return query


    class SearchOrders(ShopTool):
        name: str = "Search Orders"
'''


def _tools(tmp_path, source):
    path = tmp_path / f"m{len(list(tmp_path.iterdir()))}.py"
    path.write_text(textwrap.dedent(source).lstrip())
    return {t.name.value: t for t in linked_tools(str(path), path.stem)}


def test_the_subclass_is_the_tool_with_its_bases_attributes(tmp_path):
    tools = _tools(tmp_path, BASE)
    assert sorted(tools) == ["search_orders"]  # ShopTool names no tool: a template
    tool = tools["search_orders"]
    assert tool.description.value == DESCRIPTION
    assert to_python(tool.schema) == {
        "type": "object", "additionalProperties": False, "required": ["query", "limit"],
        "properties": {"query": {"description": "Words to look for in the order notes.", "title": "Query",
                                 "type": "string"},
                       "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None,
                                 "title": "Limit"}}}


def test_the_nearest_class_wins(tmp_path):
    source = BASE + '''

    class QuickSearch(SearchOrders):
        name: str = "Quick Search"
        description: str = "Search the last week's orders by their notes; not for older orders."
'''
    tools = _tools(tmp_path, source)
    assert tools["quick_search"].description.value.startswith("Search the last week's orders")
    assert to_python(tools["quick_search"].schema) == to_python(tools["search_orders"].schema)


def test_without_args_schema_the_inherited_run_gives_the_schema(tmp_path):
    source = BASE.replace("    args_schema: Type[BaseModel] = SearchInput\n", "")
    schema = to_python(_tools(tmp_path, source)["search_orders"].schema)
    assert sorted(schema["properties"]) == ["limit", "query"]


def test_a_description_a_base_sets_at_run_time_leaves_the_parameters_unknown(tmp_path):
    source = BASE.replace("        def _run(self", '''        def _generate_description(self) -> None:
            self.description = f"Search orders. Known statuses: {STATUSES}"

        def _run(self''')
    tool = _tools(tmp_path, source)["search_orders"]
    assert tool.description.value is None
    assert repr(to_python(tool.schema)).startswith("<unresolved")


def test_a_findings_line_is_in_the_base_that_declares_it(lint):
    source = BASE.replace('query: str = Field(..., description="Words to look for in the order notes.")',
                          "query: str")
    assert lint({"tools.py": source}, select=["TL207"]) == [("tools.py", 10, "TL207"), ("tools.py", 11, "TL207")]
    described = BASE.replace("limit: Optional[int] = None",
                             'limit: Optional[int] = Field(None, description="Most orders to return, 1 to 50.")')
    assert lint({"tools.py": described}) == []


def test_a_base_from_another_module_or_a_mixin_is_not_read(tmp_path):
    for changed in (BASE.replace("class SearchOrders(ShopTool):", "class SearchOrders(RagTool):"),
                    BASE.replace("class SearchOrders(ShopTool):", "class SearchOrders(Logged, ShopTool):")):
        assert "search_orders" not in _tools(tmp_path, changed)
