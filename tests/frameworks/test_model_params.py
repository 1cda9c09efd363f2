"""Parameters typed with a project's pydantic model or TypedDict (issue 16; issue 18 item 7):
the class's schema goes in the property as the framework sends it, a field's finding
points at the field, and what is not derived says nothing."""
from __future__ import annotations

import textwrap

import pytest

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


def _with(decorator_import: str, decorator: str, server: str = SERVER) -> str:
    server = server.replace("from fastmcp import FastMCP", decorator_import)
    return server.replace('mcp = FastMCP("shop")\n', "").replace("@mcp.tool", decorator)


def test_a_form_not_derived_says_nothing_about_the_parameter(lint):
    # livekit-agents: its form of a class-typed parameter is not recorded
    server = _with("from livekit.agents import function_tool", "@function_tool")
    assert lint(_project(server=server), select=["TL207"]) == []


SNAPSHOT = '''
    from pydantic import BaseModel, Field


    class SnapshotInput(BaseModel):
        """Take a snapshot of one virtual machine."""

        vmid: int = Field(description="The VM's numeric id, e.g. 100.", ge=100)
        name: str
'''

MCP_SERVER = '''
    from mcp.server.fastmcp import FastMCP

    from pkg.models import SnapshotInput

    mcp = FastMCP("homelab")


    @mcp.tool()
    def create_snapshot(params: SnapshotInput) -> str:
        """Take a snapshot of a VM. Use it before changing the VM's configuration.

        Args:
            params: The VM and the snapshot's name.
        """
        return ""
'''


@pytest.mark.parametrize("server", [MCP_SERVER, MCP_SERVER.replace(
    "from mcp.server.fastmcp import FastMCP", "from mcp.server.mcpserver import MCPServer").replace(
    'FastMCP("homelab")', 'MCPServer("homelab")')], ids=["mcp1-fastmcp", "mcp2-mcpserver"])
def test_the_mcp_sdk_sends_the_model_in_defs_and_a_bare_field_is_found_on_its_line(lint, server):
    # mcp 1.30 and 2.3 send pydantic's schema, {"$ref": "#/$defs/SnapshotInput"} (mcp_models.json);
    # the docstring's Args entry stays in the tool's description, never in the property
    assert lint(_project(SNAPSHOT, server), select=["TL207"]) == [("pkg/models.py", 8, "TL207")]
    described = SNAPSHOT.replace("name: str", 'name: str = Field(description="The snapshot\'s name, e.g. pre-upgrade.")')
    assert lint(_project(described, server), select=["TL207"]) == []


def test_the_agents_sdk_pydantic_ai_and_llamaindex_send_the_class_in_defs(lint):
    agents = _with("from agents import function_tool", "@function_tool")
    assert lint(_project(server=agents), select=["TL207"]) == [("pkg/models.py", 8, "TL207")]
    plain = _with('from pydantic_ai import Agent\n    agent = Agent("test")', "@agent.tool_plain")
    assert lint(_project(server=plain), select=["TL207"]) == [("pkg/models.py", 8, "TL207")]


def test_a_list_of_models_is_inlined_and_the_list_itself_needs_a_description(lint):
    # fastmcp sends {"type": "array", "items": {<Address, described>}}: `addresses` has none
    server = SERVER.replace("address: Address", "addresses: list[Address]")
    assert lint(_project(server=server), select=["TL207"]) == [("pkg/models.py", 8, "TL207"),
                                                               ("pkg/server.py", 9, "TL207")]
    described = server.replace("order_id: The order's id, as search_orders returns it.",
                                "order_id: The order's id, as search_orders returns it.\n"
                                "            addresses: Every address to ship a copy to.")
    assert lint(_project(server=described), select=["TL207"]) == [("pkg/models.py", 8, "TL207")]


def test_optional_and_union_with_none_models_are_judged_in_every_derived_form(lint):
    for annotation in ("Optional[Address] = None", "Address | None = None", "dict[str, Address] = {}"):
        server = SERVER.replace("address: Address", f"address: {annotation}")
        server = server.replace("from pkg.models import Address", "from typing import Optional\n\n    from pkg.models import Address")
        for variant in (server, _with("from langchain_core.tools import tool", "@tool", server),
                        _with('from pydantic_ai import Agent\n    agent = Agent("test")', "@agent.tool_plain", server)):
            found = lint(_project(server=variant), select=["TL207"])
            assert ("pkg/models.py", 8, "TL207") in found, (annotation, variant)


