"""`"description": self.description()` in a tool class whose own method is one `return` of a
long text (held-out round 68, M2: `def description(self): return dedent(\"\"\"...\"\"\")`, 14 tools
whose descriptions were never read). Narrowing keeps such a body, so the facts are the same
with and without it; a method that does more, or a short string, stays unresolved."""
from __future__ import annotations

import textwrap

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import build

SOURCE = '''
from textwrap import dedent

from openai import OpenAI


class Lint:
    def __init__(self):
        self.name = "lint"

    def description(self):
        {body}

    def json_schema(self):
        return {{"type": "function", "function": {{"name": self.name, "description": self.description(),
                 "parameters": {{"type": "object", "properties": {{}}}}}}}}


def ask(messages):
    return OpenAI().chat.completions.create(model="m", messages=messages, tools=[Lint().json_schema()])
'''

TEXT = "Lint the Python files of a folder. Use this when the user asks whether the code is clean."


@pytest.mark.parametrize("body, description", [
    (f'return dedent("""\n        {TEXT}\n        """)', TEXT),
    (f'return """{TEXT}"""', TEXT),
    (f'"""The text the model reads."""\n        return """{TEXT}"""', TEXT),  # with its own docstring
    (f'return "{TEXT}"', None),  # a short string: no body narrowing keeps
    (f'text = """{TEXT}"""\n        return text', None),  # more than one return
])
@pytest.mark.parametrize("narrow", [True, False])
def test_a_method_returning_a_long_text_is_the_description(tmp_path, monkeypatch, body, description, narrow):
    import toollint.engine.scan as scan

    monkeypatch.setattr(scan, "NARROW", narrow)
    (tmp_path / "tools.py").write_text(textwrap.dedent(SOURCE.format(body=body)))
    project = build([str(tmp_path)], Settings(root=str(tmp_path)), cache=False).project
    [tool] = [t for g in project.groups for t in g.tools]
    assert tool.name.value == "lint"
    got = tool.description.value
    assert (got.strip() if got else None) == description
