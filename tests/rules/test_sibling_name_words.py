"""A sibling named by a word of its name in a comparison (held-out round 95, B): "Less
accurate than full AVM but faster" sets a quick estimate against `avm_valuation`, with the
trade-off that says when to take each; only where a tool offered with it has that word in
its name, not a word any tool's name may hold ("search"), and not without the case or
trade-off ("Less accurate than full AVM.")."""
from __future__ import annotations

import pytest

_TOOLS = '''
import anthropic


TOOLS = [
    {{"name": "{sibling}", "description": "Value a home from its full record. Use when you need a defensible "
                          "price. Not for rough figures; use quick_estimate instead.",
     "input_schema": {{"type": "object", "properties": {{}}}}}},
    {{"name": "quick_estimate", "description": "{text}", "input_schema": {{"type": "object", "properties": {{}}}}}},
]

anthropic.Anthropic().messages.create(model="m", max_tokens=10, tools=TOOLS, messages=[])
'''

_TRADE = ("Give a quick home value from area and zone statistics. Less accurate than full AVM but faster. "
          "Use for initial screening or when detailed property data is unavailable.")
_NO_CASE = "Give a quick home value from area and zone statistics. Less accurate than full AVM. Use it freely."
_GENERIC = ("Give a quick home value from area and zone statistics. Less accurate than a full search but faster. "
            "Use for initial screening.")


@pytest.mark.parametrize("text, sibling, fires", [
    (_TRADE, "avm_valuation", False),
    (_TRADE, "AVMValuation", False),
    (_TRADE, "run_valuation", True),  # no tool with "avm" in its name: prose
    (_NO_CASE, "avm_valuation", True),  # a comparison, but no case to choose by
    (_GENERIC, "web_search", True),  # "search" names no one tool
])
def test_a_word_of_a_siblings_name_in_a_comparison_with_a_case_is_a_boundary(lint, text, sibling, fires):
    found = lint({"t.py": _TOOLS.format(sibling=sibling, text=text)}, select=["TL104"])
    assert found == ([("t.py", 8, "TL104")] if fires else [])


_FIRST = "Give a quick home value from area statistics. Always check the appraisal records first, then call this."


@pytest.mark.parametrize("sibling, fires", [
    ("check_appraisal_records", False),  # held-out round 128, A: the step before, by its words
    ("run_valuation", True),  # no sibling named so: a step of the user's
])
def test_a_siblings_words_as_the_step_before_are_a_boundary(lint, sibling, fires):
    found = lint({"t.py": _TOOLS.format(sibling=sibling, text=_FIRST)}, select=["TL104"])
    assert found == ([("t.py", 8, "TL104")] if fires else [])
