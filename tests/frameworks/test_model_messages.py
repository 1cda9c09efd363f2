"""Findings about a schema a model produced name the model (issue 16 item 3): "property
'city' of model Address (tool 'create_user', at address.city)", on the field's line in
the model, in every form a framework sends it (kept `$defs`, inlined, strict); a tool
written as JSON keeps its message as it was."""
from __future__ import annotations

import os
import textwrap

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import run

from conftest import write_tree

MODELS = '''
    from typing import Optional

    from pydantic import BaseModel, Field


    class Address(BaseModel):
        """Where the parcel goes."""

        street: str = Field(description="Street and number, e.g. '12 Main St'.")
        city: str


    class CreateUser(BaseModel):
        """Create a customer account. Use it once the user gave a name; not for staff accounts."""

        name: str
        address: Address = Field(description="The customer's home address.")
'''
# the lines of the fields the findings are about
NAME_LINE, CITY_LINE = 16, 10

DESCRIPTION = "Create a customer account. Use it once the user gave a name; not for staff accounts."

FORMS = {
    "mcp model_json_schema": '''
        from mcp.types import Tool

        from pkg.models import CreateUser

        TOOLS = [Tool(name="create_user", description="{d}", inputSchema=CreateUser.model_json_schema())]
    ''',
    "openai pydantic_function_tool": '''
        from openai import OpenAI, pydantic_function_tool

        from pkg.models import CreateUser

        client = OpenAI()


        def ask(messages):
            return client.chat.completions.create(model="gpt-4.1", messages=messages,
                                                  tools=[pydantic_function_tool(CreateUser, name="create_user")])
    ''',
    "langchain args_schema (inlined)": '''
        from langchain_core.tools import StructuredTool

        from pkg.models import CreateUser


        def create(name: str, address: dict) -> str:
            return name


        create_tool = StructuredTool.from_function(create, name="create_user", description="{d}",
                                                   args_schema=CreateUser)
    ''',
    "crewai args_schema (strict, inlined)": '''
        from typing import Type

        from crewai.tools import BaseTool
        from pydantic import BaseModel

        from pkg.models import CreateUser


        class CreateUserTool(BaseTool):
            name: str = "create_user"
            description: str = "{d}"
            args_schema: Type[BaseModel] = CreateUser

            def _run(self, name: str, address: dict) -> str:
                return name
    ''',
}


def _messages(tmp_path, files, select=("TL207",)):
    write_tree(tmp_path, files)
    result = run([str(tmp_path)], Settings(root=str(tmp_path), select=tuple(select)), cache=False)
    return [(os.path.relpath(f.span.path, tmp_path).replace(os.sep, "/"), f.span.line, f.message.split(":")[0])
            for f in result.findings]


def _project(tools, models=MODELS):
    return {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(models).lstrip(),
            "pkg/tools.py": textwrap.dedent(tools.replace("{d}", DESCRIPTION)).lstrip()}


# where Address's fields sit in what each form sends: kept in `$defs` (OpenAI's strict form
# also inlines it under `address`, the $ref having a description: one finding all the same)
WHERE = {"mcp model_json_schema": "$defs.Address.city", "openai pydantic_function_tool": "$defs.Address.city"}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_models_properties_are_named_with_the_model_and_where_they_sit(tmp_path, form):
    at = WHERE.get(form, "address.city")
    assert _messages(tmp_path, _project(FORMS[form])) == [
        ("pkg/models.py", CITY_LINE, f"property 'city' of model Address (tool 'create_user', at {at}) "
                                     "has no description"),
        ("pkg/models.py", NAME_LINE, "property 'name' of model CreateUser (tool 'create_user') has no description"),
    ]


def test_a_described_model_says_nothing(tmp_path):
    models = MODELS.replace("city: str", 'city: str = Field(description="The city, e.g. Lyon.")').replace(
        "name: str", 'name: str = Field(description="Full name, as the user gave it.")')
    for form in FORMS.values():
        target = tmp_path / str(len(list(tmp_path.iterdir())))
        target.mkdir()
        assert _messages(target, _project(form, models)) == []


def test_a_model_typed_parameter_names_the_model_of_the_nested_field(tmp_path):
    # the function's own parameters are the tool's, the class's fields the model's
    server = '''
        from fastmcp import FastMCP

        from pkg.models import Address

        mcp = FastMCP("shop")


        @mcp.tool
        def ship_order(order_id: str, address: Address) -> str:
            """Ship one paid order to an address. Use it once the user confirms the address."""
            return order_id
    '''
    assert _messages(tmp_path, _project(server)) == [
        ("pkg/models.py", CITY_LINE, "property 'city' of model Address (tool 'ship_order', at address.city) "
                                     "has no description"),
        ("pkg/tools.py", 9, "property 'order_id' of 'ship_order' has no description"),
    ]


def test_a_model_kept_in_defs_is_named_at_its_definition(tmp_path):
    # openai-agents keeps `$defs`: the nested field sits under the definition
    server = '''
        from agents import function_tool

        from pkg.models import Address


        @function_tool
        def ship_order(order_id: str, address: Address) -> str:
            """Ship one paid order to an address. Use it once the user confirms the address.

            Args:
                order_id: The order's id, as search_orders returns it.
            """
            return order_id
    '''
    assert _messages(tmp_path, _project(server)) == [
        ("pkg/models.py", CITY_LINE, "property 'city' of model Address (tool 'ship_order', at $defs.Address.city) "
                                     "has no description"),
    ]


def test_a_tool_written_as_json_keeps_its_message(tmp_path):
    tools = '''
        TOOLS = [{"name": "create_user", "description": "%s",
                  "input_schema": {"type": "object", "properties": {
                      "name": {"type": "string"},
                      "address": {"type": "object", "description": "Home address.",
                                  "properties": {"city": {"type": "string"}}}}}}]
    ''' % DESCRIPTION
    assert _messages(tmp_path, _project(tools)) == [
        ("pkg/tools.py", 3, "property 'name' of 'create_user' has no description"),
        ("pkg/tools.py", 5, "property 'address.city' of 'create_user' has no description"),
    ]


def test_nullable_required_and_format_findings_name_the_model(tmp_path):
    models = '''
        from typing import Optional

        from pydantic import BaseModel, Field


        class Lookup(BaseModel):
            """Look an order up. Use it when the user gives an order id; not for searches."""

            order_id: str = Field(description="The order to look up.")
            note: Optional[str] = Field(description="A note for the log, or null.")
    '''
    tools = '''
        from mcp.types import Tool

        from pkg.models import Lookup

        TOOLS = [Tool(name="lookup", description="Look an order up. Use it when the user gives an order id; not for "
                      "searches.", inputSchema=Lookup.model_json_schema())]
    '''
    found = _messages(tmp_path, _project(tools, models), select=("TL203", "TL208"))
    assert found == [
        ("pkg/models.py", 9, "property 'order_id' of model Lookup (tool 'lookup') is an identifier, but its "
                             "description never says what one looks like"),
        ("pkg/models.py", 10, "'note' of model Lookup (tool 'lookup') is required and nullable"),
    ]
