"""crewAI: BaseTool subclasses and `@tool`, compared with what crewAI 1.15 sends on native
function calling (tests/data/frameworks/crewai.json), and the schema rules on them."""
from __future__ import annotations

import hashlib
import json
import os
import textwrap

import pytest

from frameworkcase import DATA, _without_titles

from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.frameworks.crewai import sanitize_tool_name, strict_parameters
from toollint.link.project import link
from toollint.model import to_python


def _recording(name="crewai.json"):
    with open(os.path.join(DATA, name), encoding="utf-8") as handle:
        data = json.load(handle)
    with open(os.path.join(DATA, data["source"]), "rb") as handle:
        source = handle.read()
    assert hashlib.sha256(source).hexdigest() == data["sha256"], f"{data['source']} changed: record it again"
    return data, source


def _linked_tools(path, source):
    facts = extract_file(path, "recorded", False, Settings(), data=source)
    assert facts.error is None, facts.internal_error
    project = link([facts])
    classes = [t for g in project.groups for r in g.definitions for t in r.tools]
    return classes, list(facts.decorated)


# crewai_19.json: crewAI 1.9, which its source's folder pins, sent no strict schema
@pytest.mark.parametrize("recording", ["crewai.json", "crewai_19.json"])
def test_class_tools_and_decorated_tools_are_sent_as_recorded(recording):
    data, source = _recording(recording)
    classes, decorated = _linked_tools(os.path.join(DATA, data["source"]), source)
    ours = {t.name.value: t for t in classes + decorated}
    assert sorted(ours) == sorted(t["name"] for t in data["tools"])
    for real in data["tools"]:
        tool = ours[real["name"]]
        where = f"crewai {data['version']}, tool {real['name']!r}"
        assert tool.description.value == real["description"], where
        assert bool(tool.strict) is real["strict"], where
        got, want = to_python(tool.schema), real["input_schema"]
        if tool in decorated or real["name"] in ("track_parcel", "list_shows"):  # from a signature: pydantic's titles left out
            want = _without_titles(want)
        assert got == want, where  # an args_schema model's schema is pydantic's own, titles included
    assert {t.framework for t in decorated} == {"crewai"}


def test_names_are_sanitized_as_crewai_does():
    assert sanitize_tool_name("Search Orders") == "search_orders"
    assert sanitize_tool_name("PingServer") == "ping_server"
    assert sanitize_tool_name("HTTPRequest tool!") == "http_request_tool"
    assert len(sanitize_tool_name("x" * 80)) == 64


def test_strict_pipeline_inlines_refs_and_drops_their_siblings():
    schema = {"$defs": {"C": {"enum": ["a"], "title": "C", "type": "string"}}, "title": "M", "type": "object",
              "description": "Doc.", "properties": {"c": {"$ref": "#/$defs/C", "default": "a"},
                                                    "d": {"type": "object", "additionalProperties": True}}}
    assert strict_parameters(schema) == {
        "type": "object", "additionalProperties": False, "required": ["c", "d"],
        "properties": {"c": {"enum": ["a"], "title": "C", "type": "string"},
                       "d": {"type": "object", "additionalProperties": False, "properties": {}, "required": []}}}


MODELS = '''
    from typing import Optional

    from pydantic import BaseModel, Field


    class SearchInput(BaseModel):
        """Input for the search."""

        query: str = Field(..., description="Words to look for in the order notes.")
        limit: Optional[int] = None
'''

TOOL = '''
    from typing import Type

    from crewai.tools import BaseTool
    from pydantic import BaseModel

    from pkg.models import SearchInput


    class SearchOrdersTool(BaseTool):
        name: str = "Search Orders"
        description: str = (
            "Search orders by the words in their notes. Use it when the user describes an order "
            "without giving its id; do not use it to list every order."
        )
        args_schema: Type[BaseModel] = SearchInput

        def _run(self, query: str, limit: int = 10) -> str:
            return query
'''


