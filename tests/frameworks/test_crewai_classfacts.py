"""A subclass in another module settled over the ClassFacts extraction made of its base's
module (issues 16/17/22): nothing is parsed while linking, a store in a method body that
narrowing blanks still counts, the base's `_run` is the subclass tool's handler, and
crewai_tools' RagTool as a base sends the name and description crewai_tools 1.15.30
sends (tests/data/frameworks/crewai_tools.json), and parameters only from the subclass's own
args_schema or `_run`."""
from __future__ import annotations

import hashlib
import json
import os
import textwrap

import pytest
from frameworkcase import DATA, _without_titles

from toollint.config.settings import Settings
from toollint.engine.core import build
from toollint.model import to_python

DESCRIPTION = ("Search orders by the words in their notes. Use it when the user describes an order "
               "without giving its id; do not use it to list every order.")

BASE = f'''
from typing import Type

from crewai.tools import BaseTool
from pydantic import BaseModel, Field


class SearchInput(BaseModel):
    query: str = Field(..., description="Words to look for in the order notes.")


class ShopTool(BaseTool):
    description: str = "{DESCRIPTION}"
    args_schema: Type[BaseModel] = SearchInput

    def _run(self, query: str, order_status: str = "") -> str:
        return query
'''

SEARCH = '''
from pkg.base import ShopTool


class SearchOrders(ShopTool):
    name: str = "Search Orders"
'''


