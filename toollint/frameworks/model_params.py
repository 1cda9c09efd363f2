"""Parameters typed with a project's pydantic model or TypedDict, and `fn_schema=Model`
(issue 16; issue 18 item 7): the derivation leaves a marker where the class's schema
goes (frameworks/model_marks.py), and linking, once every module's classes are known,
puts the schema there in the form the framework sends it.

Recorded (tests/data/frameworks/*_models.json): fastmcp 4.2.3 inlines the class's schema
in the property, every `title` dropped, the class docstring as its description; LangChain
1.8 the same, but the titles inside a list (an `anyOf`) stay;
LlamaIndex 0.14 sends `fn_schema.model_json_schema()` keeping only type, properties,
required and $defs. The agents SDK (strict: `$defs` kept, every field required) and the
others send forms not derived yet: there the property is unresolved, so no rule judges it, and TL207 no
longer reports a parameter whose class gives it a description it cannot see.
A class that is not the project's (an installed library's) is unresolved too.
"""
from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Callable, Dict, List, Optional

from toollint.frameworks.pydantic_schema import Resolver, class_schema, field_spans
from toollint.frameworks.pydantic_values import class_of, module_resolver, python_value, schema_call
from toollint.model import CallVal, DictVal, ModuleFacts, Tool, Unresolved, Value

PARAM_KEY = "toollint_param"  # the keyword of model_marks' marker: the framework that derived it
# frameworks whose form of a class-typed parameter is derived: the class's schema inlined,
# its titles dropped; the value says whether inside lists too (LangChain's _rm_titles does
# not look into an anyOf)
INLINED = {"fastmcp": True, "langchain": False}


def _is_marker(value: Value) -> bool:
    return isinstance(value, CallVal) and len(value.kwargs) == 1 and value.kwargs[0][0] == PARAM_KEY


def finish(tool: Tool, facts_at: Callable[[str], Optional[ModuleFacts]], resolve: Resolver) -> Tool:
    """The tool with its markers replaced (linking's step for a framework-derived tool)."""
    schema = tool.schema
    if isinstance(schema, CallVal):  # `fn_schema=Model`
        got = schema_call(schema, facts_at, resolve)
        return replace(tool, schema=got if got is not None else Unresolved(
            f"the schema comes from '{schema.func.rpartition('.')[0]}', which is not a project model", schema.span))
    props = schema.get("properties") if isinstance(schema, DictVal) else None
    if not isinstance(props, DictVal) or not any(_is_marker(v) for _, v in props.entries):
        return tool
    entries = tuple((k, _property(v, facts_at, resolve) if _is_marker(v) else v) for k, v in props.entries)
    new_props = DictVal(entries, props.span, props.complete)
    return replace(tool, schema=DictVal(tuple((k, new_props if v is props else v) for k, v in schema.entries),
                                        schema.span, schema.complete))


def finish_all(tools: Dict[str, List[Tool]], facts: List[ModuleFacts],
               module_of: Callable[[str], Optional[ModuleFacts]]) -> Dict[str, List[Tool]]:
    """Every framework-derived tool of the project (by group key) with its markers replaced."""
    paths = {m.path: m for m in facts}
    resolve = module_resolver(module_of)
    return {key: [finish(t, paths.get, resolve) for t in group] for key, group in tools.items()}


def _property(marker: CallVal, facts_at, resolve: Resolver) -> Value:
    owner = marker.func.rpartition(".")[0]
    framework = marker.kwargs[0][1].value
    facts = facts_at(marker.span.path)
    cls = class_of(owner, facts, resolve) if facts is not None else None
    if cls is None:
        return Unresolved(f"'{owner}' is not a class of the project: its schema is not known", marker.span)
    if framework not in INLINED:
        return Unresolved(f"{framework}'s form of a parameter typed with '{owner}' is not derived", marker.span)
    schema = class_schema(f"{cls.module}.{cls.name}", resolve)
    if not isinstance(schema, dict):
        return schema if isinstance(schema, Unresolved) else Unresolved(f"'{owner}' is not modelled", marker.span)
    return python_value(_untitled(_inline(schema), lists=INLINED[framework]), marker.span,
                        {"": field_spans(cls, resolve)})


def _inline(schema: Dict[str, Any]) -> Any:
    defs = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            if set(node) == {"$ref"}:
                return resolve(copy.deepcopy(defs[node["$ref"].rpartition("/")[2]]))
            return {k: resolve(v) for k, v in node.items()}
        if isinstance(node, list):
            return [resolve(i) for i in node]
        return node

    return resolve(schema)


def _untitled(node: Any, parent: str = "", lists: bool = True) -> Any:
    """Every schema's `title` dropped; a property named "title" stays."""
    if isinstance(node, dict):
        return {k: _untitled(v, k, lists) for k, v in node.items() if not (k == "title" and parent != "properties")}
    if isinstance(node, list) and lists:
        return [_untitled(i, "", lists) for i in node]
    return node
