"""A tool decorator on a def in a class body (`class WordTools: @tool def f(self, word)`),
compared with what the frameworks' versions send (tests/data/frameworks/versions/).

LangChain's `@tool` sends a first `self`/`cls` of such a def in langchain-core 0.1 and from
0.3 on (untyped, required), and drops it in 0.2; crewAI 1.x sends it, crewAI 0.x (which read
`__annotations__`) does not. toollint leaves it out: the other parameters are the same in
every version, and a finding on `self` could not be fixed with a description. The Agents
SDK (openai-agents 0.24) sends it wherever it is: kept in a class body.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os

import pytest

from frameworkcase import DATA, _without_titles, extract, props, schema

from toollint.config.settings import Settings
from toollint.link.project import link
from toollint.engine.scan import extract_file
from toollint.model import to_python

MODULE_LEVEL = {"module_level", "spell_word", "spell"}  # the sources' tools defined outside a class
VERSIONS = sorted(glob.glob(os.path.join(DATA, "versions", "*.json")))


def _recorded(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    source_path = os.path.join(DATA, data["source"])
    with open(source_path, "rb") as handle:
        source = handle.read()
    assert hashlib.sha256(source).hexdigest() == data["sha256"], f"{data['source']} changed: record it again"
    facts = extract_file(source_path, "recorded", False, Settings(), data=source)
    assert facts.error is None, facts.internal_error
    linked = [t for g in link([facts]).groups for t in g.decorated]  # args_schema=Model is read when linking
    return data, {t.name.value: t for t in linked}


def _without(schema_, key):
    out = dict(schema_)
    out["properties"] = {k: v for k, v in schema_["properties"].items() if k != key}
    out["required"] = [r for r in schema_.get("required", []) if r != key]
    return out


@pytest.mark.parametrize("recording", VERSIONS, ids=lambda p: os.path.basename(p)[:-5])
def test_methods_match_every_recorded_version_but_self(recording):
    data, ours = _recorded(recording)
    assert set(ours) >= {t["name"] for t in data["tools"]}
    for real in data["tools"]:
        where = f"{data['distribution']} {data['version']}, tool {real['name']!r}"
        tool = ours[real["name"]]
        got, want = _without_titles(to_python(tool.schema)), _without_titles(real["input_schema"])
        # a first self/cls: LangChain and crewAI send it or not by version, in a class body
        # or at module level; toollint's module-level reading drops it for every framework
        # (FunctionSig.tool_params), a miss where the Agents SDK sends it
        varies = data["distribution"] != "openai-agents" or real["name"] in MODULE_LEVEL
        for first in ("self", "cls"):
            if varies and first in want["properties"] and want.get("required", [None])[0] == first:
                want = _without(want, first)
        if data["distribution"] == "langchain-core" and data["version"].startswith("0.2"):
            # pydantic v1's Optional (no anyOf/null, no default) is 0.2's own: only the names are compared
            assert sorted(got["properties"]) == sorted(want["properties"]), where
            assert got["required"] == want["required"], where
        else:
            assert got == want, where
    assert ours  # the source's tools were found


def test_the_versions_differ_only_in_self():
    sent = {}
    for path in VERSIONS:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        sent[(data["distribution"], data["version"].split(".")[0] + "." + data["version"].split(".")[1])] = {
            t["name"]: list(t["input_schema"]["properties"]) for t in data["tools"]}
    assert "self" not in sent[("langchain-core", "0.2")]["Fetch Price"]
    assert "self" in sent[("langchain-core", "1.8")]["Fetch Price"]
    assert "self" in sent[("crewai", "1.15")]["fetch_word_definition"]


def test_langchain_tool_on_a_method_reports_its_parameters_not_self(lint):
    found = lint({"tools.py": '''
from langchain.tools import tool


class WordTools:
    @tool("fetch_word_definition")
    def fetch_word_definition(self, word: str) -> str:
        """Fetch the definition of an English word. Use this when the user asks what a word means."""
        return word

    @tool
    def rhymes(cls, word: str) -> str:
        """Find words that rhyme with a word. Use this when the user asks for rhymes.

        Args:
            word: The word to rhyme with, such as 'cat'.
        """
        return word
'''}, select=["TL207"])
    # 'word' of the first is undescribed in every version; 'self' and 'cls' are not reported
    assert found == [("tools.py", 6, "TL207")]


def test_a_parameter_named_self_that_is_not_first_is_sent(lint):
    tool = extract('''
        from langchain_core.tools import tool

        class Pairs:
            @tool
            def compare(first: str, self: str) -> str:
                """Compare two coins. Use this when the user names two."""
                return first
    ''')[0]
    assert list(props(tool)) == ["first", "self"]
    assert schema(tool)["required"] == ["first", "self"]


def test_crewai_tool_on_a_method_leaves_self_out():
    found = extract('''
        from crewai.tools import tool

        class WordTools:
            @tool("Fetch Word Definition")
            def fetch_word_definition(self, word: str) -> str:
                """Fetch the definition of a word. Use this when the user asks what a word means."""
                return word
    ''')
    assert [(t.name.value, list(props(t))) for t in found] == [("fetch_word_definition", ["word"])]


def test_agents_sdk_function_tool_on_a_method_still_sends_self():
    # openai-agents 0.24 sends self (untyped, required) in every case (versions/agents_methods-*)
    tool = extract('''
        from agents import function_tool

        class WordTools:
            @function_tool
            def define(self, word: str) -> str:
                """Define a word. Use this when the user asks what a word means."""
                return word
    ''')[0]
    assert list(props(tool)) == ["self", "word"]
