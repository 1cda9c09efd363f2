"""LangChain tools whose schema is a pydantic model (issue 16): what `convert_to_openai_tool`
sends, derived when linking, where the model's module is known.

Derived from langchain-core 1.8.3 and checked against it (tests/data/frameworks/models/):

- a tool with `args_schema=Model` (a `BaseTool` subclass, `StructuredTool.from_function`,
  `@tool(args_schema=...)`) sends its `tool_call_schema`: a model rebuilt from each field's
  annotation, description, default and constraints only (`_create_subset_model_v2`,
  utils/pydantic.py): aliases, titles, examples, `json_schema_extra` and the model's
  config are lost, so a property is named by its field, never by its alias;
- a model handed to `bind_tools([Model])` sends its own `model_json_schema()`, named by
  its title (the class name) and described by its docstring (`""` without one);
- `@tool` on a model class makes `StructuredTool.from_function(cls)`: the schema of the
  class's signature (each field's annotation and plain default; `= Field(...)`'s
  description and constraints are lost, an alias raises);
- then `_convert_json_schema_to_openai_function` (utils/function_calling.py): every
  `$ref` outside `$defs` is inlined (`dereference_refs`: the definition, its siblings
  over it), `$defs`, the top-level title and description are dropped, and `_rm_titles`
  drops every `title` key but a property called "title" (it does not look into lists,
  so an `anyOf` member keeps its title).
"""
from __future__ import annotations

import copy
import textwrap
from dataclasses import replace
from typing import Any, Dict, List, Optional, Set, Tuple

from toollint.frameworks.openai_models import model_of
from toollint.frameworks.pydantic_schema import Resolver, schema_with_classes
from toollint.frameworks.spanned import Level, Levels, model_levels, ref_paths, spanned
from toollint.model import CallVal, Const, ModelClass, ModelField, ModuleFacts, Span, Str, Tool, Unresolved, Value

BASE_TOOLS = {f"{m}.BaseTool" for m in ("langchain_core.tools", "langchain_core.tools.base", "langchain.tools",
                                         "langchain.tools.base", "langchain_community.tools")}
TOOL_DECORATORS = {"langchain_core.tools.tool", "langchain_core.tools.convert.tool", "langchain.tools.tool",
                   "langchain.agents.tool"}
MARKER = "<langchain model>"  # Tool.schema until linking: CallVal(MARKER, (model,), (("mode", ...),))
_BASEMODEL = {"pydantic.BaseModel", "pydantic.main.BaseModel"}
# what `_create_subset_model_v2` copies of a field: its description, default, and the
# constraints pydantic keeps as metadata
_KEPT = {"description", "default", "default_factory", "ge", "gt", "le", "lt", "multiple_of", "min_length",
         "max_length", "pattern"}
_ANNOTATED = {"typing.Annotated", "typing_extensions.Annotated"}


def marker(model: Value, mode: str, span: Span) -> CallVal:
    """The schema of a tool made from `model`: "tool" (args_schema=) or "model" (bind_tools)."""
    return CallVal(MARKER, (model,), (("mode", Const(mode, span)),), span)


def inherited(cls: str, own_schema: bool, schema: Value, span: Span) -> CallVal:
    """The schema of a class whose base is a project class: a tool only if that base is
    (through the project's classes) LangChain's BaseTool."""
    return CallVal(MARKER, (Const(cls, span),), (("mode", Const("inherited", span)),
                                                 ("own", Const(own_schema, span)), ("schema", schema)), span)


def is_inherited(tool: Tool) -> bool:
    value = tool.schema
    return isinstance(value, CallVal) and value.func == MARKER and value.kwarg("mode").value == "inherited"


