"""TL201: the input schema is not valid JSON Schema, or its top level is not an object.

Validation is jsonschema's own `check_schema`, error for error: the meta-schema of the
schema's `$schema` (Draft 2020-12 when it has none), with the meta-schema's format checks.
jsonschema is imported on first use, not at start-up, and one meta-validator per draft is
kept for the run. Most schemas use a handful of keywords in the plain way; those are
recognised as valid by a walk that costs a fraction of the meta-validation (which was
half the rules' time on the benchmark), and anything else goes to jsonschema. The same walk
answers a schema whose only defects are type names ("str", "None"), the commonest mistake,
with the messages jsonschema's errors would be given, so a run that meets only such schemas
never imports jsonschema (tests/rules/test_schema_tl201_fast.py holds both to jsonschema);
jsonschema's verdicts are remembered by the schema's repr (rulekit/memo.py), for the
process, as tools often share one schema, and across runs in the cache.
"""
import re
from functools import lru_cache
from typing import List, Optional, Tuple

from toollint.model import Const, DictVal, is_complete, to_python
from toollint.rulekit import memo
from toollint.rulekit.naming import shown_name
from toollint.rulekit.rule import Rule
from toollint.rulekit.schemawalk import TYPE_NAMES, pointer_node, where

# What people write for a type when they think in Python or SQL.
_TYPE_FIXES = {
    "str": "string", "text": "string", "varchar": "string", "char": "string", "uuid": "string",
    "date": "string", "datetime": "string", "int": "integer", "long": "integer", "float": "number",
    "double": "number", "decimal": "number", "bool": "boolean", "list": "array", "tuple": "array",
    "dict": "object", "map": "object", "none": "null", "nonetype": "null",
}
# ECMA 262 syntax that Python's `re` (jsonschema's "regex" format check) rejects.
_ECMA_ONLY = re.compile(r"\\[pPk]|\\u\{|\\c[A-Za-z]|\(\?<(?![=!])")
_MAX_MESSAGE = 120


@lru_cache(maxsize=None)
def _meta_validator(cls):
    from jsonschema.validators import validator_for

    meta_cls = validator_for(cls.META_SCHEMA, default=cls)
    return meta_cls(cls.META_SCHEMA, format_checker=cls.FORMAT_CHECKER)


def _draft_label(cls) -> str:
    m = re.match(r"Draft(\d+)Validator$", cls.__name__)
    if not m:
        return cls.__name__
    digits = m.group(1)
    return f"Draft {digits[:4]}-{digits[4:]}" if len(digits) == 6 else f"Draft {digits}"


# Draft 2020-12's vocabularies (with the deprecated keywords its meta-schema still lists):
# a key outside them is an annotation the meta-schema allows; a key inside them that the
# walk below does not check sends the whole schema to jsonschema.
VOCABULARY = frozenset((
    "$anchor", "$comment", "$defs", "$dynamicAnchor", "$dynamicRef", "$id", "$recursiveAnchor",
    "$recursiveRef", "$ref", "$schema", "$vocabulary", "additionalProperties", "allOf", "anyOf",
    "const", "contains", "contentEncoding", "contentMediaType", "contentSchema", "default",
    "definitions", "dependencies", "dependentRequired", "dependentSchemas", "deprecated",
    "description", "else", "enum", "examples", "exclusiveMaximum", "exclusiveMinimum", "format", "if",
    "items", "maxContains", "maxItems", "maxLength", "maxProperties", "maximum", "minContains",
    "minItems", "minLength", "minProperties", "minimum", "multipleOf", "not", "oneOf", "pattern",
    "patternProperties", "prefixItems", "properties", "propertyNames", "readOnly", "required", "then",
    "title", "type", "unevaluatedItems", "unevaluatedProperties", "uniqueItems", "writeOnly",
))
_SIMPLE_TYPES = frozenset(("array", "boolean", "integer", "null", "number", "object", "string"))
_SUBSCHEMA = frozenset(("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then",
                        "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema"))
