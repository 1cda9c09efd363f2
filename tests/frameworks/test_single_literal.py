"""`Literal["x"]` and `Literal["x", None]` on a decorated function's parameter: the
frameworks that build the schema with pydantic send what pydantic 2 spells, a one-value
Literal as `{"const": "x", "type": ...}` (not a one-member enum), a Literal listing None
as one enum holding null with no type (not an anyOf). Compared with real pydantic's
output for the same annotation (pydantic is a test dependency)."""
from __future__ import annotations

import json
import textwrap
from typing import Literal, Optional, Union

import pydantic
import pytest

from toollint.config.settings import Settings
from toollint.engine.core import build

SOURCES = {
    "fastmcp": ("from fastmcp import FastMCP\nmcp = FastMCP('x')\n", "@mcp.tool()"),
    "langchain": ("from langchain_core.tools import tool\n", "@tool"),
    "agents": ("from agents import function_tool\n", "@function_tool"),
}


def _pydantic(annotation, default=...):
    schema = pydantic.create_model("M", mode=(annotation, default)).model_json_schema()
    prop = schema["properties"]["mode"]
    prop.pop("title", None)
    return prop


def _titleless(value):
    if isinstance(value, dict):
        return {k: _titleless(v) for k, v in value.items() if k != "title"}
    if isinstance(value, list):
        return [_titleless(v) for v in value]
    return value


@pytest.mark.parametrize("framework", sorted(SOURCES))
@pytest.mark.parametrize("annotation, text, default", [
    (Literal["fast"], 'Literal["fast"]', ...),
    (Literal[1], "Literal[1]", ...),
    (Literal["fast", "slow"], 'Literal["fast", "slow"]', ...),
    (Optional[Literal["fast"]], 'Optional[Literal["fast"]]', None),
    (Literal["fast", None], 'Literal["fast", None]', ...),
    (Literal["fast", "slow", None], 'Literal["fast", "slow", None]', None),
    # None inside the Literal and around it (review of the seventh session)
    (Optional[Literal["fast", None]], 'Optional[Literal["fast", None]]', None),
    (Union[Literal["fast", None], int], 'Union[Literal["fast", None], int]', ...),
    (Union[Literal["fast", "slow"], int, None], 'Union[Literal["fast", "slow"], int, None]', None),
])
def test_a_literal_parameter_is_what_pydantic_sends(tmp_path, monkeypatch, framework, annotation, text, default):
    head, decorator = SOURCES[framework]
    given = "" if default is ... else " = None"
    (tmp_path / "app.py").write_text(head + textwrap.dedent(f'''
        from typing import Literal, Optional, Union


        {decorator}
        def go(mode: {text}{given}) -> str:
            """Go somewhere. Use it when the user asks to go."""
            return str(mode)
    '''))
    monkeypatch.chdir(tmp_path)
    project = build(["."], Settings(root="."), cache=False).project
    (tool,) = [t for g in project.groups for t in g.tools]
    from toollint.model import to_python

    derived = _titleless(to_python(tool.schema)["properties"]["mode"])
    expected = _pydantic(annotation, default)
    if framework == "agents" and expected.get("default", 0) is None:
        del expected["default"]  # the SDK's strict schema drops a null default
    assert json.dumps(derived, sort_keys=True) == json.dumps(expected, sort_keys=True)