def test_a_dict_of_models_under_the_agents_sdk_is_a_strict_mode_violation(lint):
    # ensure_strict_json_schema raises UserError on {"additionalProperties": {$ref}}: no tool
    server = _with("from agents import function_tool", "@function_tool",
                   SERVER.replace("address: Address", "addresses: dict[str, Address]"))
    assert [code for path, _, code in lint(_project(server=server), select=["TL210"])
            if path == "pkg/server.py"] == ["TL210"]
    fine = _with("from agents import function_tool", "@function_tool",
                 SERVER.replace("address: Address", "addresses: list[Address]"))
    assert lint(_project(server=fine), select=["TL210"]) == []


def test_what_pydantic_cannot_be_read_for_stays_quiet(lint):
    models = MODELS.replace("city: str", "city: str\n\n        @classmethod\n"
                            "        def __get_pydantic_json_schema__(cls, core, handler):\n            return {}")
    assert lint(_project(models), select=["TL207"]) == []
    server = SERVER.replace("address: Address", "addresses: list[Address] = Field(default_factory=list)")
    server = server.replace("from pkg.models import Address", "from pydantic import Field\n\n    from pkg.models import Address")
    assert lint(_project(server=server), select=["TL207"]) == []


def test_every_class_typed_parameter_of_the_model_recordings_is_derived():
    """The *_models recordings are compared property by property (frameworkcase): none of
    their properties is left unresolved, so the comparison covers each form."""
    import json
    import os

    from frameworkcase import DATA
    from toollint.engine.scan import extract_file
    from toollint.config.settings import Settings
    from toollint.frameworks.model_params import finish
    from toollint.frameworks.pydantic_values import module_resolver
    from toollint.model import UNRESOLVED, to_python

    for name in ("fastmcp", "langchain", "agents", "llama_index", "pydantic_ai", "mcp", "mcpserver"):
        with open(os.path.join(DATA, f"{name}_models.json"), encoding="utf-8") as handle:
            source = os.path.join(DATA, json.load(handle)["source"])
        with open(source, "rb") as handle:
            facts = extract_file(source, "recorded", False, Settings(), data=handle.read())
        resolve = module_resolver(lambda module: facts if module == facts.module else None)
        for tool in facts.decorated:
            schema = to_python(finish(tool, {facts.path: facts}.get, resolve).schema)
            assert isinstance(schema, dict) and UNRESOLVED not in schema["properties"].values(), (name, tool.name)


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


def test_pydantic_ai_sends_a_lone_model_parameter_as_the_whole_schema_which_is_not_judged(lint):
    # pydantic-ai 2.68 _function_schema: the tool's schema *is* Address's, its docstring the description
    server = _with('from pydantic_ai import Agent\n    agent = Agent("test")', "@agent.tool_plain")
    server = server.replace("order_id: str, address: Address", "address: Address")
    assert lint(_project(server=server), select=["TL207", "TL101"]) == []


def test_a_lone_model_parameters_field_set_in_the_tool_description_is_documented(lint):
    # `params: SnapshotInput` is the tool's arguments in all but name: "Requires confirm=true."
    # documents `confirm` as it would a parameter (held-out round 118: pve-mcp's gates)
    models = SNAPSHOT.replace("name: str", 'name: str = Field(description="The snapshot\'s name.")\n'
                              "        confirm: bool = False")
    assert lint(_project(models, MCP_SERVER), select=["TL207"]) == [("pkg/models.py", 9, "TL207")]
    gated = MCP_SERVER.replace("configuration.\n", "configuration. Requires confirm=true.\n")
    assert lint(_project(models, gated), select=["TL207"]) == []
    # beside another parameter the model is one argument among others: its fields stay its own
    two = gated.replace("params: SnapshotInput", "params: SnapshotInput, dry_run: bool = False").replace(
        "snapshot's name.\n", "snapshot's name.\n            dry_run: Only say what would be done.\n")
    assert lint(_project(models, two), select=["TL207"]) == [("pkg/models.py", 9, "TL207")]
