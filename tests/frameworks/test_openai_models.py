"""OpenAI's `pydantic_function_tool(Model)` in a tool list (issue 16): the definition it
returns, derived statically (toollint.frameworks.openai_models) and compared with what the
real function returned (tests/data/frameworks/models/openai_models.json)."""
from __future__ import annotations

import hashlib
import json
import os
import textwrap

from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.frameworks.openai_models import strict_json_schema
from toollint.link.project import link
from toollint.model import to_python

from frameworkcase import DATA

RECORDING = os.path.join(DATA, "models", "openai_models.json")


def linked_tools(path: str, module: str):
    with open(path, "rb") as handle:
        source = handle.read()
    facts = extract_file(path, module, False, Settings(), data=source)
    assert facts.error is None, facts.internal_error
    return [t for g in link([facts]).groups for t in g.tools]


def test_matches_the_recording():
    with open(RECORDING, encoding="utf-8") as handle:
        data = json.load(handle)
    path = os.path.join(DATA, data["source"])
    with open(path, "rb") as handle:
        assert hashlib.sha256(handle.read()).hexdigest() == data["sha256"], "rerun record.py openai_models"
    ours = linked_tools(path, "openai_models")
    assert len(ours) == len(data["tools"])
    for tool, real in zip(ours, data["tools"]):
        function = real.get("function", real)
        where = f"openai {data['version']}, tool {function['name']!r}"
        assert tool.shape == ("openai-chat" if "function" in real else "openai-responses"), where
        assert tool.name.value == function["name"], where
        assert (tool.description.value if tool.description else None) == function.get("description"), where
        assert tool.strict is True and function["strict"] is True, where
        assert to_python(tool.schema) == function["parameters"], where


def test_strict_inlines_a_described_reference_and_keeps_defs():
    schema = {"$defs": {"W": {"properties": {"a": {"type": "string", "default": None}}, "type": "object"}},
              "properties": {"w": {"$ref": "#/$defs/W", "description": "d"}, "v": {"$ref": "#/$defs/W"}},
              "type": "object"}
    strict = strict_json_schema(schema)
    assert strict["properties"]["w"] == {"description": "d", "properties": {"a": {"type": "string"}},
                                         "type": "object", "additionalProperties": False, "required": ["a"]}
    assert strict["properties"]["v"] == {"$ref": "#/$defs/W"}
    assert strict["required"] == ["w", "v"] and "$defs" in strict
    assert "default" in schema["$defs"]["W"]["properties"]["a"]  # the input is left as it was


def _project(models, call="pydantic_function_tool(SearchOrders)", imports="from pkg.models import SearchOrders"):
    server = textwrap.dedent(f'''
        from openai import OpenAI, pydantic_function_tool

        {imports}

        client = OpenAI()


        def ask(messages):
            return client.chat.completions.create(model="gpt-4.1", messages=messages, tools=[{call}])
    ''').lstrip()
    return {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(models).lstrip(),
            "pkg/agent.py": server}


MODELS = '''
    from typing import Optional

    from pydantic import BaseModel, Field


    class Window(BaseModel):
        """A date range."""

        start: str = Field(description="First day, ISO 8601.")


    class SearchOrders(BaseModel):
        """Search the customer's orders by free text. Call it before refunding; do not call it for
        questions about parcels in transit."""

        query: str = Field(description="Words to look for, e.g. 'blue mug'.")
        window: Optional[Window] = Field(None, description="When the orders were placed.")
'''


def test_described_fields_required_by_strict_stay_quiet(lint):
    # strict makes every field required; a described Field() without default is fine
    assert lint(_project(MODELS)) == []


def test_undescribed_field_is_reported_on_its_line_in_the_model(lint):
    models = MODELS.replace('Field(description="Words to look for, e.g. \'blue mug\'.")', '""')
    assert lint(_project(models), select=["TL207"]) == [("pkg/models.py", 16, "TL207")]


def test_nested_model_field_is_reported_in_the_nested_model(lint):
    models = MODELS.replace('start: str = Field(description="First day, ISO 8601.")', "start: str")
    assert lint(_project(models), select=["TL207"]) == [("pkg/models.py", 9, "TL207")]


def test_no_docstring_and_no_description_is_a_tool_without_description(lint):
    models = MODELS.replace('''"""Search the customer's orders by free text. Call it before refunding; do not call it for
        questions about parcels in transit."""''', "")
    assert lint(_project(models), select=["TL101"]) == [("pkg/agent.py", 9, "TL101")]
    call = 'pydantic_function_tool(SearchOrders, description="Search orders by text; not for parcels.")'
    assert lint(_project(models, call), select=["TL101"]) == []


def test_extra_allow_breaks_strict_mode(lint):
    models = MODELS.replace("class SearchOrders(BaseModel):", "class SearchOrders(BaseModel, extra='allow'):")
    assert lint(_project(models), select=["TL210"]) == [("pkg/agent.py", 9, "TL210")]


def test_name_given_is_the_tool_name(lint):
    call = 'pydantic_function_tool(SearchOrders, name="search orders")'
    assert lint(_project(MODELS, call), select=["TL301"]) == [("pkg/agent.py", 9, "TL301")]
    assert lint(_project(MODELS), select=["TL301"]) == []


def test_models_toollint_cannot_read_are_not_judged(lint):
    # a library's model, and a model whose schema a validator rewrites: nothing said about them
    assert lint(_project(MODELS, imports="from elsewhere import SearchOrders"), select=["TL1", "TL2"]) == []
    models = MODELS.replace("        query: str = Field", '''        @classmethod
        def __get_pydantic_json_schema__(cls, core, handler):
            return handler(core)

        query: str = Field''').replace('''Field(description="Words to look for, e.g. 'blue mug'.")''', '""')
    assert lint(_project(models), select=["TL2"]) == []


def test_a_script_at_module_level_and_a_list_of_any_name(lint):
    # openai-python's examples call the API at module level; lists need not be called TOOLS
    script = textwrap.dedent('''
        import openai
        from openai import OpenAI

        from pkg.models import SearchOrders

        client = OpenAI()

        completion = client.chat.completions.parse(
            model="gpt-4o", messages=[], tools=[openai.pydantic_function_tool(SearchOrders, name="search orders")])

        shop_tools = [openai.pydantic_function_tool(SearchOrders, name="find orders")]
    ''').lstrip()
    files = _project(MODELS)
    files["pkg/agent.py"] = script
    assert lint(files, select=["TL301"]) == [("pkg/agent.py", 9, "TL301"), ("pkg/agent.py", 11, "TL301")]


def test_a_model_defined_in_a_function_or_reached_through_self_is_not_read(lint):
    files = _project(MODELS, call="pydantic_function_tool(self.Query)")
    assert lint(files, select=["TL1", "TL2"]) == []


def test_dump_shows_the_strict_definition(tmp_path):
    from lintcase import toollint, write_tree

    write_tree(tmp_path, _project(MODELS))
    done = toollint("dump", str(tmp_path), "--shape", "openai-chat")
    assert done.returncode == 0, done.stderr
    (sent,) = json.loads(done.stdout)
    assert sent["function"]["name"] == "SearchOrders" and sent["function"]["strict"] is True
    parameters = sent["function"]["parameters"]
    assert parameters["required"] == ["query", "window"] and parameters["additionalProperties"] is False
    assert parameters["$defs"]["Window"]["additionalProperties"] is False