def linked(tool: Tool, facts: ModuleFacts, resolve: Resolver) -> Optional[Tool]:
    """The tool with its model's schema derived; None: what bind_tools was handed is no
    project model (a function or tool object from elsewhere, judged where it is made), or
    a class is no LangChain tool after all."""
    value = tool.schema
    if not isinstance(value, CallVal) or value.func != MARKER:
        return tool
    mode = value.kwarg("mode").value
    if mode == "inherited":
        cls = resolve(facts.module, value.args[0].value)
        chain = _tool_chain(cls, resolve) if cls is not None else None
        if chain is None:
            return None
        own = value.kwarg("own").value
        if not own and any(f.name == "args_schema" for c in chain[1:] for f in c.fields):
            # `_run` here, args_schema on a base: the base's model is sent
            return replace(tool, schema=Unresolved("args_schema is set on a base class", value.span))
        return linked(replace(tool, schema=value.kwarg("schema")), facts, resolve)
    cls = model_of(value.args[0], facts, resolve)
    if cls is None:
        if mode == "model":
            return None
        return replace(tool, schema=Unresolved("args_schema is not a model of the project", value.span))
    if mode == "model":
        if "a decorated class" in cls.unresolved:
            # `bind_tools([Done])` of an `@tool class Done(BaseModel)` hands over the tool the
            # decorator made, judged where it is declared; what another decorator returns is unknown
            return None
        return _bound_model(tool, cls, resolve, value.span)
    if mode == "class":
        schema = _signature_schema(cls, resolve, value.span)
        if schema is None:
            return None
        return replace(tool, schema=spanned(openai_parameters(schema), value.span,
                                            _levels(replace(cls, unresolved=()), resolve), ref_paths(schema))
                       if isinstance(schema, dict) else schema)
    schema = _subset_schema(cls, resolve, tool.name.value or cls.name, value.span)
    if isinstance(schema, Unresolved):
        return replace(tool, schema=schema)
    description = tool.description
    if description is None:  # no docstring and no description: from_function takes the model's
        if cls.docstring is None:
            return None  # "Function must have a docstring if description not provided."
        text = cls.docstring.value
        description = Str(textwrap.dedent(text).strip() if text is not None else None, cls.docstring.span)
    return replace(tool, description=description, schema=spanned(openai_parameters(schema), value.span,
                                                                  _levels(cls, resolve), ref_paths(schema)))


def _levels(cls: ModelClass, resolve: Resolver) -> Levels:
    """The Levels of a schema LangChain rebuilt from `cls`'s fields: its nested models are
    the model's own."""
    levels = model_levels(None, schema_with_classes(cls, resolve)[1], resolve)
    levels[""] = Level(cls.name, {f.name: f.span for f in _fields(cls, resolve) or ()})
    return levels


def _tool_chain(cls: ModelClass, resolve: Resolver, depth: int = 0) -> Optional[Tuple[ModelClass, ...]]:
    """The class and its project ancestors up to LangChain's BaseTool; None: not a LangChain tool."""
    if depth > 20:
        return None
    for base in cls.bases:
        if base in BASE_TOOLS:
            return (cls,)
        module, _, name = base.rpartition(".")
        parent = resolve(module, name) if module else None
        found = _tool_chain(parent, resolve, depth + 1) if parent is not None and parent is not cls else None
        if found is not None:
            return (cls,) + found
    return None


def _bound_model(tool: Tool, cls: ModelClass, resolve: Resolver, span: Span) -> Tool:
    schema, classes = schema_with_classes(cls, resolve)
    if isinstance(schema, Unresolved):
        return replace(tool, name=Str(cls.name, span), description=None, schema=Unresolved(schema.reason, span))
    title = schema.get("title", cls.name)
    doc = schema.get("description", "")
    description = Str(doc, cls.docstring.span if doc and cls.docstring is not None else span)
    return replace(tool, name=Str(title, span), description=description,
                   schema=spanned(openai_parameters(schema), span, model_levels(cls, classes, resolve),
                                  ref_paths(schema)))


def _fields(cls: ModelClass, resolve: Resolver, depth: int = 0) -> Optional[List[ModelField]]:
    """The fields of a model and its project ancestors, in pydantic's order; None when a
    base is not one plain project model."""
    if len(cls.bases) != 1 or depth > 50:
        return None
    base = cls.bases[0]
    inherited: List[ModelField] = []
    if base not in _BASEMODEL:
        module, _, name = base.rpartition(".")
        parent = resolve(module, name)
        found = _fields(parent, resolve, depth + 1) if parent is not None else None
        if found is None:
            return None
        inherited = found
    fields: Dict[str, ModelField] = {f.name: f for f in inherited}
    for field in cls.fields:
        fields[field.name] = field  # an override keeps its parent's place
    return [f for f in fields.values() if not f.name.startswith("_") and not (
        f.annotation is not None and f.annotation.name in ("typing.ClassVar", "typing_extensions.ClassVar"))]


