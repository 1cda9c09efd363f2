"""Definitions built by small factories (`TOOL_DEFINITIONS = [read_file_tool(), ...]`):
functions returning one literal dict are evaluated at their calls (issue 17)."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import build

FACTORY = '''
def tool(name, description="Does one thing. Use this when asked; not otherwise.", *, required=()):
    """A definition."""
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": {}, "required": list(required)}}


def recursive(n):
    return recursive(n)


def not_a_dict(name):
    return name.upper()

'''


def _definitions(tmp_path, monkeypatch, listing):
    (tmp_path / "defs.py").write_text(textwrap.dedent(FACTORY) + f"TOOL_DEFINITIONS = {listing}\n")
    monkeypatch.chdir(tmp_path)
    project = build(["."], Settings(root="."), cache=False).project
    registries = [r for g in project.groups for r in g.definitions if r.name == "TOOL_DEFINITIONS"]
    assert len(registries) == 1
    return [t.name.value for t in registries[0].tools], registries[0].complete


def test_literal_arguments_fill_the_returned_dict(tmp_path, monkeypatch):
    names, complete = _definitions(tmp_path, monkeypatch, '[tool("read"), tool(name="write", required=("path",))]')
    assert (names, complete) == (["read", "write"], True)


def test_a_call_that_cannot_be_bound_leaves_the_list_incomplete(tmp_path, monkeypatch):
    for listing in ('[tool("read"), tool()]', '[tool("read"), tool(*ARGS)]', '[tool("read"), tool("a", nope=1)]',
                    '[tool("read"), tool("a", "b", "c")]', '[tool("read"), recursive(1)]',
                    '[tool("read"), not_a_dict("x")]', '[tool("read"), unknown()]'):
        names, complete = _definitions(tmp_path, monkeypatch, listing)
        assert names == ["read"] and not complete, listing


def test_an_argument_is_evaluated_where_the_call_is(tmp_path, monkeypatch):
    names, _ = _definitions(tmp_path, monkeypatch, '[tool(name)]\nname = "outer"')
    assert names == ["outer"]  # the argument, evaluated where the call is
