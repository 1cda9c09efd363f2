"""LangChain (@tool, StructuredTool, Tool): toollint.frameworks.langchain."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings


@pytest.mark.parametrize("recording", recordings("langchain"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_langchain_parse_docstring_needs_an_args_block():
    found = extract('''
        from langchain_core.tools import StructuredTool, tool

        @tool(parse_docstring=True)
        def sphinx(query: str) -> str:
            """Search.

            :param query: Words.
            """

        @tool(parse_docstring=True, error_on_invalid_docstring=False)
        def tolerated(query: str) -> str:
            """Search. Use this for anything."""

        def plain(query: str) -> str:
            """Search. Use this for anything."""

        made = StructuredTool.from_function(plain, parse_docstring=True)
    ''')
    assert [t.name.value for t in found] == ["tolerated", "plain"]  # @tool raises on `sphinx`


def test_langchain_raw_and_parsed():
    raw, parsed, named = extract('''
        from langchain_core.tools import tool

        @tool
        def raw(query: str) -> str:
            """Search.

            Args:
                query: Words.
            """

        @tool(parse_docstring=True)
        def parsed(query: str, limit: int = 3) -> str:
            """Search orders.

            Use this for orders.

            Args:
                query: Words to
                    look for.
                limit (int): At most.

            Returns:
                Orders.
            """

        @tool("named", description="Given.")
        def named(query: str) -> str:
            """Ignored."""
    ''')
    assert raw.description.value == "Search.\n\n    Args:\n        query: Words."
    assert "description" not in props(raw)["query"]
    assert parsed.description.value == "Search orders. Use this for orders."
    assert props(parsed)["query"]["description"] == "Words to look for."
    assert props(parsed)["limit"]["description"] == "At most."
    assert (named.name.value, named.description.value) == ("named", "Given.")
