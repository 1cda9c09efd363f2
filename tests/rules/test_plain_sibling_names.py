"""A sibling named by a plain word (held-out round 62, C and E): "Unlike exec which
blocks until done, ..." sets the tool against `exec`, and "Much faster than shell + grep"
says when to prefer it over `shell`, but only where a tool offered with it has exactly
that name; the same words with no such sibling are prose."""
from __future__ import annotations

import pytest

_TOOLS = '''
import anthropic


def tool(name, description):
    return {{"name": name, "description": description, "input_schema": {{"type": "object", "properties": {{}}}}}}


TOOLS = [
    {{"name": "{sibling}", "description": "Run a shell command and return its output. Use this for builds or tests. "
                          "Not for servers; use start_process instead.",
     "input_schema": {{"type": "object", "properties": {{}}}}}},
    {{"name": "start_process", "description": "{text}", "input_schema": {{"type": "object", "properties": {{}}}}}},
]

anthropic.Anthropic().messages.create(model="m", max_tokens=10, tools=TOOLS, messages=[])
'''

_UNLIKE = ("Start a background process such as a dev server. Use this when a command must keep running. "
           "Unlike exec which blocks until done, it returns at once.")
_FASTER = ("Search the workspace files for a regex and return matching lines. Not for running programs. "
           "Much faster than shell + grep for workspace searches.")


@pytest.mark.parametrize("text, rule, sibling, fires", [
    (_UNLIKE, "TL104", "exec", False),
    (_UNLIKE, "TL104", "run_command", True),  # no tool named exec: a plain word
    (_FASTER, "TL103", "shell", False),
    (_FASTER, "TL103", "run_command", True),
])
def test_a_plain_word_is_a_sibling_only_when_a_tool_offered_with_it_has_that_name(lint, text, rule, sibling, fires):
    found = lint({"t.py": _TOOLS.format(sibling=sibling, text=text)}, select=[rule])
    assert found == ([("t.py", 12, rule)] if fires else [])
