"""Literal type aliases in decorated functions' parameters (issue 16): `Mode =
Literal["a", "b"]` (or `Mode: TypeAlias = ...`) then `mode: Mode` is derived as if the
Literal were written in place, as pydantic reads it (the model fields' side is in the
differential corpus, tests/data/pydantic/pmodels/aliases.py)."""
from __future__ import annotations

import textwrap

import pytest

from toollint.model import Unresolved, to_python

from test_openai_models import linked_tools

DECORATORS = {
    "fastmcp": ("from fastmcp import FastMCP\nmcp = FastMCP('s')", "@mcp.tool"),
    "langchain": ("from langchain_core.tools import tool", "@tool"),
    "openai-agents": ("from agents import function_tool", "@function_tool"),
    "crewai": ("from crewai.tools import tool", "@tool"),
    "llama-index": ("from llama_index.core.tools import FunctionTool", ""),
}


def _source(framework: str, annotation: str, prelude: str = "") -> str:
    imports, decorator = DECORATORS[framework]
    made = "\ntool_obj = FunctionTool.from_defaults(ship)\n" if framework == "llama-index" else ""
    return textwrap.dedent('''
        from typing import Literal, Optional

        from typing_extensions import TypeAlias

        {imports}

        {prelude}


        {decorator}
        def ship(order_id: str, mode: {annotation}) -> str:
            """Ship an order the user named.

            Args:
                order_id: The order's id.
                mode: How fast it goes.
            """
            return order_id
        {made}
    ''').format(imports=imports, prelude=prelude, decorator=decorator, annotation=annotation, made=made)


def _schema(tmp_path, source: str):
    path = tmp_path / f"m{len(list(tmp_path.iterdir()))}.py"
    path.write_text(source)
    tools = linked_tools(str(path), path.stem)
    assert len(tools) == 1
    return tools[0].schema


ALIASES = {
    "plain": ('Mode = Literal["fast", "slow"]', 'Literal["fast", "slow"]'),
    "TypeAlias": ('Mode: TypeAlias = Literal["fast", "slow"]', 'Literal["fast", "slow"]'),
    "in Optional": ('Mode = Literal["fast", "slow"]', 'Optional[Literal["fast", "slow"]] = None'),
    "one value": ('Mode = Literal["fast"]', 'Literal["fast"]'),
}


@pytest.mark.parametrize("framework", sorted(DECORATORS))
@pytest.mark.parametrize("case", sorted(ALIASES))
def test_an_alias_is_derived_as_the_literal_written_in_place(tmp_path, framework, case):
    alias, inline = ALIASES[case]
    used = "Optional[Mode] = None" if case == "in Optional" else "Mode"
    aliased = _schema(tmp_path, _source(framework, used, alias))
    written = _schema(tmp_path, _source(framework, inline))
    assert not isinstance(aliased, Unresolved)
    assert "<unresolved" not in repr(to_python(aliased)), to_python(aliased)
    assert to_python(aliased) == to_python(written)


def test_what_is_not_a_literal_alias_is_not_read_as_one(tmp_path):
    # an alias of another type, one imported from elsewhere: its schema stays unknown
    for prelude in ('Mode = dict[str, "Mode"]', "from pkg.types import Mode"):
        schema = to_python(_schema(tmp_path, _source("fastmcp", "Mode", prelude)))
        assert "mode" in schema["properties"]
        assert repr(schema["properties"]["mode"]).startswith("<unresolved"), schema


def test_an_undescribed_alias_parameter_is_reported_and_a_described_one_is_not(lint):
    source = _source("fastmcp", "Mode", 'Mode = Literal["f", "s"]')
    assert lint({"pyproject.toml": "", "server.py": source.replace("mode: How fast it goes.", "")},
                select=["TL207"]) == [("server.py", 12, "TL207")]  # the def, once the leading blank line is stripped
    assert lint({"pyproject.toml": "", "server.py": source}, select=["TL207"]) == []
