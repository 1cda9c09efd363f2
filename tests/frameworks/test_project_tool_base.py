"""A class read by its shape (`name`, `description`, `inputs` under a base named like a
tool) is a framework's tool only when its chain of bases leaves the project: a project's
own `class Tool(abc.ABC)`, whose subclasses the code calls directly, sends nothing
(held-out round 18: 28 wrong findings on 17 such classes)."""
from __future__ import annotations

import pytest

ROOT_BASE = '''
import abc


class Tool(abc.ABC):
    name = ""
    description = ""
    inputs: dict = {}

    @abc.abstractmethod
    def forward(self, *args, **kwargs):
        raise NotImplementedError
'''

IMPL = '''
class PatentLookup(Tool):
    name = "patent_lookup"
    description = "Search patents by keyword and return the ten best matches with their ids."
    inputs = {"query": {"type": "string", "description": "Words to look for."}}

    def forward(self, query: str) -> dict:
        return {"q": query}
'''

RULES = ["TL103", "TL104", "TL207"]


def _tools(lint, files):
    return lint(files, select=RULES)


def test_a_subclass_of_the_project_s_own_root_base_in_the_same_module_is_no_tool(lint):
    assert _tools(lint, {"tools.py": ROOT_BASE + IMPL}) == []


@pytest.mark.parametrize("importing", ["from app.base import Tool\n", "from .base import Tool\n"])
def test_a_subclass_of_the_project_s_own_root_base_in_another_module_is_no_tool(lint, importing):
    files = {"app/__init__.py": "", "app/base.py": ROOT_BASE, "app/impls.py": importing + IMPL}
    assert _tools(lint, files) == []


def test_a_subclass_of_smolagents_tool_is_a_tool(lint):
    assert _tools(lint, {"tools.py": "from smolagents import Tool\n" + IMPL}) == [("tools.py", 5, "TL103")]


def test_a_subclass_of_a_project_base_that_extends_smolagents_is_a_tool(lint):
    base = "from smolagents import Tool\n\n\nclass Tool(Tool):\n    pass\n".replace("class Tool(Tool)", "class ShopTool(Tool)")
    files = {"app/__init__.py": "", "app/base.py": base,
             "app/impls.py": "from app.base import ShopTool\n" + IMPL.replace("(Tool)", "(ShopTool)")}
    assert _tools(lint, files) == [("app/impls.py", 5, "TL103")]


def test_a_root_base_that_names_a_library_tool_keeps_its_subclasses(lint):
    # the project's base class itself extends a library's tool: the chain leaves the project
    files = {"tools.py": "from smolagents import Tool as LibTool\n\n\nclass Tool(LibTool):\n    pass\n" + IMPL}
    assert _tools(lint, files) == [("tools.py", 9, "TL103")]


SCHEMA_BASE = '''
class BaseTool:
    name: str = ""
    description: str = ""

    def get_input_schema(self) -> dict:
        return {"type": "object", "properties": {}}
'''

SCHEMA_IMPL = '''
class CheckStock(BaseTool):
    name = "check_stock"
    description = "Check stock."

    def get_input_schema(self) -> dict:
        """The input."""
        return {"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]}
'''


@pytest.mark.parametrize("files", [
    {"tools.py": SCHEMA_BASE + SCHEMA_IMPL},
    {"app/__init__.py": "", "app/base.py": SCHEMA_BASE, "app/stock.py": "from app.base import BaseTool\n" + SCHEMA_IMPL},
])
def test_a_root_base_that_gives_its_input_schema_makes_its_subclasses_tools(lint, files):
    # held-out round 103, M1: a low-level MCP server lists such classes from a registry (19
    # tools unseen); the method's returned schema is the subclass's own
    found = lint(files, select=["TL102", "TL207"])
    assert [code for _, _, code in found] == ["TL102", "TL207"]


def test_a_schema_the_method_builds_is_left_unjudged(lint):
    built = SCHEMA_IMPL.replace('return {"type"', 'schema = {"type"').replace('["sku"]}', '["sku"]}\n        return schema')
    assert lint({"tools.py": SCHEMA_BASE + built}, select=["TL102", "TL207"]) == [("tools.py", 10, "TL102")]


def test_a_root_base_without_a_schema_method_still_sends_nothing(lint):
    plain = SCHEMA_BASE.replace("get_input_schema", "run")
    assert lint({"tools.py": plain + SCHEMA_IMPL.replace("get_input_schema", "run")}, select=["TL102", "TL207"]) == []


SPEC_BASE = '''
import abc


class Tool(abc.ABC):
    name: str
    description: str
    parameters_schema: dict

    def spec(self):
        return {"type": "function", "name": self.name, "description": self.description,
                "parameters": self.parameters_schema}
'''

SPEC_IMPL = '''
class MoveHead(Tool):
    name = "move_head"
    description = "Move your head."
    parameters_schema = {
        "type": "object",
        "properties": {"direction": {"type": "string", "enum": ["left", "right"]}},
        "required": ["direction", "speed"],
    }
'''


@pytest.mark.parametrize("files", [
    {"tools.py": SPEC_BASE + SPEC_IMPL},
    {"app/__init__.py": "", "app/core.py": SPEC_BASE, "app/move.py": "from app.core import Tool\n" + SPEC_IMPL},
])
def test_a_root_base_whose_method_builds_the_definition_makes_its_subclasses_tools(lint, files):
    # held-out round 114, M1: `spec()` returns the dict from `self.name`, `self.description` and
    # `self.parameters_schema`, the subclasses' class attributes (9 tools unseen)
    found = [code for _, _, code in lint(files, select=["TL102", "TL202", "TL207"])]
    assert found == ["TL102", "TL202"]


def test_a_root_base_that_builds_nothing_still_sends_nothing_even_with_a_schema_attribute(lint):
    plain = SPEC_BASE.replace("def spec(self):", "def run(self):")
    assert lint({"tools.py": plain + SPEC_IMPL}, select=["TL102", "TL202", "TL207"]) == []


PROPERTIES = '''
from abc import ABC, abstractmethod
from typing import Any

from mcp import types


class BaseTool(ABC):
    @property
    @abstractmethod
    def name(self) -> str: ...

    @property
    @abstractmethod
    def description(self) -> str: ...

    @property
    @abstractmethod
    def input_schema(self) -> dict[str, Any]: ...

    def to_mcp_tool(self) -> types.Tool:
        return types.Tool(name=self.name, description=self.description, inputSchema=self.input_schema)


class ElevationTool(BaseTool):
    @property
    def name(self) -> str:
        return "get_elevation"

    @property
    def description(self) -> str:
        return DESCRIPTION

    @property
    def input_schema(self) -> dict[str, Any]:
        return {"type": "object", "properties": {"path": {"type": "string"PATH}}, "required": ["path"]}
'''


def test_a_tool_class_whose_properties_return_literals(lint):
    # held-out round 127, M2: 11 tool classes with `name`, `description`, `input_schema` properties
    found = lint({"tools.py": PROPERTIES.replace("DESCRIPTION", '"Get elevation."').replace("PATH", "")},
                 select=["TL102", "TL207"])
    assert [(line, code) for _, line, code in found] == [(31, "TL102"), (35, "TL207")]
    good = PROPERTIES.replace("DESCRIPTION", '"Get the elevation along a path. Use this when asked how high a route goes."') \
        .replace("PATH", ', "description": "Encoded polyline of the route."')
    assert lint({"tools.py": good}, select=["TL102", "TL207"]) == []
