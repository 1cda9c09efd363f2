"""camel: toollint.frameworks.camel."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("camel"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_function_tools_of_a_toolkit_are_strict_and_lose_self():
    found = extract('''
        from typing import List, Optional
        from camel.toolkits import BaseToolkit, FunctionTool

        class Shop(BaseToolkit):
            def search(self, query: str, since: Optional[str] = None, page: int = 1) -> str:
                r"""Search.

                Args:
                    query (str): Words.
                    page (int): Which page.
                """

            def get_tools(self) -> List[FunctionTool]:
                return [FunctionTool(self.search)]
    ''')
    assert [t.name.value for t in found] == ["search"]
    tool = found[0]
    assert tool.strict is True
    assert schema(tool)["required"] == ["query", "since", "page"]
    assert props(tool)["page"] == {"type": ["integer", "null"], "description": "Which page."}
    assert props(tool)["since"] == {"anyOf": [{"type": "string"}, {"type": "null"}]}


def test_a_given_schema_is_not_read():
    found = extract('''
        from camel.toolkits import FunctionTool

        def f(x: int) -> str:
            """F."""

        t = FunctionTool(f, openai_tool_schema=SCHEMA)
    ''')
    assert [type(t.schema).__name__ for t in found] == ["Unresolved"]
