"""crewAI tool classes whose base another project module defines (issue 16):
`from pkg.base import ShopTool` then `class SearchOrders(ShopTool): name: str = "..."`
inherits the base's description, args_schema and `_run` when linking reads that module,
and on along its single-base chain to crewAI's BaseTool; anything not provable (a base
setting them at run time, an installed library's base, several bases) is not guessed."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import build
from toollint.model import to_python

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
'''

SEARCH = '''
from pkg.base import ShopTool


class SearchOrders(ShopTool):
    name: str = "Search Orders"
'''

SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["query", "limit"],
    "properties": {"query": {"description": "Words to look for in the order notes.", "title": "Query",
                             "type": "string"},
                   "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None, "title": "Limit"}}}


def _files(base=BASE, search=SEARCH, **more):
    files = {"pkg/__init__.py": "", "pkg/base.py": base, "pkg/search.py": search}
    files.update({f"pkg/{k}.py": v for k, v in more.items()})
    return files


def _tools(tmp_path, files):
    root = tmp_path / f"p{len(list(tmp_path.iterdir()))}"
    for rel, text in {"pyproject.toml": "[project]\nname = 'app'\n", **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    project = build([str(root)], Settings(root=str(root)), cache=False).project
    return {t.name.value: t for g in project.groups for t in g.tools}


def test_the_base_in_another_module_gives_description_and_args_schema(tmp_path):
    tools = _tools(tmp_path, _files())
    assert sorted(tools) == ["search_orders"]  # ShopTool names no tool: a template
    tool = tools["search_orders"]
    assert tool.description.value == DESCRIPTION
    assert tool.description.span.path.endswith("base.py")
    assert to_python(tool.schema) == SCHEMA
    assert tool.strict is True


def test_findings_point_at_the_lines_of_the_base_module(lint):
    base = BASE.replace('query: str = Field(..., description="Words to look for in the order notes.")',
                        "query: str")
    assert lint(_files(base), select=["TL207"]) == [("pkg/base.py", 10, "TL207"), ("pkg/base.py", 11, "TL207")]
    described = BASE.replace("limit: Optional[int] = None",
                             'limit: Optional[int] = Field(None, description="Most orders to return, 1 to 50.")')
    assert lint(_files(described)) == []
    assert lint(_files(BASE.replace(DESCRIPTION, "Searches.")), select=["TL102"]) == [("pkg/base.py", 15, "TL102")]


def test_the_subclass_own_attributes_win_and_its_run_is_used_without_args_schema(tmp_path):
    search = SEARCH + '''
    description: str = "Search the last week's orders by their notes; not for older orders."

    def _run(self, status: str) -> str:
        return status
'''
    tool = _tools(tmp_path, _files(search=search))["search_orders"]
    assert tool.description.value.startswith("Search the last week's")
    assert to_python(tool.schema) == SCHEMA  # the base's args_schema is what crewAI sends
    without = _tools(tmp_path, _files(BASE.replace("    args_schema: Type[BaseModel] = SearchInput\n", ""),
                                      search))["search_orders"]
    assert sorted(to_python(without.schema)["properties"]) == ["status"]


def test_a_description_the_base_sets_at_run_time_is_unresolved(tmp_path):
    shapes = [
        BASE.replace("    def _run(self", '''    def _generate_description(self) -> None:
        self.description = f"Search orders. Known statuses: {STATUSES}"

    def _run(self'''),
        BASE.replace("    def _run(self", '''    def configure(self, **options):
        for key, value in options.items():
            setattr(self, key, value)

    def _run(self'''),
        BASE.replace("    def _run(self", '''    def model_post_init(self, context) -> None:
        tool = self
        tool.description = DESCRIPTIONS.get(type(tool).__name__, "")

    def _run(self'''),
        BASE.replace("    def _run(self", '''    @property
    def description(self) -> str:
        return "Search orders."

    def _run(self'''),
    ]
    for base, name in zip(shapes, ("search_orders", None, "search_orders", "search_orders")):  # setattr() may set the name too
        [tool] = _tools(tmp_path, _files(base)).values()
        assert (tool.name.value, tool.description.value) == (name, None), base
        assert repr(to_python(tool.schema)).startswith("<unresolved"), base


def test_a_library_base_several_bases_or_no_crewai_tool_make_no_crewai_tool(tmp_path):
    # crewai_tools' RagTool is known (tests/frameworks/test_crewai_classfacts.py); its other classes are not
    rag = SEARCH.replace("from pkg.base import ShopTool", "from crewai_tools import ScrapeWebsiteTool").replace(
        "(ShopTool)", "(ScrapeWebsiteTool)")
    mixin = BASE.replace("class ShopTool(BaseTool):", "class ShopTool(Logged, BaseTool):").replace(
        "from crewai.tools import BaseTool", "from crewai.tools import BaseTool\nfrom pkg.log import Logged")
    two = BASE.replace("class ShopTool(BaseTool):", "class ShopTool(Mid):").replace(
        "from crewai.tools import BaseTool", "from pkg.mid import Mid")
    langchain = BASE.replace("from crewai.tools import BaseTool", "from langchain_core.tools import BaseTool")
    for files in (_files(search=rag), _files(two, mid="class Mid(Logged, Other):\n    pass\n"),
                  _files(langchain), _files(BASE.replace("ShopTool", "Shop"))):
        assert "search_orders" not in _tools(tmp_path, files)
    assert "search_orders" in _tools(tmp_path, _files(mixin))  # crewAI's BaseTool among the bases, as in one module


def test_a_two_level_chain_across_modules_and_a_re_export(tmp_path):
    mid = '''
    from pkg.base import ShopTool


    class OrdersTool(ShopTool):
        """Order tools."""
    '''
    search = SEARCH.replace("from pkg.base import ShopTool", "from pkg import OrdersTool").replace(
        "(ShopTool)", "(OrdersTool)")
    files = _files(search=search, mid=mid)
    files["pkg/__init__.py"] = "from pkg.mid import OrdersTool\n"
    tool = _tools(tmp_path, files)["search_orders"]
    assert (tool.description.value, to_python(tool.schema)) == (DESCRIPTION, SCHEMA)
    files["pkg/mid.py"] = mid + "\n        def __init__(self, **kw):\n            super().__init__(**kw)\n" \
        "            self.__dict__.update(kw)\n"
    [tool] = _tools(tmp_path, files).values()
    assert tool.description.value is None and tool.name.value is None


def test_a_class_left_for_linking_survives_the_cache(tmp_path):
    from toollint.cache.store import Cache
    from toollint.deferred import CrewClass
    from toollint.model import Const, ModuleFacts, RegistryDecl, Span

    span = Span("pkg/search.py", 4, 7, 4, 19)
    value = CrewClass("SearchOrders", (("name", Const("Search Orders", span)),), ("description",), "pkg.base",
                      "ShopTool", span)
    facts = ModuleFacts("pkg/search.py", "pkg.search", registries=(RegistryDecl("loose", "SearchOrders", value, span),))
    cache = Cache(str(tmp_path), b"k" * 32, b"fingerprint")
    cache.put("pkg/search.py", "pkg.search", False, b"source", facts)
    assert cache.get("pkg/search.py", "pkg.search", False, b"source") == facts


def test_a_class_of_another_framework_keeps_its_own_reading(lint):
    base = 'from smolagents import Tool\n\n\nclass ShopTool(Tool):\n    output_type = "string"\n'
    search = SEARCH + '''    description = "Searches."
    inputs = {"query": {"type": "string", "description": "Words to look for."}}

    def forward(self, query: str) -> str:
        return query
'''
    assert lint(_files(base, search), select=["TL102"]) == [("pkg/search.py", 6, "TL102")]


COMPAT_TOOL = '''
from pkg.compat import BaseTool


class QuoteTool(BaseTool):
    name: str = "quote"
    description: str = "Latest price"

    def _run(self, code: str) -> str:
        return code
'''


def test_crewais_base_tool_handed_on_by_a_project_module(lint):
    # held-out round 33, M2: `from tools.compat import BaseTool`, compat importing crewAI's
    # (plainly, or in a try whose except defines a stand-in for when crewAI is missing)
    for compat in ("from crewai.tools import BaseTool\n",
                   "try:\n    from crewai.tools import BaseTool\nexcept ImportError:\n"
                   "    from pydantic import BaseModel\n\n    class BaseTool(BaseModel):\n        name: str = ''\n"):
        tree = {"pkg/__init__.py": "", "pkg/compat.py": compat, "pkg/quotes.py": COMPAT_TOOL}
        assert lint(tree, select=["TL102"]) == [("pkg/quotes.py", 6, "TL102")]


def test_another_base_handed_on_by_a_project_module_makes_no_crewai_tool(lint):
    tree = {"pkg/__init__.py": "", "pkg/compat.py": "from pydantic import BaseModel as BaseTool\n",
            "pkg/quotes.py": COMPAT_TOOL}
    assert lint(tree, select=["TL102"]) == []