_SUBSCHEMA_LIST = frozenset(("anyOf", "oneOf", "allOf", "prefixItems"))
_SUBSCHEMA_MAP = frozenset(("properties", "$defs", "dependentSchemas"))
_STRING = frozenset(("description", "title", "format", "$comment", "contentEncoding", "contentMediaType"))
_BOOLEAN = frozenset(("uniqueItems", "deprecated", "readOnly", "writeOnly"))
_NUMBER = frozenset(("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"))
_COUNT = frozenset(("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
                    "minContains", "maxContains"))
_ANY = frozenset(("default", "const"))
_ARRAY = frozenset(("enum", "examples"))


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def plainly_valid(data) -> bool:
    """True only when the schema certainly passes Draft 2020-12's meta-schema: every
    keyword it uses is one this walk checks exactly as the meta-schema does. False means
    "ask jsonschema", never "invalid" (tests/rules/test_schema_tl201.py holds it to jsonschema)."""
    return _walk(data, None)


def _walk(data, bad_types) -> bool:
    """plainly_valid's walk. With a list for `bad_types`, a `type` whose one defect is a
    name outside JSON Schema's ("str", "None") is noted there as (its JSON path, the name)
    and the walk goes on, instead of giving up on the schema."""
    stack = [(data, ())]
    while stack:
        schema, path = stack.pop()
        if isinstance(schema, bool):
            continue
        if not isinstance(schema, dict):
            return False
        for key, value in schema.items():
            if not isinstance(key, str):
                return False
            if key not in VOCABULARY:
                continue
            if key in _SUBSCHEMA:
                stack.append((value, path + (key,)))
            elif key in _SUBSCHEMA_MAP:
                if not isinstance(value, dict):
                    return False
                stack.extend((sub, path + (key, name)) for name, sub in value.items())
            elif key in _SUBSCHEMA_LIST:
                if not isinstance(value, list) or not value:
                    return False
                stack.extend((sub, path + (key, i)) for i, sub in enumerate(value))
            elif key == "type":
                bad = _bad_type_name(value)
                if bad is None:
                    continue
                if bad is False or bad_types is None:
                    return False
                bad_types.append((path + ("type",) + bad[0], bad[1]))
            elif not _plain_keyword(key, value):
                return False
    return True


def _plain_keyword(key: str, value) -> bool:
    """Whether a keyword other than the sub-schemas' and `type` certainly passes the meta-schema."""
    if key in _STRING:
        return isinstance(value, str)
    if key in _BOOLEAN:
        return isinstance(value, bool)
    if key in _NUMBER:
        return _is_number(value)
    if key in _COUNT:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if key in _ARRAY:
        return isinstance(value, list)
    if key == "required":
        return isinstance(value, list) and all(isinstance(n, str) for n in value) and len(set(value)) == len(value)
    return key in _ANY  # $ref, pattern, multipleOf, ...: jsonschema's to judge


def _bad_type_name(value):
    """None for a valid `type`; ((), name) or ((index,), name) when its one defect is a
    string outside the simple types (a list otherwise well formed); False for anything else."""
    if isinstance(value, str):
        return None if value in _SIMPLE_TYPES else ((), value)
    if not isinstance(value, list) or not value or not all(isinstance(n, str) for n in value) \
            or len(set(value)) != len(value):
        return False
    bad = [i for i, name in enumerate(value) if name not in _SIMPLE_TYPES]
    if not bad:
        return None
    return ((bad[0],), value[bad[0]]) if len(bad) == 1 else False


def meta_errors(data: dict) -> Tuple[str, List[Tuple[Tuple, str]]]:
    """(draft label, [(JSON path, message)]) as jsonschema's check_schema sees the schema."""
    fast = fast_errors(data)
    if fast is not None:
        return "Draft 2020-12", fast
    try:
        key = repr(data)
    except RecursionError:
        return _jsonschema_errors(data)
    # by the schema's repr, which tells 1 from 1.0 and True, and keeps key order (which
    # error order follows): tools share schemas, and a pre-commit run meets last run's
    draft, errors = memo.recall("jsonschema", (key,), lambda: _jsonschema_errors(data))
    return draft, list(errors)


