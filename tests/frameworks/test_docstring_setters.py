"""A decorator applied before the framework's that sets the docstring (held-out round 94, A:
`@mcp.tool()` over `@inject_docstring(lambda: load_section("instructions.md", ...))`, 194
findings on the one-line placeholder the markdown section replaces) leaves the description
unknown: the rules judge no text the framework never reads."""
from __future__ import annotations

from frameworkcase import extract

SOURCE = '''
        from fastmcp import FastMCP

        from core.utils import inject_docstring, log_calls

        mcp = FastMCP("calendar")


        @mcp.tool()
        @{below}
        async def add_event(title: str, start: str) -> str:
            """Add a calendar event."""
            return title
'''


def test_a_docstring_setter_below_the_framework_leaves_the_description_unknown():
    [tool] = extract(SOURCE.format(below='inject_docstring(lambda: load_section("instructions.md", "add_event"))'))
    assert tool.description.value is None and tool.description.span.line == 9


def test_other_decorators_and_one_above_the_framework_keep_the_docstring():
    for other in ("log_calls", "docker_required", "doctor_only"):  # "doc" inside a word says nothing
        [logged] = extract(SOURCE.format(below=other).replace("inject_docstring, log_calls", other))
        assert logged.description.value == "Add a calendar event.", other
    above = SOURCE.replace("        @mcp.tool()\n        @{below}\n", '        @inject_docstring("Other.")\n        @mcp.tool()\n')
    [tool] = extract(above)
    assert tool.description.value == "Add a calendar event."
