"""`= Field(...)` and `Annotated[..., Field(...)]` on a parameter typed with a project class
(issue 16): the class's schema goes in the property with the Field's description and
default, as the five *_models recordings show each framework sends it (pick_orders); a
Field this does not read whole says nothing. pydantic-ai alone counts any `= Field(...)`
as a default (its _function_schema: `required = p.default is Parameter.empty`)."""
from __future__ import annotations

import textwrap

MODELS = '''
    from pydantic import BaseModel, Field


    class Address(BaseModel):
        street: str = Field(description="Street and number, e.g. '12 Main St'.")
        city: str
'''

SERVER = '''
    from typing import Annotated, Optional

    from fastmcp import FastMCP
    from pydantic import Field

    from pkg.models import Address

    mcp = FastMCP("shop")


    @mcp.tool
    def ship_order(order_id: str, PARAM) -> str:
        """Ship one paid order to an address. Use it once the user confirms the address.

        Args:
            order_id: The order's id, as search_orders returns it.
        """
        return order_id
'''

PYDANTIC_AI = ('from fastmcp import FastMCP', 'from pydantic_ai import Agent'), \
    ('mcp = FastMCP("shop")', 'agent = Agent("test")'), ("@mcp.tool", "@agent.tool_plain")


def _project(param: str, server: str = SERVER):
    server = textwrap.dedent(server).lstrip().replace("PARAM", param)
    return {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(MODELS).lstrip(),
            "pkg/server.py": server}


def _pydantic_ai(server: str = SERVER) -> str:
    for old, new in PYDANTIC_AI:
        server = server.replace(old, new)
    return server


def test_a_field_description_describes_the_class_parameter_and_the_class_is_judged(lint):
    # the parameter is described by its Field; the model's bare `city` is found on its line
    for param in ('address: Address = Field(description="Where the parcel goes.")',
                  'address: Annotated[Address, Field(description="Where the parcel goes.")]',
                  'address: Optional[Address] = Field(default=None, description="Where the parcel goes.")',
                  'address: Optional[Address] = Field(None, description="Where the parcel goes.")'):
        assert lint(_project(param), select=["TL207"]) == [("pkg/models.py", 6, "TL207")], param


def test_a_field_without_description_leaves_the_parameter_undescribed(lint):
    # Address has no docstring: nothing describes `address`
    assert lint(_project("address: Address = Field(default=None)"), select=["TL207"]) == [
        ("pkg/models.py", 6, "TL207"), ("pkg/server.py", 12, "TL207")]


def test_a_field_not_read_whole_says_nothing(lint):
    for param in ('address: Address = Field(default_factory=dict, description="Where.")',
                  'address: Address = Field(title="Where", description="Where.")',
                  'address: Address = Field(default=make_address(), description="Where.")'):
        assert lint(_project(param), select=["TL207"]) == [], param


def test_pydantic_ai_counts_a_field_as_a_default_so_an_optional_one_is_not_required(lint):
    # pydantic-ai 2.68 sends `since` optional: TL209 must not say it is required
    param = 'since: Optional[str] = Field(description="Only orders placed after this ISO date.")'
    assert lint(_project(param, _pydantic_ai()), select=["TL209"]) == []
    # fastmcp (pydantic's own rule) makes it required and nullable
    assert lint(_project(param), select=["TL209"]) == [("pkg/server.py", 12, "TL209")]
