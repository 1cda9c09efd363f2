"""ollama's client: functions in `chat(..., tools=[fn])` (toollint.frameworks.ollama; held-out
round 120, M2: 39 tools unseen, each "not a literal definition")."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema
from toollint.model import UNRESOLVED


@pytest.mark.parametrize("recording", recordings("ollama"), ids=name_of)
def test_matches_the_recording(recording):
    check_recording(recording)


_PROBE = '''
import ollama


def add_numbers(a: int, b: int) -> int:
    return a + b


def multiply_numbers(a: int, b: int) -> int:
    """Multiply two whole numbers and return the product.

    Use when the user asks for a product of two numbers. Do not call this for sums; use add_numbers instead.

    Args:
        a: The first factor, as the user gave it.
        b: The second factor, as the user gave it.
    """
    return a * b


def ask(request: str):
    response = ollama.chat("llama3.1", messages=[{"role": "user", "content": request}],
                           tools=[add_numbers, multiply_numbers])
    return response.message
'''


def test_an_undocumented_function_has_an_empty_description_and_a_documented_one_is_quiet(lint):
    found = lint({"probe.py": _PROBE})
    assert ("probe.py", 4, "TL101") in found
    assert [f for f in found if f[1] >= 8] == []  # multiply_numbers: nothing to say


def test_client_objects_and_their_chat(lint):
    tools = extract('''
        from ollama import AsyncClient, Client

        def a(x: str) -> str:
            """A."""

        def b(x: str) -> str:
            """B."""

        def c(x: str) -> str:
            """C."""

        client = Client(host="http://localhost:11434")

        def ask():
            client.chat("m", messages=[], tools=[a])

        async def ask_async():
            local = AsyncClient()
            await local.chat(model="m", tools=[b])
            await AsyncClient().chat(model="m", tools=[c])
    ''')
    assert [(t.name.value, t.framework) for t in tools] == [("a", "ollama"), ("b", "ollama"), ("c", "ollama")]


def test_chat_of_another_object_is_not_ollamas():
    tools = extract('''
        import ollama

        def a(x: str) -> str:
            """A."""

        def b(x: str) -> str:
            """B."""

        class Bot:
            def chat(self, model, tools=()):
                return None

        bot = Bot()
        bot.chat("m", tools=[a])
        ollama.chat("m", tools=[b])
    ''')
    assert [t.name.value for t in tools] == ["b"]


def test_literal_dicts_beside_functions_stay_definitions(lint):
    found = lint({"tools.py": '''
import ollama


def add(a: int, b: int) -> int:
    return a + b


WEATHER = {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
           "properties": {"city": {"type": "string"}}, "required": ["city"]}}}


def ask():
    return ollama.chat("m", messages=[], tools=[add, WEATHER])
'''}, select=("TL101",))
    assert found == [("tools.py", 4, "TL101"), ("tools.py", 8, "TL101")]  # add's, then the literal's


def test_no_tool_where_pydantic_raises():
    # a string annotation is resolved in ollama's namespace, not the function's; `model_config`
    # is pydantic's own name: the chat call raises (ollama 0.6.3, pydantic 2.14, by hand)
    tools = extract('''
        from __future__ import annotations

        from typing import Optional

        import ollama

        def plain(city: str, days: int | None, tags: list[str]) -> str:
            """Builtins only."""

        def typed(city: Optional[str]) -> str:
            """Optional is not a builtin."""

        def configured(model_config: dict) -> str:
            """A field pydantic refuses."""

        ollama.chat("m", tools=[plain, typed, configured])
    ''')
    assert [t.name.value for t in tools] == ["plain"]
    assert schema(tools[0])["required"] == ["city", "tags"]
    assert props(tools[0])["days"] == {"type": "integer", "description": ""}


def test_docstring_as_ollama_reads_it():
    tool, = extract('''
        import ollama

        def find(query: str, _page: int = 0, **filters) -> str:
            """Find it.
              Indented.

            Args:
              query (str): What:
                more.
              : no name
                dropped
            Returns:
              filters: not an argument
            """

        ollama.chat("m", tools=[find])
    ''')
    assert tool.description.value == "Find it.\nIndented."
    assert props(tool) == {"query": {"type": "string", "description": "What: more."},
                           "filters": {"type": "string", "description": ""}}


def test_a_type_whose_pydantic_schema_is_not_derived_is_unresolved():
    # Decimal is anyOf number/string (joined in set order); a date is a string, as a quoted str is
    tool, = extract('''
        import datetime
        from decimal import Decimal

        import ollama

        def pay(amount: Decimal, when: datetime.date, note: "str") -> str:
            """Pay."""

        ollama.chat("m", tools=[pay])
    ''')
    got = props(tool)
    assert got["amount"] is UNRESOLVED
    assert got["when"] == got["note"] == {"type": "string", "description": ""}
