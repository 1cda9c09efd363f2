"""The framework-made tools each server or agent offers, across modules: a module's own,
those declared on an object another module creates (PendingTool), and functions of other
modules handed to a framework here (RefTool: `from app.tools import search`, then
`Agent(tools=[search])`), whose def linking finds through the module graph."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Optional, Tuple

from toollint.frameworks.pydantic_values import linked, module_resolver, schema_call
from toollint.link.graph import finish_pending, imported_as
from toollint.link.passed import finish_param, passed_calls, rehomed, typed_param
from toollint.model import (BOUND, CALLED, PARAM, WRAPPED, CallVal, Const, DictVal, ListVal, ModuleFacts, Ref, RefTool, Symbol, Tool,
                            Unresolved)

Lookup = Callable[[str], Optional[ModuleFacts]]
_MAX_HOPS = 20


def offered_tools(facts: List[ModuleFacts], module: Lookup,
                  calling: Optional[Callable[[List[str]], List[ModuleFacts]]] = None) -> Dict[str, List[Tool]]:
    """Framework-made tools by the module (or `module#Class` for a toolkit class) that offers
    them; `calling` loads the modules that call given defs (engine/load.py)."""
    out: Dict[str, List[Tool]] = {}
    ordered = sorted(facts, key=lambda m: m.path)
    # made only when some schema needs it: the resolver's closure is a cycle holding every module's facts
    models = module_resolver(module) if any(isinstance(t.schema, CallVal) for m in ordered for t in m.decorated) \
        else None
    at = {m.path: m for m in ordered}.get
    passing = any(p.owner.startswith(PARAM) for m in ordered for p in m.pending) or any(
        typed_param(t, m) for m in ordered for t in m.decorated)
    calls = passed_calls(ordered, module, function_def, calling) if passing else {}
    for m in ordered:
        # a toolkit class's tools (Tool.registry: the class) are a group of their own; linked():
        # a LangChain model's schema derived, or no tool after all
        for tool in filter(None, (linked(t, m, module) for t in m.decorated)):
            tool = model_schema(tool, at, models)
            # `register_a(mcp)` with `def register_a(mcp: FastMCP)`: the group of the server handed
            moved = rehomed(tool, m, calls, module) if calls and tool.registry is None else []
            for copy, path in moved:
                out.setdefault(path, []).append(copy)
            if not moved:
                out.setdefault(_key(m.path, tool.registry), []).append(tool)
    for m in ordered:
        for pending in m.pending:
            if pending.owner.startswith(PARAM):  # `def register_tools(mcp_server: Any)`: link/passed.py
                for tool, path in finish_param(pending, m, calls, module):
                    out.setdefault(path, []).append(tool)
                continue
            found = finish_pending(pending, module)
            if found is not None:
                out.setdefault(found[1], []).append(found[0])
    for m in ordered:
        made = set()  # `from a import *; from b import *`: a name is the first star's that has it
        for ref in m.by_reference:
            if ref.framework == WRAPPED:
                _wrapped(ref, m, module, out.setdefault(_key(m.path, ref.registry), []))
                continue
            tools = _finish_ref(ref, module) if ref.span not in made else []
            if tools:
                made.add(ref.span)
                out.setdefault(_key(m.path, ref.registry), []).extend(tools)
    return out


def _wrapped(ref: RefTool, m: ModuleFacts, module: Lookup, tools: List[Tool]) -> None:
    """`@tracked_tool` imported from another project module that only applies a framework's
    decorator: the def's tool, in place of one the same module made by handing it over."""
    tool = wrapped_tool_of(ref, m, module)
    if tool is not None:
        tools[:] = [t for t in tools if not (t.function and t.function.qualname == ref.method)] + [tool]


def wrapped_tool_of(ref: RefTool, m: ModuleFacts, module: Lookup) -> Optional[Tool]:
    found = function_def(ref.target, module, 0)
    if found is None:
        return None
    from toollint.extract.foreign import derive_wrapped

    return derive_wrapped(m.path, m.module, ref, (found[0].path, found[0].module, found[1]))


def _key(path: str, registry: Optional[str]) -> str:
    return path if registry is None else f"{path}#{registry}"


def _finish_ref(ref: RefTool, module: Lookup) -> List[Tool]:
    """The tool of the function `ref` names, or the tools of the functions a list constant
    of that module holds (`TOOLS = [search, fetch]`, handed over as `bind_tools(TOOLS)`)."""
    if ref.of_object:
        return _object_ref(ref, module)
    found = function_def(ref.target, module, 0)
    defs = [found] if found is not None else listed_defs(ref.target, module)
    defs = [d for d in defs if not _wrapped_already(*d, module)]
    from toollint.extract.foreign import derive_ref  # parses those modules: libcst only here

    tools = (derive_ref(facts.path, facts.module, qualname, ref) for facts, qualname in defs)
    return [t for t in tools if t is not None]


def _object_ref(ref: RefTool, module: Lookup) -> List[Tool]:
    """The tool of an object another module makes (an agent handed off to): its framework
    reads the call that module binds the name to, or makes what it can without it."""
    from toollint.frameworks.registry import FRAMEWORKS  # libcst: only for a project with such a ref

    made = factory_call(ref.target[:-len(CALLED)], module) if ref.target.endswith(CALLED) else \
        bound_call(ref.target, module, 0)
    tools = (f.object_tool(ref, made) for f in FRAMEWORKS if f.name == ref.framework)
    return [replace(t, registry=ref.registry) for t in tools if t is not None][:1]