def fast_errors(data: dict) -> Optional[List[Tuple[Tuple, str]]]:
    """What jsonschema's check_schema reports, known without it, or None (ask jsonschema):
    nothing for a plainly valid schema, and a finding for each type name such as "str" or
    "None" (the common mistake) of a schema whose only defects those are: each is its own
    error in jsonschema, in an order that follows string hashing (a set), so the findings
    are sorted wherever they are shown, and this gives them in the walk's order."""
    if "$schema" in data:
        return None
    bad_types: List[Tuple[Tuple, str]] = []
    if not _walk(data, bad_types):
        return None
    return [(path, _type_message(name)) for path, name in bad_types]


def _jsonschema_errors(data: dict) -> Tuple[str, List[Tuple[Tuple, str]]]:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match
    from jsonschema.validators import validator_for

    dialect = data.get("$schema")
    # a `$schema` that is not a string is the meta-schema's finding, not a dialect to look up
    cls = validator_for(data, default=Draft202012Validator) if isinstance(dialect, str) else Draft202012Validator
    seen = set()
    out = []
    for error in _iter_errors(_meta_validator(cls), data):
        try:
            error = best_match([error]) or error  # descend into anyOf to the branch that nearly fits
        except RecursionError:
            pass
        path = tuple(error.absolute_path)
        if error.validator == "format" and error.validator_value == "regex" and isinstance(error.instance, str) \
                and _ECMA_ONLY.search(error.instance):
            continue  # valid ECMA 262, which is what JSON Schema patterns are
        message = _message(error, path)
        if (path, message) not in seen:  # 2020-12's $dynamicRef reports one defect several times
            seen.add((path, message))
            out.append((path, message))
    return _draft_label(cls), out


def _iter_errors(validator, data):
    """The meta-schema errors, stopping quietly where jsonschema itself gives up (Python's
    `re` overflows on a pattern with thousands of nested groups): never crash on input."""
    errors = validator.iter_errors(data)
    while True:
        try:
            error = next(errors)
        except StopIteration:
            return
        except (RecursionError, ValueError, TypeError, OverflowError):
            return
        yield error


def _type_message(name: str) -> str:
    fix = _TYPE_FIXES.get(name.lower())
    if fix:
        return f"{name!r} is not a JSON Schema type; write {fix!r}"
    return f"{name!r} is not a JSON Schema type; use one of {', '.join(TYPE_NAMES)}"


def _message(error, path) -> str:
    in_type = "type" in path[-2:] and error.validator in ("anyOf", "enum")
    if in_type and isinstance(error.instance, str) and error.instance not in TYPE_NAMES:
        return _type_message(error.instance)
    text = " ".join(error.message.splitlines()[0].split()) if error.message else error.validator
    if len(text) > _MAX_MESSAGE:
        text = text[: _MAX_MESSAGE - 1] + "\u2026"
    return text


class InvalidInputSchema(Rule):
    code = "TL201"
    name = "invalid-input-schema"
    summary = "The input schema is not valid JSON Schema, or its top level is not `type: object`"

    def check_tool(self, tool, group, ctx):
        schema = tool.schema
        if tool.shape == "server" or schema is None or not is_complete(schema):
            return
        name = shown_name(tool)  # never 'None': `self.name` when only known at run time
        if not isinstance(schema, DictVal):
            yield self.report(schema.span, f"input schema of {name} is not a JSON object: tool arguments are "
                              "always an object; write {\"type\": \"object\", \"properties\": {...}}")
            return
        draft, errors = meta_errors(to_python(schema))
        for path, message in errors:
            node = pointer_node(schema, path)
            yield self.report(node.span, f"input schema of {name} is not valid JSON Schema ({draft}) "
                              f"{where(path)}: {message}; providers reject such a tool or the model misreads it")
        if any(path[:1] == ("type",) for path, _ in errors):
            return  # the meta-schema already said what is wrong with the top-level type
        top = schema.get("type")
        if top is None:
            yield self.report(schema.span, f"input schema of {name} has no top-level \"type\": \"object\": "
                              "providers accept only an object of named arguments; add \"type\": \"object\" and "
                              "put the parameters under \"properties\"")
        elif not (isinstance(top, Const) and top.value == "object"):
            shown = to_python(top)
            yield self.report(schema.key_node("type").span, f"input schema of {name} has top-level type "
                              f"{shown!r}: tool arguments are always a JSON object; make it \"type\": \"object\" "
                              "and put the parameters under \"properties\"")
