"""Parameters typed with a project's pydantic model or TypedDict, and `fn_schema=Model`
(issue 16; issue 18 item 7): the derivation leaves a marker where the class's schema
goes (frameworks/model_marks.py), and linking, once every module's classes are known,
puts the schema there in the form the framework sends it.

The parameter's property is what pydantic gives the field `create_model` makes of it
(frameworks/pydantic_schema.param_schema: `list[Model]`, `Optional[Model]`, a docstring
description beside a `$ref`, a `= Field(description=..., default=...)`...), then each
framework's form (FORMS), recorded in
tests/data/frameworks/*_models.json: fastmcp 4.2.3 and langchain-core 1.8 inline the
definitions (fastmcp drops every title, LangChain's _rm_titles not those in a list);
openai-agents 0.24 keeps `$defs` and makes it strict (a `$ref` with siblings inlined,
`default: null` dropped: agents/strict_schema.py), and raises on `dict[str, Model]`
(TL210 says so); llama-index-core 0.14, google-adk 2.15, agent-framework-core 1.26, pydantic-ai 2.68 and the MCP
SDK (mcp 1.30's FastMCP and 2.3's MCPServer alike: ArgModelBase.model_json_schema, no
docstring Args entry in a property) keep `$defs` (pydantic-ai without the fields'
titles, and a lone model parameter's schema as the whole tool's,
left unresolved). smolagents, agno and claude-agent-sdk send a class in forms of their
own (recorded; derive.py and claude_agent_sdk.py leave them unresolved), as do the
frameworks not listed; a class that is not the project's (an installed library's) is
unresolved too.
"""
from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Callable, Dict, List, Optional

from toollint.frameworks.openai_models import strict_json_schema
from toollint.frameworks.pydantic_schema import Resolver, param_schema
from toollint.frameworks.pydantic_values import module_resolver, python_value, schema_call
from toollint.frameworks.spanned import model_levels, ref_paths
from toollint.model import CallVal, Const, DictVal, ModuleFacts, Str, Tool, TypeExpr, Unresolved, Value

PARAM_KEY = "toollint_param"  # the marker's first keyword (model_marks): the framework that derived it
TYPE_KEY = "toollint_type"  # its second: the parameter's annotation, a TypeExpr (not a Value: never read by rules)
MARKER = "toollint.model_param"
# each framework's form of a class-typed parameter (recorded, tests/data/frameworks/*_models.json):
# "inline": every $ref replaced by its definition (the parameter's description over the
#   class's), titles dropped; True: inside lists too (LangChain's _rm_titles skips an anyOf)
# "defs": pydantic's property, its $defs beside the arguments' properties; True: the
#   fields' titles dropped (pydantic-ai's GenerateToolJsonSchema), a model's kept
FORMS = {"fastmcp": ("inline", True), "langchain": ("inline", False), "openai-agents": ("strict", False),
         "llama-index": ("defs", False), "pydantic-ai": ("defs", True),
         "google-adk": ("defs", False),  # 2.x (pydantic's create_model schema); 1.x leaves its markers unresolved
         "agent-framework": ("defs", False), "mcp": ("defs", False)}


def is_marker(value: Value) -> bool:
    return isinstance(value, CallVal) and value.func == MARKER


def finish(tool: Tool, facts_at: Callable[[str], Optional[ModuleFacts]], resolve: Resolver) -> Tool:
    """The tool with its markers replaced (linking's step for a framework-derived tool)."""
    schema = tool.schema
    if isinstance(schema, CallVal):  # `fn_schema=Model`
        got = schema_call(schema, facts_at, resolve)
        return replace(tool, schema=got if got is not None else Unresolved(
            f"the schema comes from '{schema.func.rpartition('.')[0]}', which is not a project model", schema.span))
    props = schema.get("properties") if isinstance(schema, DictVal) else None
    if not isinstance(props, DictVal) or not any(is_marker(v) for _, v in props.entries):
        return tool
    if tool.framework == "pydantic-ai" and len(props.entries) == 1:
        # _function_schema: a lone model-like parameter's schema is the tool's, its docstring
        # the tool's description when the function has none
        description = tool.description if tool.description is not None else Str(None, tool.span)
        return replace(tool, description=description, schema=Unresolved(
            "pydantic-ai sends a lone class-typed parameter's schema as the tool's: not derived", props.span))
    defs: Dict[str, Value] = {}
    entries = tuple((k, _property(k.value, v, facts_at, resolve, defs) if is_marker(v) else v)
                    for k, v in props.entries)
    new_props = DictVal(entries, props.span, props.complete)
    top = tuple((k, new_props if v is props else v) for k, v in schema.entries)
    if defs:
        where = props.span
        top += ((Const("$defs", where), DictVal(tuple((Const(n, where), d) for n, d in sorted(defs.items())), where)),)
    return replace(tool, schema=DictVal(top, schema.span, schema.complete))


