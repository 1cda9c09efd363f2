"""letta: toollint.frameworks.letta (functions given to client.tools.upsert_from_function)."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("letta"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_a_literal_is_sent_as_letta_rebuilds_it():
    tool, = extract('''
        from typing import Literal
        from letta_client import Letta

        def pick(mode: Literal["fast", "fair"], only: Literal["x"] = "x") -> str:
            """Pick a mode.

            Args:
                mode: How.
                only: The one.
            """

        Letta(base_url="u").tools  # not a call that adds a tool
        client = Letta()
        client.tools.upsert_from_function(func=pick)
    ''')
    assert props(tool)["mode"]["enum"] == ["('fast', 'fair')"]
    assert props(tool)["only"]["enum"] == ["'x'"]


def test_upserted_and_created_functions_become_tools():
    found = extract('''
        from typing import Optional
        from letta_client import Letta

        client = Letta(base_url="http://localhost:8283")

        def search_notes(agent_state, query: str, limit: Optional[int] = None) -> str:
            """Search the user's notes.

            Use it when the user asks about something they wrote down.

            Args:
                query: Words to look for.
                limit: How many notes to return.
            """
            return ""

        def ping() -> str:
            """Check the server."""

        client.tools.upsert_from_function(func=search_notes)
        client.tools.create_from_function(func=ping)
    ''')
    assert [t.name.value for t in found] == ["search_notes", "ping"]
    assert all(t.framework == "letta" for t in found)
    notes = found[0]
    assert notes.description.value == ("Search the user's notes.\n\n"
                                       "Use it when the user asks about something they wrote down.")
    assert props(notes) == {"query": {"type": "string", "description": "Words to look for."},
                            "limit": {"type": "integer", "description": "How many notes to return."}}
    assert schema(notes)["required"] == ["query"]  # Optional is never required; agent_state is letta's


def test_a_type_letta_cannot_map_leaves_the_schema_unresolved():
    tally, lookup = extract('''
        from typing import Dict, Union
        from letta_client import Letta

        def tally(counts: Dict[str, int], key: Union[int, str]) -> str:
            """Tally counts.

            Args:
                counts: The counts.
                key: Which one.
            """

        def lookup(key: str | None = None) -> str:
            """Look a key up.

            Args:
                key: Which one.
            """

        client = Letta()
        client.tools.upsert_from_function(func=tally)
        client.tools.upsert_from_function(func=lookup)
    ''')
    assert tally.schema.__class__.__name__ == "Unresolved" and "'counts'" in tally.schema.reason
    assert lookup.schema.__class__.__name__ == "Unresolved"  # `str | None` reads as no type to letta


def test_not_tools_without_letta_or_with_a_schema_given():
    assert extract('''
        def ping() -> str:
            """Check the server."""

        registry.tools.create_from_function(func=ping)
    ''') == []
    assert extract('''
        from letta_client import Letta

        def ping() -> str:
            """Check the server."""

        client = Letta()
        client.tools.upsert_from_function(func=ping, description="Ping.")
        client.tools.upsert_from_function(func=ping, json_schema={"name": "ping"})
        client.agents.create(tools=["web_search", "ping"], model="openai/gpt-4o")
        run(ping)
    ''') == []