def bound_call(qualified: str, module: Lookup, hops: int) -> Optional[Tuple[str, CallVal]]:
    """(qualified class, call) of the module-level `name = Class(...)` that `pkg.mod.name`
    names, through re-exports; None when it is bound to anything else, or not found."""
    if hops > _MAX_HOPS:
        return None
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        facts = module(".".join(parts[:cut]))
        if facts is None:
            continue
        if len(parts) - cut != 1:
            return None
        made = dict(facts.constants).get(parts[-1])
        if isinstance(made, CallVal):
            return _class_of(facts, made), made
        source = imported_as(facts, parts[-1])
        if source is None or not source[1]:
            return None
        target = f"{source[0]}.{source[1]}"
        return bound_call(target, module, hops + 1) if target != qualified else None
    return None


def factory_call(qualified: str, module: Lookup) -> Optional[Tuple[str, CallVal]]:
    """(qualified class, call) of the object the function `pkg.mod.build` returns, through
    re-exports (extract/factories.py); None when it is no such function."""
    found = function_def(qualified, module, 0)
    made = dict(found[0].factories).get(found[1]) if found is not None else None
    return (_class_of(found[0], made), made) if made is not None else None


def _class_of(facts: ModuleFacts, made: CallVal) -> str:
    """The class a module's `Class(...)` call makes, qualified through its imports."""
    head, _, rest = made.func.partition(".")
    source = imported_as(facts, head) or (facts.module, head)
    return ".".join(p for p in (*source, rest) if p)


def _wrapped_already(facts: ModuleFacts, qualname: str, module: Lookup) -> bool:
    """Whether the def is a tool by an imported wrapper already: handed over, it is no second."""
    return any(r.framework == WRAPPED and r.method == qualname and wrapped_tool_of(r, facts, module) is not None
               for r in facts.by_reference)


def listed_defs(qualified: str, module: Lookup) -> List[Tuple[ModuleFacts, str]]:
    """The defs a module-level list constant `pkg.mod.TOOLS` holds; [] when it is not one,
    or not read whole (a list of which we would derive only some is no less a guess)."""
    name, _, rest = qualified.rpartition(".")
    facts = module(name) if name else None
    value = dict(facts.constants).get(rest) if facts is not None else None
    if not isinstance(value, ListVal) or not value.complete:
        return []
    out: List[Tuple[ModuleFacts, str]] = []
    for item in value.items:
        target = f"{facts.module}.{item.target}" if isinstance(item, Symbol) else (
            f"{item.module}.{item.name}" if isinstance(item, Ref) else None)
        found = function_def(target, module, 0) if target else None
        if found is None:
            return []
        out.append(found)
    return out


def function_def(qualified: str, module: Lookup, hops: int) -> Optional[Tuple[ModuleFacts, str]]:
    """(facts of the defining module, the def's name) of a module-level function named as
    `pkg.mod.fn`, through re-exports (`from .tools import fn` in `pkg/__init__.py`)."""
    if hops > _MAX_HOPS:
        return None  # an import cycle
    qualified, bound, method = qualified.partition(BOUND)
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        facts = module(".".join(parts[:cut]))
        if facts is None:
            continue
        rest = parts[cut:]
        if bound:  # a method of an instance of the class `rest[0]`
            if len(rest) == 1 and f"{rest[0]}.{method}" in dict(facts.functions):
                return facts, f"{rest[0]}.{method}"
            source = imported_as(facts, rest[0]) if len(rest) == 1 else None
            return function_def(".".join(p for p in source if p) + BOUND + method, module, hops + 1) \
                if source is not None and source[1] else None
        if len(rest) == 1 and rest[0] in dict(facts.functions):
            return facts, rest[0]
        made = dict(facts.constants).get(rest[0]) if len(rest) == 2 else None
        if isinstance(made, CallVal) and "." not in made.func and made.func[:1].isupper():
            # `orders = OrderService()` there, `orders.cancel` handed over here
            return function_def(f"{facts.module}.{made.func}{BOUND}{rest[1]}", module, hops + 1)
        source = imported_as(facts, rest[0])
        if source is not None:
            target = ".".join(p for p in [source[0], source[1]] + rest[1:] if p)
            return function_def(target, module, hops + 1) if target != qualified else None
        return None
    return None


def model_schema(tool: Tool, facts_at: Lookup, models) -> Tool:
    """A tool whose schema is its arguments model's (autogen's BaseTool subclasses): the
    model's model_json_schema() as BaseTool.schema reduces it, or unresolved."""
    call = tool.schema
    if not isinstance(call, CallVal) or tool.framework != "autogen":
        return tool  # the other frameworks' model schemas: pydantic_values, model_params
    got = schema_call(call, facts_at, models)
    if not isinstance(got, DictVal):
        return replace(tool, schema=got if got is not None else Unresolved(
            f"the schema comes from {call.func.rpartition('.')[0]}, which is not a model the project defines", call.span))
    if got.has("$defs"):  # BaseTool inlines nested models with jsonref: not derived here
        return replace(tool, schema=Unresolved("the arguments model nests other models", call.span))
    where = got.span
    kept = [(Const("type", where), Const("object", where)),
            (Const("properties", where), got.get("properties") or DictVal((), where)),
            (Const("required", where), got.get("required") or ListVal((), where)),
            (Const("additionalProperties", where), got.get("additionalProperties") or Const(False, where))]
    return replace(tool, schema=DictVal(tuple(kept), where, got.complete))
