"""`Model.model_json_schema()` (and v1's `Model.schema()`) in a tool definition, as the
Value the schema rules read: the derived schema, each property spanned on its field's line
in the model, the rest on the call (issue 16). Used by link/project.py, where the classes
of every project module are known."""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from toollint.frameworks import crewai_schema
from toollint.frameworks.langchain_models import MARKER, linked as langchain_tool
from toollint.frameworks.openai_models import function_tool
from toollint.frameworks.pydantic_schema import Resolver, schema_with_classes
from toollint.frameworks.spanned import model_levels, ref_paths, spanned
from toollint.model import CallVal, Const, ModelClass, ModuleFacts, Tool, Unresolved, Value

_METHODS = ("model_json_schema", "schema")
_TRANSFORM_KEY = "toollint_transform"


def module_resolver(module_of: Callable[[str], Optional[ModuleFacts]]) -> Resolver:
    """A class where it is defined, or through the imports of the module named (a package
    re-exporting `from .models import Item`)."""

    def resolve(module: str, name: str) -> Optional[ModelClass]:
        # a loop, not a recursive closure: a closure that names itself is a reference
        # cycle, and this one would keep the linker's module lookup alive until collected
        for _ in range(20):
            facts = module_of(module)
            if facts is None:
                return None
            found = next((cls for cls in facts.models if cls.name == name), None)
            if found is not None:
                return found
            step = next(((source, attr) for local, source, attr in facts.imports if local == name and attr), None)
            if step is None:
                return None
            module, name = step
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
    transform = _transform(call.kwargs)
    if method not in _METHODS or not owner or call.args or transform is None or not call.complete:
        facts = facts_at(call.span.path)
        return function_tool(call, facts, resolve) if facts is not None else None
    facts = facts_at(call.span.path)
    cls = class_of(owner, facts, resolve) if facts is not None else None
    if cls is None:
        return None
    schema, classes = schema_with_classes(cls, resolve)
    if isinstance(schema, Unresolved):
        return Unresolved(schema.reason, call.span)
    return spanned(transform(schema), call.span, model_levels(cls, classes, resolve), ref_paths(schema))


def _transform(kwargs) -> Optional[Callable[[Dict[str, Any]], Dict[str, Any]]]:
    """What a framework does to the schema before sending it: the call toollint itself
    builds for a framework's model (`toollint_transform=`) names it; a call as written
    has no keywords."""
    if not kwargs:
        return lambda schema: schema
    if len(kwargs) == 1 and kwargs[0][0] == _TRANSFORM_KEY and isinstance(kwargs[0][1], Const):
        return _TRANSFORMS().get(kwargs[0][1].value)
    return None


def _TRANSFORMS() -> Dict[str, Callable[[Dict[str, Any]], Dict[str, Any]]]:
    from toollint.frameworks.agents_strict import STRICT_TRANSFORM, strict_python

    return {crewai_schema.TRANSFORM: crewai_schema.strict_parameters, crewai_schema.PLAIN: crewai_schema.plain_parameters,
            "llama-index": _llama_index,
            STRICT_TRANSFORM: strict_python}


_LLAMA_KEYS = ("type", "properties", "required", "definitions", "$defs")


def _llama_index(schema: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in schema.items() if k in _LLAMA_KEYS}


def class_of(owner: str, facts: ModuleFacts, resolve: Resolver) -> Optional[ModelClass]:
    head, _, rest = owner.partition(".")
    for local, module, attr in facts.imports:
        if local == head:
            dotted = ".".join(p for p in (module, attr, rest) if p)
            module, _, name = dotted.rpartition(".")
            return resolve(module, name)
    return resolve(facts.module, owner) if not rest else None


# crewai.py and model_params.py place derived JSON as spanned.py does
python_value = spanned