def _subset_schema(cls: ModelClass, resolve: Resolver, name: str, span: Span) -> Any:
    """`tool_call_schema`'s model_json_schema(): the model rebuilt from what LangChain copies."""
    full, _ = schema_with_classes(cls, resolve)
    fields = _fields(cls, resolve)
    if isinstance(full, Unresolved) or fields is None:  # what pydantic would do is unknown: so is the copy
        return Unresolved(full.reason if isinstance(full, Unresolved) else f"the bases of '{cls.name}'", span)
    copied = [_copied(f) for f in fields]
    subset = ModelClass(name, cls.module, cls.span, ("pydantic.BaseModel",), fields=tuple(copied))
    schema, _ = schema_with_classes(subset, resolve)
    return Unresolved(schema.reason, span) if isinstance(schema, Unresolved) else schema


def _signature_schema(cls: ModelClass, resolve: Resolver, span: Span) -> Any:
    """`@tool` on a model class: LangChain validates the class's signature as a function's,
    so a field keeps its annotation (Annotated metadata included) and its plain default,
    and loses what `= Field(...)` says besides; None: LangChain raises (an alias)."""
    if cls.unresolved != ("a decorated class",):
        return Unresolved(f"'{cls.name}': {(cls.unresolved or ('',))[0]}", span)
    plain = replace(cls, unresolved=())
    full, _ = schema_with_classes(plain, resolve)
    fields = _fields(plain, resolve)
    if isinstance(full, Unresolved) or fields is None:
        return Unresolved(full.reason if isinstance(full, Unresolved) else f"the bases of '{cls.name}'", span)
    copied = []
    for field in fields:
        given = dict(field.field or ())
        if "alias" in given:
            return None  # validate_arguments looks the alias up among the parameters: KeyError
        if "default_factory" in given:
            return Unresolved(f"the default_factory of '{cls.name}.{field.name}'", span)
        kept = (("default", field.default),) if field.has_default else ()
        copied.append(replace(field, field=kept))
    subset = ModelClass(cls.name, cls.module, cls.span, ("pydantic.BaseModel",), fields=tuple(copied))
    schema, _ = schema_with_classes(subset, resolve)
    return Unresolved(schema.reason, span) if isinstance(schema, Unresolved) else schema


def _copied(field: ModelField) -> ModelField:
    keywords: Dict[str, Value] = {}
    annotation = field.annotation
    while annotation is not None and annotation.name in _ANNOTATED and all(
            m.kind == "call" for m in annotation.args[1:]):
        for meta in annotation.args[1:]:
            keywords.update((k, v) for k, v in meta.keywords if k in _KEPT)
        annotation = annotation.args[0]
    keywords.update((k, v) for k, v in field.field or () if k in _KEPT)
    if field.has_default and "default" not in keywords:
        keywords["default"] = field.default
    return replace(field, annotation=annotation, field=tuple(keywords.items()))


def openai_parameters(schema: Dict[str, Any]) -> Dict[str, Any]:
    """`_convert_json_schema_to_openai_function`'s parameters of a model_json_schema()."""
    out = _dereferenced(schema, schema, set())
    for key in ("$defs", "definitions", "title", "description"):
        out.pop(key, None)
    return _without_titles(out)


def _dereferenced(node: Any, root: Dict[str, Any], open_refs: Set[str]) -> Any:
    if isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        if ref in open_refs:
            return _entries(siblings, root, open_refs)
        open_refs.add(ref)
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        resolved = _dereferenced(copy.deepcopy(target), root, open_refs)
        open_refs.discard(ref)
        if not siblings:
            return resolved
        merged = dict(resolved) if isinstance(resolved, dict) else {}
        merged.update(_entries(siblings, root, open_refs))
        return merged
    if isinstance(node, dict):
        return _entries(node, root, open_refs)
    if isinstance(node, list):
        return [_dereferenced(item, root, open_refs) for item in node]
    return node


def _entries(node: Dict[str, Any], root: Dict[str, Any], open_refs: Set[str]) -> Dict[str, Any]:
    return {k: copy.deepcopy(v) if k == "$defs" else _dereferenced(v, root, open_refs) for k, v in node.items()}


def _without_titles(node: Dict[str, Any], parent: str = "") -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for key, value in node.items():
        if key == "title" and not (isinstance(value, dict) and parent == "properties"):
            continue
        out[key] = _without_titles(value, key) if isinstance(value, dict) else value
    return out
