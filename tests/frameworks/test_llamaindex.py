"""LlamaIndex: toollint.frameworks.llamaindex."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, name_of, recordings


@pytest.mark.parametrize("recording", recordings("llama-index"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_llama_index_optional_without_default_is_tl209(lint):
    src = '''
    from llama_index.core.tools import FunctionTool


    def search(query: str, site: str | None) -> str:
        """Search the web. Use this when the user asks about recent events."""
        return ""


    search_tool = FunctionTool.from_defaults(fn=search)
    '''
    assert lint({"agent.py": src}, select=["TL209"]) == [("agent.py", 4, "TL209")]