def finish_all(tools: Dict[str, List[Tool]], facts: List[ModuleFacts],
               module_of: Callable[[str], Optional[ModuleFacts]]) -> Dict[str, List[Tool]]:
    """Every framework-derived tool of the project (by group key) with its markers replaced."""
    paths = {m.path: m for m in facts}
    resolve = module_resolver(module_of)
    return {key: [finish(t, paths.get, resolve) for t in group] for key, group in tools.items()}


def _property(name: str, marker: CallVal, facts_at, resolve: Resolver, defs: Dict[str, Value]) -> Value:
    """The parameter's property in its framework's form; the `$defs` it needs go in `defs`."""
    given = dict(marker.kwargs)
    framework = given[PARAM_KEY].value
    facts = facts_at(marker.span.path)
    if framework not in FORMS or facts is None:
        return Unresolved(f"{framework}'s form of a parameter typed with a class is not derived", marker.span)
    kind = _qualified(given[TYPE_KEY], facts.module)
    got = param_schema(name, kind, given.get("description"), given.get("default"), marker.span, resolve)
    if isinstance(got, Unresolved):
        return got
    prop, found, classes = got
    if not classes:  # no class after all (a Literal alias of another module): a parameter as derive.py
        prop = {k: v for k, v in prop.items() if k != "title"}  # gives it, without pydantic's title
    levels = model_levels(None, classes, resolve)
    form, all_titles = FORMS[framework]
    given_schema = {"properties": {name: prop}, "$defs": found}
    if form == "inline":  # each inlined definition's fields on its class's lines, found by ref_paths
        inlined = {"properties": {name: _untitled(_inline(prop, found), lists=all_titles)}}
        return python_value(inlined, marker.span, levels, ref_paths(given_schema)).get("properties").entries[0][1]
    if all_titles:
        prop, found = _untitled(prop, lists=True), {k: _untitled(v, lists=True, keep=True) for k, v in found.items()}
        given_schema = {"properties": {name: prop}, "$defs": found}
    # the SDK makes the whole tool schema strict, `$defs` too (agents/strict_schema.py): every
    # `default: null` dropped, a `$ref` with siblings inlined, each object closed
    whole = strict_json_schema(given_schema) if form == "strict" else given_schema
    value = python_value(whole, marker.span, levels, ref_paths(given_schema))
    for key, body in value.get("$defs").entries:
        defs.setdefault(key.value, body)
    return value.get("properties").entries[0][1]


def _qualified(kind: TypeExpr, module: str) -> TypeExpr:
    """The annotation with the module's own names (left bare when it was read) qualified."""
    name = kind.name
    if kind.kind == "name" and name not in _BARE and "." not in name:
        name = f"{module}.{name}"
    return replace(kind, name=name, args=tuple(_qualified(a, module) for a in kind.args))


_BARE = {"None", "...", "str", "int", "float", "bool", "bytes", "dict", "list", "tuple", "set", "frozenset"}


def _inline(node: Any, defs: Dict[str, Any]) -> Any:
    """`node` with every $ref replaced by its definition, the $ref's siblings over it."""
    if isinstance(node, dict):
        if "$ref" in node:
            key = node["$ref"].rpartition("/")[2]
            siblings = {k: _inline(v, defs) for k, v in node.items() if k != "$ref"}
            return {**_inline(copy.deepcopy(defs[key]), defs), **siblings}
        return {k: _inline(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(i, defs) for i in node]
    return node


def _untitled(node: Any, parent: str = "", lists: bool = True, keep: bool = False) -> Any:
    """Every schema's `title` dropped (`keep`: but the top one's); a property named "title" stays."""
    if isinstance(node, dict):
        return {k: _untitled(v, k, lists) for k, v in node.items()
                if not (k == "title" and parent != "properties" and not keep)}
    if isinstance(node, list) and lists:
        return [_untitled(i, "", lists) for i in node]
    return node
