"""`Model.model_json_schema()` (and v1's `Model.schema()`) in a tool definition, as the
Value the schema rules read: the derived schema, each property spanned on its field's line
in the model, the rest on the call (issue 16). Used by link/project.py, where the classes
of every project module are known."""
from __future__ import annotations

from typing import Callable, Optional

from toollint.frameworks.langchain_models import MARKER, linked as langchain_tool
from toollint.frameworks.openai_models import function_tool
from toollint.frameworks.pydantic_schema import Resolver, field_spans, schema_with_classes
from toollint.frameworks.spanned import spanned
from toollint.model import CallVal, ModelClass, ModuleFacts, Tool, Unresolved, Value

_METHODS = ("model_json_schema", "schema")


def module_resolver(module_of: Callable[[str], Optional[ModuleFacts]]) -> Resolver:
    """A class where it is defined, or through the imports of the module named (a package
    re-exporting `from .models import Item`)."""

    def resolve(module: str, name: str, depth: int = 0) -> Optional[ModelClass]:
        facts = module_of(module) if depth < 20 else None
        if facts is None:
            return None
        for cls in facts.models:
            if cls.name == name:
                return cls
        for local, source, attr in facts.imports:
            if local == name and attr:
                return resolve(source, attr, depth + 1)
        return None

    return resolve


def linked(tool: Tool, facts: ModuleFacts, module_of: Callable[[str], Optional[ModuleFacts]]) -> Optional[Tool]:
    """A framework tool whose schema is a model's (LangChain's args_schema), derived; None:
    no tool after all (toollint.frameworks.langchain_models)."""
    if not isinstance(tool.schema, CallVal) or tool.schema.func != MARKER:
        return tool  # made on use only: the resolver is a closure over the link resolver
    return langchain_tool(tool, facts, module_resolver(module_of))


def schema_call(call: CallVal, facts_at: Callable[[str], Optional[ModuleFacts]], resolve: Resolver) -> Optional[Value]:
    """The schema `call` returns when it is `Model.model_json_schema()` of a class the
    project defines (`facts_at` gives the module of a path), the definition of OpenAI's
    `pydantic_function_tool(Model)`; None for any other call."""
    owner, _, method = call.func.rpartition(".")
    if method not in _METHODS or not owner or call.args or call.kwargs or not call.complete:
        facts = facts_at(call.span.path)
        return function_tool(call, facts, resolve) if facts is not None else None
    facts = facts_at(call.span.path)
    cls = _class(owner, facts, resolve) if facts is not None else None
    if cls is None:
        return None
    schema, classes = schema_with_classes(cls, resolve)
    if isinstance(schema, Unresolved):
        return Unresolved(schema.reason, call.span)
    spans = {"": field_spans(cls, resolve)}
    spans.update((name, field_spans(c, resolve)) for name, c in classes.items() if c is not None)
    return spanned(schema, call.span, spans)


def _class(owner: str, facts: ModuleFacts, resolve: Resolver) -> Optional[ModelClass]:
    head, _, rest = owner.partition(".")
    for local, module, attr in facts.imports:
        if local == head:
            dotted = ".".join(p for p in (module, attr, rest) if p)
            module, _, name = dotted.rpartition(".")
            return resolve(module, name)
    return resolve(facts.module, owner) if not rest else None