def _build(tmp_path, files, cache=False):
    root = tmp_path / f"p{len(list(tmp_path.iterdir()))}"
    for rel, text in {"pyproject.toml": "[project]\nname = 'app'\n", "pkg/__init__.py": "", **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    return build([str(root)], Settings(root=str(root)), cache=cache)


def _tools(tmp_path, files, cache=False):
    project = _build(tmp_path, files, cache).project
    return {t.name.value: t for g in project.groups for t in g.tools} if project else {}


def test_linking_parses_no_module(tmp_path, monkeypatch):
    import libcst

    def refuse(*args, **kwargs):
        raise AssertionError("linking parsed a module")

    from toollint.link import project as linking

    real = linking.link

    def link_without_parsing(*args, **kwargs):
        monkeypatch.setattr(libcst, "parse_module", refuse)
        return real(*args, **kwargs)

    monkeypatch.setattr(linking, "link", link_without_parsing)
    tool = _tools(tmp_path, {"pkg/base.py": BASE, "pkg/search.py": SEARCH})["search_orders"]
    assert tool.description.value == DESCRIPTION


def test_the_base_run_is_the_handler_as_for_a_base_of_the_same_module(tmp_path, lint):
    tool = _tools(tmp_path, {"pkg/base.py": BASE, "pkg/search.py": SEARCH})["search_orders"]
    assert tool.function.qualname == "ShopTool._run"
    assert tool.function.span.path.endswith("base.py")
    assert [p.name for p in tool.function.params] == ["self", "query", "order_status"]
    # a handler parameter the description names is known, as it is with the base beside the class
    named = BASE.replace("every order.", "every order. Set `order_status` to narrow the search.")
    same_module = named + SEARCH.replace("from pkg.base import ShopTool\n", "")
    assert lint({"pkg/__init__.py": "", "pkg/base.py": named, "pkg/search.py": SEARCH}, select=["TL108"]) == []
    assert lint({"pkg/__init__.py": "", "pkg/tools.py": same_module}, select=["TL108"]) == []
    # still said of a name that is neither property nor handler parameter
    stray = BASE.replace("every order.", "every order. Set `order_region` to narrow the search.")
    assert lint({"pkg/__init__.py": "", "pkg/base.py": stray, "pkg/search.py": SEARCH},
                select=["TL108"]) == [("pkg/base.py", 12, "TL108")]  # the description


def test_a_subclass_run_stays_the_handler(tmp_path):
    search = SEARCH + '''
    def _run(self, query: str) -> str:
        return query
'''
    tool = _tools(tmp_path, {"pkg/base.py": BASE, "pkg/search.py": search})["search_orders"]
    assert tool.function.qualname == "SearchOrders._run"


# a base module with no tool in it: its method bodies are blanked for extraction
HANDLER_BASE = '''
class BaseHandler:
    """Base class for handlers."""

    def __init__(self, settings=None):
        self.settings = settings or {}
        {store}
'''

HANDLER = '''
from mcp.types import Tool

from .base import BaseHandler


class CreateFileHandler(BaseHandler):
    name = "create_file"
    description = "Create a new text file with the given content."

    def get_tool_description(self) -> Tool:
        return Tool(name=self.name, description=self.description,
                    inputSchema={"type": "object", "properties": {"path": {"type": "string", "description": "where"}}})
'''


@pytest.mark.parametrize("store, unknown", [
    ("pass", ()),
    ("this = self\n        this.name = settings.get('name')", ("name",)),  # not `self.`: read in the real body
    ("[None for self.description in settings]", ("description",)),  # a comprehension's target
    ("self.editor, self.name = settings", ("name",)),
    ("del self.description", ("description",)),
    ("self.__dict__.update(settings)", ("name", "description")),
    ('"""Copies the env vars into setattr-free settings."""', ()),  # words in a string set nothing
    # a setattr that names its attribute sets that one (held-out round 107, M2)
    ('object.__setattr__(self, "_token", settings)', ()),
    ('super().__setattr__("_client", settings)', ()),
    ('setattr(self, "name", settings)', ("name",)),
    ("setattr(self, key, settings)", ("name", "description")),
])
def test_what_a_base_sets_in_a_blanked_method_body_counts(tmp_path, store, unknown):
    files = {"pkg/base.py": HANDLER_BASE.replace("{store}", store), "pkg/create.py": HANDLER}
    [tool] = _tools(tmp_path, files).values()
    assert (tool.name.value == "create_file") is ("name" not in unknown)
    assert (tool.description.value == "Create a new text file with the given content.") is \
        ("description" not in unknown)


def test_the_class_facts_come_back_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLLINT_CACHE_DIR", str(tmp_path / "cache"))
    files = {"pkg/base.py": BASE, "pkg/search.py": SEARCH}
    cold = _tools(tmp_path, files, cache=True)["search_orders"]
    root = tmp_path / "p0"
    warm = build([str(root)], Settings(root=str(root)), cache=True).project
    [again] = [t for g in warm.groups for t in g.tools]
    assert (again.description, again.schema, again.function) == (cold.description, cold.schema, cold.function)


# --- crewai_tools' RagTool ------------------------------------------------------------------


def _recording():
    with open(os.path.join(DATA, "crewai_tools.json"), encoding="utf-8") as handle:
        data = json.load(handle)
    with open(os.path.join(DATA, data["source"]), "rb") as handle:
        source = handle.read()
    assert hashlib.sha256(source).hexdigest() == data["sha256"], "sources/crewai_tools.py changed: record it again"
    return data, source.decode()


def test_a_rag_tool_subclass_is_sent_as_recorded(tmp_path):
    data, source = _recording()
    tools = _tools(tmp_path, {"pkg/tools.py": source})
    assert sorted(tools) == sorted(t["name"] for t in data["tools"])
    for real in data["tools"]:
        tool = tools[real["name"]]
        where = f"crewai-tools {data['version']}, tool {real['name']!r}"
        assert tool.description.value == real["description"], where
        assert bool(tool.strict) is real["strict"], where
        want = real["input_schema"]
        if real["name"] == "policy_lookup":  # its own `_run`: a signature's schema, titles left out
            want = _without_titles(want)
            assert tool.function.qualname == "PolicyLookup._run"
        else:
            assert tool.function is None  # RagTool's `_run`, the library's: no handler to compare
        assert to_python(tool.schema) == want, where


def test_rag_tool_parameters_are_not_guessed(tmp_path):
    """Without its own args_schema or `_run`, crewAI makes the parameters of RagTool._run(),
    which changed between versions: crewai-tools 0.40 `_run(self, query, **kwargs)` sends
    `query` alone, 1.15.30 `_run(self, query, similarity_threshold=None, limit=None)` all
    three (recorded by hand from HandbookSearch with only name and description)."""
    source = '''
    from crewai_tools.tools.rag.rag_tool import RagTool


    class HandbookSearch(RagTool):
        name: str = "Handbook Search"
        description: str = "Search the team handbook for a policy. Use it when asked about leave or expenses."
    '''
    tool = _tools(tmp_path, {"pkg/tools.py": source})["handbook_search"]
    assert tool.description.value.startswith("Search the team handbook")
    assert repr(to_python(tool.schema)).startswith("<unresolved")


def test_other_crewai_tools_bases_are_not_guessed(tmp_path):
    source = '''
    from crewai_tools import SerperDevTool


    class NewsSearch(SerperDevTool):
        name: str = "News Search"
    '''
    tools = _tools(tmp_path, {"pkg/tools.py": source})
    assert "news_search" not in tools


def test_an_init_handing_pydantic_the_description_leaves_it_unresolved(tmp_path):
    # `kwargs["description"] = ...` then `super().__init__(**kwargs)`: the field's value is the call's
    base = BASE.replace("    def _run(self", '''    def __init__(self, region=None, **kwargs):
        if region:
            kwargs["description"] = f"Search the orders of {region}."
            kwargs.setdefault("args_schema", SearchInput)
        super().__init__(**kwargs)

    def _run(self''')
    tool = _tools(tmp_path, {"pkg/base.py": base, "pkg/search.py": SEARCH})["search_orders"]
    assert tool.description.value is None
    assert repr(to_python(tool.schema)).startswith("<unresolved")
    # a dict the class builds under other keys sets nothing
    other = BASE.replace("    def _run(self", '''    def payload(self):
        data = {}
        data["query"] = self.name
        return data

    def _run(self''')
    assert _tools(tmp_path, {"pkg/base.py": other, "pkg/search.py": SEARCH})["search_orders"].description.value \
        == DESCRIPTION
    results = BASE.replace("    def _run(self", '''    def _format(self, hit):
        item = {"url": hit.url}
        item["description"] = hit.summary
        return item

    def _run(self''')
    assert _tools(tmp_path, {"pkg/base.py": results, "pkg/search.py": SEARCH})["search_orders"].description.value \
        == DESCRIPTION