def _project(models=MODELS, tool=TOOL):
    return {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(models).lstrip(),
            "pkg/tools.py": textwrap.dedent(tool).lstrip()}


def test_a_field_without_description_is_reported_on_its_line_in_the_model(lint):
    assert lint(_project(), select=["TL207"]) == [("pkg/models.py", 10, "TL207")]


def test_described_fields_and_a_good_description_stay_quiet(lint):
    models = MODELS.replace("limit: Optional[int] = None",
                            'limit: Optional[int] = Field(None, description="Most orders to return, 1 to 50.")')
    assert lint(_project(models)) == []


def test_the_authored_description_is_judged_not_crewai_prefix(lint):
    tool = TOOL.replace('''(
            "Search orders by the words in their notes. Use it when the user describes an order "
            "without giving its id; do not use it to list every order."
        )''', '"Search orders"')
    found = lint(_project(tool=tool), select=["TL102"])
    assert found == [("pkg/tools.py", 11, "TL102")]


def test_a_model_from_an_installed_library_is_not_judged(lint):
    tool = TOOL.replace("from pkg.models import SearchInput", "from some_library.inputs import SearchInput")
    assert lint(_project(tool=tool), select=["TL2"]) == []


def test_without_args_schema_the_schema_comes_from_run(lint):
    tool = TOOL.replace("        args_schema: Type[BaseModel] = SearchInput\n", "")
    # crewAI sends `_run`'s parameters, undescribed
    assert lint(_project(tool=tool), select=["TL207"]) == [("pkg/tools.py", 16, "TL207"), ("pkg/tools.py", 16, "TL207")]


def test_a_run_without_parameters_is_not_judged(lint):
    tool = TOOL.replace("        args_schema: Type[BaseModel] = SearchInput\n", "")
    tool = tool.replace("def _run(self, query: str, limit: int = 10)", "def _run(self, **kwargs)")
    assert lint(_project(tool=tool), select=["TL2"]) == []


def test_a_class_that_is_not_crewai_is_left_to_the_generic_reading(lint):
    tool = TOOL.replace("from crewai.tools import BaseTool", "from mylib import BaseTool")
    assert lint(_project(tool=tool), select=["TL207"]) == []


def test_a_description_set_at_run_time_is_not_judged(lint):
    tool = TOOL.replace('''        def _run(self''', '''        def _generate_description(self) -> None:
            self.description = f"Search orders. Known statuses: {STATUSES}"

        def _run(self''')
    tool = tool.replace('''(
            "Search orders by the words in their notes. Use it when the user describes an order "
            "without giving its id; do not use it to list every order."
        )''', '""')
    assert lint(_project(tool=tool), select=["TL101", "TL102", "TL103"]) == []
    # the same class without the override: its empty description is what crewAI sends
    plain = tool.replace('self.description = f"Search orders. Known statuses: {STATUSES}"', "pass")
    assert lint(_project(tool=plain), select=["TL101"]) == [("pkg/tools.py", 11, "TL101")]


PATRONUS_LIKE = '''
    from crewai.tools import BaseTool


    class EvalTool(BaseTool):
        name: str = "Evaluate answer"
        description: str = ""

        def _generate_description(self) -> None:
            self.description = f"""Evaluate an answer. Arguments:
            1. answer: str: the agent's answer
            2. criteria: str: {self.criteria}"""

        def _run(self, answer: str, criteria: str) -> str:
            return answer
'''


def test_parameters_a_run_time_description_may_document_are_not_reported(lint):
    assert lint({"tools.py": PATRONUS_LIKE}, select=["TL207", "TL101"]) == []
    literal = PATRONUS_LIKE.replace('description: str = ""', 'description: str = "Evaluate an answer."')
    literal = literal.replace("self.description = f", "text = f")
    assert lint({"tools.py": literal}, select=["TL207"]) == [("tools.py", 13, "TL207"), ("tools.py", 13, "TL207")]
