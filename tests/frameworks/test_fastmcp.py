"""fastmcp: toollint.frameworks.fastmcp."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, recordings


@pytest.mark.parametrize("recording", recordings("fastmcp"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_fastmcp_forms():
    found = extract('''
        from fastmcp import FastMCP

        mcp = FastMCP("x")

        @mcp.tool
        def a(x: int) -> int:
            """A."""

        @mcp.tool()
        def b(x: int) -> int:
            """B."""

        @mcp.tool("c-named")
        def c(x: int) -> int:
            """C."""

        @mcp.tool(name="d-named", description="D, overridden.")
        def d(x: int) -> int:
            """D."""
    ''')
    assert [(t.name.value, t.description.value) for t in found] == [
        ("a", "A."), ("b", "B."), ("c-named", "C."), ("d-named", "D, overridden.")]
    assert {t.framework for t in found} == {"fastmcp"}
