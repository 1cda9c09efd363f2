"""Parameters typed with a project's pydantic model or TypedDict (issue 16; issue 18 item 7):
the class's schema goes in the property as the framework sends it, a field's finding
points at the field, and what is not derived says nothing."""
from __future__ import annotations

import textwrap

MODELS = '''
    from pydantic import BaseModel, Field


    class Address(BaseModel):
        """Where the parcel goes: a street address in one city."""

        street: str = Field(description="Street and number, e.g. '12 Main St'.")
        city: str
'''

SERVER = '''
    from fastmcp import FastMCP

    from pkg.models import Address

    mcp = FastMCP("shop")


    @mcp.tool
    def ship_order(order_id: str, address: Address) -> str:
        """Ship one paid order to an address. Use it once the user confirms the address.

        Args:
            order_id: The order's id, as search_orders returns it.
        """
        return order_id
'''


def _project(models=MODELS, server=SERVER):
    return {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(models).lstrip(),
            "pkg/server.py": textwrap.dedent(server).lstrip()}


def test_the_class_docstring_describes_the_parameter_and_a_bare_field_is_found_on_its_line(lint):
    # `address` is described by Address's docstring: no TL207 on it; `city` has none, on its line
    assert lint(_project(), select=["TL207"]) == [("pkg/models.py", 8, "TL207")]


def test_a_fully_described_model_stays_quiet(lint):
    models = MODELS.replace("city: str", 'city: str = Field(description="The city name, e.g. Lyon.")')
    assert lint(_project(models), select=["TL207"]) == []


def test_a_class_without_docstring_leaves_the_parameter_undescribed(lint):
    models = MODELS.replace('"""Where the parcel goes: a street address in one city."""\n', "")
    models = models.replace("city: str", 'city: str = Field(description="The city name, e.g. Lyon.")')
    assert lint(_project(models), select=["TL207"]) == [("pkg/server.py", 9, "TL207")]


def test_a_class_from_an_installed_library_is_not_judged(lint):
    server = SERVER.replace("from pkg.models import Address", "from shipping_sdk import Address")
    assert lint(_project(server=server), select=["TL207"]) == []


def test_langchain_inlines_the_model_as_fastmcp_does(lint):
    server = SERVER.replace("from fastmcp import FastMCP", "from langchain_core.tools import tool")
    server = server.replace('mcp = FastMCP("shop")\n', "").replace("@mcp.tool", "@tool")
    assert lint(_project(server=server), select=["TL207"]) == [("pkg/models.py", 8, "TL207")]


def test_a_form_not_derived_says_nothing_about_the_parameter(lint):
    server = SERVER.replace("from fastmcp import FastMCP", "from agents import function_tool")
    server = server.replace('mcp = FastMCP("shop")\n', "").replace("@mcp.tool", "@function_tool")
    assert lint(_project(server=server), select=["TL207"]) == []


def test_a_list_of_models_is_not_judged(lint):
    server = SERVER.replace("address: Address", "addresses: list[Address]")
    assert lint(_project(server=server), select=["TL207"]) == []


def test_a_typeddict_in_the_same_module(lint):
    server = '''
        from fastmcp import FastMCP
        from typing_extensions import TypedDict

        mcp = FastMCP("shop")


        class Filters(TypedDict):
            status: str


        @mcp.tool
        def find_orders(filters: Filters) -> str:
            """Find the orders whose status matches. Use it to list orders by status."""
            return ""
    '''
    assert lint(_project(server=server), select=["TL207"]) == [("pkg/server.py", 8, "TL207"),
                                                               ("pkg/server.py", 12, "TL207")]
