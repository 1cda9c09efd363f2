"""TL201 invalid-input-schema: where it points, what it skips, and its fast path against jsonschema."""
from __future__ import annotations

import subprocess
import sys

import pytest

from schemacase import expect


# --- TL201 invalid-input-schema -------------------------------------------------------


def test_tl201_points_at_the_offending_key_at_any_depth(lint):
    src = '''
    TOOLS = [
        {
            "name": "issue_refund",
            "description": "Refund an order. Call this once the customer confirmed the items.",
            "input_schema": {
                "type": "object",
                "properties": {
                    "order_id": {"type": "str", "description": "e.g. 'ORD-1'"},  # !
                    "lines": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"qty": {"type": "integer", "minimum": "1"}},  # !
                            "required": ["qty", "qty"],  # !
                        },
                    },
                    "code": {"type": "string", "pattern": "[A-"},  # !
                },
                "required": "order_id",  # !
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == expect(src, "TL201")


def test_tl201_top_level_must_be_an_object(lint):
    src = '''
    TOOLS = [
        {"name": "a", "description": "d", "input_schema": {"properties": {}}},  # !
        {"name": "b", "description": "d", "input_schema": {"type": "array", "items": {"type": "string"}}},  # !
        {"name": "c", "description": "d", "input_schema": {"type": ["object", "null"]}},  # !
        {"name": "d", "description": "d", "input_schema": ["order_id"]},  # !
        {"name": "e", "description": "d", "input_schema": {"type": "object"}},
    ]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == expect(src, "TL201")


def test_tl201_a_bad_top_level_type_is_one_finding(lint):
    src = '''
    TOOLS = [{"name": "a", "description": "d", "input_schema": {"type": "dict", "properties": {}}}]  # !
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == expect(src, "TL201")


def test_tl201_follows_dollar_schema(lint):
    tuple_items = '"properties": {"point": {"type": "array", "items": [{"type": "number"}, {"type": "number"}]}}'
    draft7 = f'''
    TOOLS = [{{"name": "a", "description": "d", "input_schema": {{
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object", {tuple_items}}}}}]
    '''
    default = f'''
    TOOLS = [{{"name": "a", "description": "d", "input_schema": {{
        "type": "object", {tuple_items}}}}}]  # !
    '''
    assert lint({"tools.py": draft7}, select=["TL201"]) == []
    assert lint({"tools.py": default}, select=["TL201"]) == expect(default, "TL201")


def test_tl201_skips_schemas_that_are_not_fully_resolved(lint):
    src = '''
    from pydantic import BaseModel
    from .schemas import BASE_PROPS

    class Refund(BaseModel):
        order_id: str

    TOOLS = [
        {"name": "a", "description": "d", "input_schema": Refund.model_json_schema()},
        {"name": "b", "description": "d", "input_schema": {"type": "object", "properties": {**BASE_PROPS}}},
        {"name": "c", "description": "d", "input_schema": {"type": "objekt", "properties": load()}},
    ]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == []


def test_tl201_ecma_only_patterns_are_not_reported(lint):
    src = r'''
    TOOLS = [{"name": "a", "description": "d", "input_schema": {"type": "object", "properties": {
        "name": {"type": "string", "pattern": "^\\p{L}+$"},
        "year": {"type": "string", "pattern": "^(?<year>[0-9]{4})$"},
    }}}]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == []


def test_tl201_mcp_tool_call(lint):
    src = '''
    from mcp.types import Tool

    TOOLS = [
        Tool(
            name="search_docs",
            description="Search the docs. Call this when the user asks how to do something.",
            inputSchema={"type": "object", "properties": {"query": {"type": "text"}}},  # !
        ),
    ]
    '''
    assert lint({"tools.py": src}, select=["TL201"]) == expect(src, "TL201")


def test_tl201_does_not_import_jsonschema_at_start_up():
    code = "import sys, toollint.rulekit.registry as r; r.all_rules(); print('jsonschema' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def _jsonschema_errors(schema):
    from jsonschema import Draft202012Validator

    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA,
                                format_checker=Draft202012Validator.FORMAT_CHECKER)
    return [e.message for e in meta.iter_errors(schema)]


def test_tl201_fast_path_knows_every_keyword_of_the_meta_schema():
    from jsonschema_specifications import REGISTRY

    from toollint.rules.tl201_invalid_input_schema import VOCABULARY

    keywords = set()
    for uri in REGISTRY:
        if "2020-12" in uri:
            keywords |= set(REGISTRY[uri].contents.get("properties", {}))
    assert VOCABULARY == keywords  # a keyword it did not know would pass unchecked


_KEYWORDS = ["type", "properties", "required", "description", "title", "enum", "items", "default",
             "examples", "additionalProperties", "minimum", "maximum", "exclusiveMinimum", "minLength",
             "maxItems", "uniqueItems", "const", "anyOf", "oneOf", "allOf", "not", "format", "$defs",
             "deprecated", "readOnly", "prefixItems", "if", "then", "contains", "minContains",
             "pattern", "$ref", "multipleOf", "dependentRequired", "x-custom", "nullable"]


def _schemas():
    from hypothesis import strategies as st

    scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2, allow_nan=False),
                        st.sampled_from(["string", "integer", "object", "array", "null", "str", "", "[a-"]))
    values = st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(_KEYWORDS + ["a", "b"]), inner, max_size=3)), max_leaves=12)
    return st.recursive(st.dictionaries(st.sampled_from(_KEYWORDS), values, max_size=4), lambda inner: st.one_of(
        st.dictionaries(st.sampled_from(_KEYWORDS), st.one_of(values, inner, st.lists(inner, max_size=3),
                                                              st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                        max_size=4)), max_leaves=15)


@pytest.mark.slow  # CI runs it
def test_tl201_fast_path_never_passes_what_jsonschema_rejects():
    hypothesis = pytest.importorskip("hypothesis")

    from toollint.rules.tl201_invalid_input_schema import plainly_valid

    seen = {"fast": 0}

    @hypothesis.settings(max_examples=600, deadline=None, database=None)
    @hypothesis.given(_schemas())
    def check(schema):
        if plainly_valid(schema):
            seen["fast"] += 1
            assert _jsonschema_errors(schema) == [], schema

    check()
    assert seen["fast"] > 20  # the property was exercised on schemas the walk accepts


def test_tl201_fast_path_takes_ordinary_schemas_and_sends_the_rest_to_jsonschema():
    from toollint.rules.tl201_invalid_input_schema import plainly_valid

    ordinary = {"type": "object", "properties": {
        "q": {"type": "string", "description": "text", "minLength": 1},
        "n": {"type": ["integer", "null"], "default": None, "maximum": 50},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "uniqueItems": True},
        "when": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]},
    }, "required": ["q"], "additionalProperties": False, "x-vendor": {"anything": [1]}}
    assert plainly_valid(ordinary) and _jsonschema_errors(ordinary) == []
    for odd in ({"type": "str"}, {"required": ["a", "a"]}, {"minimum": "1"}, {"pattern": "[a-"},
                {"$ref": "#/$defs/x"}, {"items": [{"type": "string"}]}, {"anyOf": []}, {"minLength": 1.0}):
        assert not plainly_valid({"type": "object", "properties": {"p": odd}}), odd
