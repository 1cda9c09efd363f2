"""Which framework an expression declares a tool for (`@mcp.tool()`, `@tool`,
`agent.tool_plain`), and the tool a def's decorators declare.

Reads the registry's tables, never a framework's name.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Mapping, Optional, Sequence, Tuple, Union

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.extract.owners import decorator_object, owner as owner_key
from toollint.frameworks.annotations import last_name
from toollint.frameworks.args import qualified
from toollint.frameworks.base import Context, Framework, ListCall, Use
from toollint.frameworks.custom import CUSTOM
from toollint.frameworks.registry import CLASSES, FRAMEWORKS, FUNCTIONS, LIST_CALLS, METHODS
from toollint.frameworks.subclasses import Instance, instance_of
from toollint.model import FunctionSig, PendingTool, Tool

Imports = Mapping[str, Tuple[str, str]]
Local = Mapping[str, Framework]


def instance_class(name: str, imports: Imports, names: Mapping[str, cst.BaseExpression]) -> Optional[str]:
    """The qualified class of a module-level `name = Class(...)`."""
    value = names.get(name)
    if not isinstance(value, cst.Call):
        return None
    func = value.func
    if isinstance(func, cst.Subscript):  # Agent[Deps, str](...)
        func = func.value
    return qualified(func, imports)


def instance_framework(name: str, imports: Imports, names: Mapping[str, cst.BaseExpression]) -> Optional[Framework]:
    return CLASSES.get(instance_class(name, imports, names) or "")


# methods some class's object takes a list of functions with (`ollama.Client.chat`)
_OBJECT_LISTS = frozenset(q.rpartition(".")[2] for q in LIST_CALLS if q.rpartition(".")[0].rpartition(".")[2][:1].isupper())


def list_call(func: cst.BaseExpression, imports: Imports,
              names: Callable[[], Mapping[str, cst.BaseExpression]]) -> Optional[Tuple[Framework, ListCall]]:
    """The listing call a callee is: by its qualified name (`create_react_agent`), a method of
    any object (`.bind_tools`), or a method of an object of a known class, made in place
    (`Client().chat`) or bound to a name once (`client = Client()`; `names`: the module's and
    the enclosing functions' bindings, read only for such a method)."""
    full = qualified(func, imports) if isinstance(func, (cst.Name, cst.Attribute)) else None
    found = LIST_CALLS.get(full or "")
    if found is not None or not isinstance(func, cst.Attribute):
        return found
    method = func.attr.value
    found = LIST_CALLS.get("." + method)
    if found is not None or method not in _OBJECT_LISTS:
        return found
    receiver = func.value
    if isinstance(receiver, cst.Call):
        made = receiver.func.value if isinstance(receiver.func, cst.Subscript) else receiver.func
        cls = qualified(made, imports) if isinstance(made, (cst.Name, cst.Attribute)) else None
    else:
        cls = instance_class(receiver.value, imports, names()) if isinstance(receiver, cst.Name) else None
    return LIST_CALLS.get(f"{cls}.{method}") if cls else None


def call_framework(call: cst.BaseExpression, imports: Imports) -> Optional[Framework]:
    """The framework of the object `Class(...)` makes, when Class is one we know; an
    Instance when Class is imported from elsewhere (a project's subclass, if linking says so)."""
    if not isinstance(call, cst.Call):
        return None
    func = call.func.value if isinstance(call.func, cst.Subscript) else call.func
    full = qualified(func, imports)
    return CLASSES.get(full or "") or (instance_of(full) if full and "." in full else None)


def declares(framework: Framework, method: str, bare: bool) -> bool:
    """Whether `x.method` (bare: without a call) on the framework's object declares a tool."""
    return method in framework.methods and (not bare or framework.bare)


def recognise_expr(expr: cst.BaseExpression, imports: Imports, names: Mapping[str, cst.BaseExpression],
                   extra: Sequence[str] = (), local: Local = {}) -> Optional[Use]:
    """The framework a decorator expression declares a tool for, or None.

    `local` maps names bound inside a function (a parameter `mcp: FastMCP`, a variable
    `agent = Agent(...)`) to the framework of their object."""
    call = expr if isinstance(expr, cst.Call) else None
    target = call.func if call is not None else expr
    written = dotted(target)
    if written is None:
        return None
    full = qualified(target, imports)
    if full in FUNCTIONS and written.partition(".")[0] not in local:
        return Use(FUNCTIONS[full], call)
    owner, _, method = written.rpartition(".")
    custom = any(name in (written, full) or ("." not in name and method == name) for name in extra)
    if owner:
        framework = local.get(owner)
        if framework is None and "." not in owner and owner not in imports:
            framework = call_framework(names.get(owner), imports)  # a module-level `owner = Class(...)`
        # an object of an imported class yields to the project's own decorator (`decorators = ["tool"]`)
        if framework is not None and declares(framework, method, call is None) \
                and not (custom and isinstance(framework, Instance)):
            return Use(framework, call, method)
    return Use(CUSTOM, call) if custom else None


def imported_owner(expr: cst.BaseExpression, imports: Imports,
                   local: Local = {}) -> Optional[Tuple[str, str, bool, Optional[cst.Call]]]:
    """(qualified owner, method, bare, call) for `@x.tool...` / `x.add_tool(...)` where x
    comes from an import: which framework it is, only linking can tell."""
    call = expr if isinstance(expr, cst.Call) else None
    written = dotted(call.func if call is not None else expr)
    if written is None:
        return None
    owner, _, method = written.rpartition(".")
    if not owner or owner.partition(".")[0] in local or method not in METHODS:
        return None
    head, _, rest = owner.partition(".")
    if head not in imports:
        return None
    module, attr = imports[head]
    return ".".join(p for p in (module, attr, rest) if p), method, call is None, call


def declared_tool(node: cst.FunctionDef, sig: FunctionSig, ctx: Context, local: Local,
                  in_class: bool, scopes: Sequence = ()) -> Union[Tool, PendingTool, None]:
    """The tool a def's decorators declare; pending when the decorator is a method of an
    imported object, whose framework only linking can tell (`in_class`: a method's def;
    `scopes`: the enclosing functions' scopes, for Tool.owner)."""
    names = {last_name(d.decorator) for d in node.decorators}
    if in_class and "classmethod" in names:
        return None  # a classmethod object is no function: every framework rejects it
    mode = "method" if in_class and "staticmethod" not in names else "function"
    for decorator in node.decorators:
        use = recognise_expr(decorator.decorator, ctx.imports, ctx.names, ctx.extra, local)
        if use is not None:
            if mode == "method" and not use.framework.in_class:
                return None
            tool = use.framework.derive(node, sig, use, ctx, mode)
            key = owner_key(ctx.span_of(node).path, scopes, decorator_object(decorator.decorator, use.method) or "")
            if isinstance(tool, PendingTool):  # on an instance of another module's class (frameworks/subclasses.py)
                return replace(tool, candidates=tuple(replace(t, owner=key) for t in tool.candidates))
            return replace(tool, owner=key) if isinstance(tool, Tool) and tool.owner is None else tool
        owner = imported_owner(decorator.decorator, ctx.imports, local)
        if owner is not None:
            qualified_owner, method, bare, call = owner
            candidates = []
            for framework in FRAMEWORKS:
                if declares(framework, method, bare) and not (mode == "method" and not framework.in_class):
                    tool = framework.derive(node, sig, Use(framework, call, method), ctx, mode)
                    if tool is not None:
                        candidates.append(tool)
            if candidates:
                return PendingTool(qualified_owner, ctx.span_of(decorator.decorator), tuple(candidates))
            return None
    return None
