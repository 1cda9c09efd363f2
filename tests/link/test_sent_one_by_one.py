"""A list sent one tool at a time from another module is no turn, unless some module also
sends it whole (extract/onebyone.py; held-out round 53, H). tests/projects/sent_one_by_one
holds the quiet shapes."""
from __future__ import annotations

from pathlib import Path

import pytest

# the project's own schemas: STEPS, two forced extraction schemas with required-and-nullable fields
SCHEMAS = (Path(__file__).resolve().parents[1] / "projects" / "sent_one_by_one" / "schemas.py").read_text()

LOOP = '''
import anthropic
from schemas import STEPS

client = anthropic.Anthropic()


def extract(text):
    for tool in STEPS:
        client.messages.create(model="m", max_tokens=9, tools=[tool], messages=[{"role": "user", "content": text}])
'''


def test_a_list_only_sent_one_by_one_elsewhere_is_no_turn(lint):
    assert lint({"schemas.py": SCHEMAS, "run.py": LOOP}, select=["TL203"]) == []


@pytest.mark.parametrize("other", [
    'def chat(text):\n    return client.messages.create(model="m", max_tokens=9, tools=STEPS, messages=[])\n',
    'def chat(text):\n    return client.messages.create(model="m", max_tokens=9, tools=[*STEPS], messages=[])\n',
    'def names():\n    return [t["name"] for t in STEPS]\n',  # another use: what it does is not followed
])
def test_a_list_also_used_another_way_is_judged_as_a_turn(lint, other):
    found = lint({"schemas.py": SCHEMAS, "run.py": LOOP + "\n\n" + other}, select=["TL203"])
    assert [code for _, _, code in found] == ["TL203", "TL203"]
