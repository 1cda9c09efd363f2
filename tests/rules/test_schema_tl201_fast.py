"""TL201's answers without jsonschema (issue 22): a schema whose only defects are type names
gets jsonschema's own findings, and a verdict jsonschema gave is kept for the same schema."""
from __future__ import annotations

import subprocess
import sys

import pytest

from schemacase import expect
from toollint.rules.tl201_invalid_input_schema import _jsonschema_errors, fast_errors, meta_errors

_ONE_BAD_TYPE = [
    {"type": "str"},
    {"type": ["None", "string"]},
    {"type": "dict", "properties": {}},
    {"type": ["object", "null", "Str"]},
    {"type": "object", "properties": {"a": {"type": ["integer", "none"]}}},
    {"type": "object", "properties": {"a": {"type": "array", "items": {"type": "text"}}}},
    {"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "Null"}]}}},
    {"type": "object", "$defs": {"x": {"type": "dict"}}},
    {"type": "object", "properties": {"a": {"not": {"type": "float"}}}},
    {"type": "object", "properties": {"a": {"prefixItems": [{"type": "int"}]}}},
    {"type": "object", "properties": {"type": {"type": "string"}, "x": {"type": ["null", "uuid"]}}},
    {"type": "object", "properties": {"a": {"if": {"type": "bool"}, "then": {"type": "string"}}}},
    {"type": "object", "dependentSchemas": {"a": {"type": "list"}}},
    {"type": "object", "properties": {"a": {"additionalProperties": {"type": "weird"}}}},
    {"type": "object", "properties": {"a": {"type": ""}}},
]

# several bad type names, each its own finding (jsonschema's order follows string hashing)
_BAD_TYPES = [
    {"type": "object", "properties": {"a": {"type": "str"}, "b": {"type": "int"}}},
    {"type": "object", "properties": {"order_id": {"type": ["string", "None"]}, "q": {"type": "string"},
                                      "include_archived": {"type": ["boolean", "None"]}}},
    {"type": "str", "items": {"type": "int"}},
    {"type": "dict", "properties": {"a": {"type": "str"}}, "$defs": {"x": {"type": "list"}}},
    {"type": "object", "properties": {"a": {"type": ""}, "b": {"type": ["null", "uuid"]},
                                      "c": {"anyOf": [{"type": "Null"}, {"not": {"type": "bool"}}]}}},
]

# jsonschema's to judge: two defects in one list of types, a type name that is not a
# string or repeated, another defect beside the type name, a `$schema`
_NOT_ANSWERED = [
    {"type": ["str", "int"]},
    {"type": ["string", "string", "None"]},
    {"type": [1, "None"]},
    {"type": "object", "properties": {"a": {"type": "str", "minimum": "1"}}},
    {"type": "object", "properties": {"a": {"type": "str", "pattern": "[a-"}}},
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "str"},
]


@pytest.mark.parametrize("schema", _ONE_BAD_TYPE, ids=range(len(_ONE_BAD_TYPE)))
def test_one_bad_type_name_is_jsonschemas_finding(schema):
    assert len(fast_errors(schema)) == 1
    assert ("Draft 2020-12", fast_errors(schema)) == _jsonschema_errors(schema)


@pytest.mark.parametrize("schema", _BAD_TYPES, ids=range(len(_BAD_TYPES)))
def test_bad_type_names_are_jsonschemas_findings_in_any_order(schema):
    fast = fast_errors(schema)
    assert len(fast) > 1
    draft, errors = _jsonschema_errors(schema)
    assert draft == "Draft 2020-12" and sorted(fast, key=repr) == sorted(errors, key=repr)


@pytest.mark.parametrize("schema", _NOT_ANSWERED, ids=range(len(_NOT_ANSWERED)))
def test_other_defects_go_to_jsonschema(schema):
    assert fast_errors(schema) is None
    assert meta_errors(schema)[1]  # and jsonschema finds them


def test_a_plainly_valid_schema_has_no_finding():
    assert fast_errors({"type": "object", "properties": {"q": {"type": ["string", "null"]}}}) == []


def test_a_run_meeting_only_type_name_mistakes_never_imports_jsonschema():
    code = ("import sys\nfrom toollint.rules.tl201_invalid_input_schema import meta_errors\n"
            "print(meta_errors({'type': 'object', 'properties': {'n': {'type': ['integer', 'None']}}}), "
            "'jsonschema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ("('Draft 2020-12', [(('properties', 'n', 'type', 1), "
                                  "\"'None' is not a JSON Schema type; write 'null'\")]) False")


def test_a_shared_schema_is_reported_alike_in_every_tool(lint):
    schema = '{"type": "object", "properties": {"a": {"type": "str"}, "b": {"minimum": "1"}}}'
    src = f'''
    TOOLS = [
        {{"name": "a", "description": "d", "input_schema": {schema}}},  # !
        {{"name": "b", "description": "d", "input_schema": {schema}}},  # !
    ]
    '''
    found = lint({"tools.py": src}, select=["TL201"])
    assert sorted(set(found)) == expect(src, "TL201") and len(found) == 4  # two findings each
    first = meta_errors({"type": "object", "properties": {"a": {"type": "str"}, "b": {"minimum": "1"}}})
    first[1].clear()  # a caller's list is its own, not the kept verdict
    assert len(meta_errors({"type": "object", "properties": {"a": {"type": "str"}, "b": {"minimum": "1"}}})[1]) == 2


def _with_a_bad_type(parts):
    schema, name, listed, where = parts
    bad = {"type": ["string", name] if listed else name}
    if where == "beside":
        return {"type": "object", "properties": {"p": schema, "q": bad}}
    return {"type": "object", "properties": {"p": {"anyOf": [schema, {"items": bad}]}}}


@pytest.mark.slow  # CI runs it
def test_fast_answers_are_jsonschemas_on_generated_schemas():
    hypothesis = pytest.importorskip("hypothesis")
    from hypothesis import strategies as st
    from test_schema_tl201 import _schemas

    seen = {"answered": 0}
    names = st.sampled_from(["str", "None", "int", "text", "", "Object", "nul"])
    schemas = st.one_of(_schemas(), st.tuples(_schemas(), names, st.booleans(),
                                              st.sampled_from(["beside", "inside"])).map(_with_a_bad_type))

    @hypothesis.settings(max_examples=600, deadline=None, database=None)
    @hypothesis.given(schemas)
    def check(schema):
        fast = fast_errors(schema)
        if fast:
            seen["answered"] += 1
            draft, errors = _jsonschema_errors(schema)
            assert draft == "Draft 2020-12" and sorted(fast, key=repr) == sorted(errors, key=repr), schema

    check()
    assert seen["answered"] > 20  # schemas with one bad type name were met
