"""Tools and what surrounds them in one module: the facts extraction keeps per file."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Tuple

if TYPE_CHECKING:
    from toollint.model.classes import ModelClass
    from toollint.model.project import Finding

from toollint.model.values import CallVal, Span, Str, Unresolved, Value


@dataclass(frozen=True)
class Param:
    name: str
    span: Span
    kind: str  # "positional", "keyword_only", "var_positional", "var_keyword"
    has_default: bool = False
    default: Optional[Value] = None
    annotation: Optional[str] = None  # source text of the annotation
    nullable: bool = False  # `X | None`, `Optional[X]`, `None` default aside
    guarded: bool = False  # the body rejects it when falsy at once: `if not x: return error`


@dataclass(frozen=True)
class ArgRead:
    """A read of the arguments dict inside a handler that takes one: `args["k"]`, `args.get("k", d)`."""

    key: str
    span: Span
    optional: bool  # read with .get(): the handler copes without it
    has_default: bool = False  # .get(key, default)
    default: Optional[Value] = None


@dataclass(frozen=True)
class FunctionSig:
    name: str
    qualname: str
    span: Span  # the function's name
    params: Tuple[Param, ...]
    docstring: Optional[Str] = None
    is_lambda: bool = False
    arg_reads: Tuple[ArgRead, ...] = ()
    param_reads: Tuple[Tuple[str, Tuple[ArgRead, ...]], ...] = ()  # `arguments: dict` beside others

    def tool_params(self) -> Tuple[Param, ...]:
        """Parameters a caller passes by keyword (self/cls and *args excluded)."""
        return tuple(p for i, p in enumerate(self.params) if p.kind in ("positional", "keyword_only")
                     and not (i == 0 and p.name in ("self", "cls") and p.kind == "positional"))

    @property
    def accepts_any_keyword(self) -> bool:
        return any(p.kind == "var_keyword" for p in self.params)


@dataclass(frozen=True)
class Tool:
    name: Str
    span: Span  # the whole definition
    shape: str  # anthropic | openai-chat | openai-responses | mcp | decorated
    description: Optional[Str] = None  # None: no description key at all
    schema: Optional[Value] = None  # the input schema; None: no schema key
    strict: Optional[bool] = None
    framework: Optional[str] = None  # for decorated tools: mcp, fastmcp, langchain, ...
    function: Optional[FunctionSig] = None  # the decorated function
    registry: Optional[str] = None  # the variable the definition was found under
    name_expr: Optional[str] = None  # the expression the name comes from, when it is not static
    owner: Optional[str] = None  # "path:scope:object" it is registered on (extract/owners.py); TL302


@dataclass(frozen=True)
class HandlerEntry:
    key: Str  # the tool name the dispatch dict maps
    target: str  # dotted reference as written: "search_orders", "crm.search", "<lambda>"
    span: Span  # the value expression
    function: Optional[FunctionSig] = None  # resolved `def`, when static evaluation saw it


@dataclass(frozen=True)
class Category:
    name: Str
    members: Tuple[Str, ...]
    complete: bool = True


@dataclass(frozen=True)
class Registry:
    """One module-level collection: definitions, handlers, categories or always-offered."""

    kind: str  # "definitions" | "handlers" | "categories" | "always"
    name: str  # the variable name, e.g. TOOL_DEFINITIONS
    span: Span
    complete: bool = True
    tools: Tuple[Tool, ...] = ()
    handlers: Tuple[HandlerEntry, ...] = ()
    categories: Tuple[Category, ...] = ()
    members: Tuple[Str, ...] = ()  # for "always"
    unresolved: Tuple["Unresolved", ...] = ()  # entries static evaluation could not see, and why
    alone: bool = False  # a module constant never put in a list: the turn that sends it is not seen


@dataclass(frozen=True)
class RegistryDecl:
    """A module-level assignment to a configured registry name, before linking interprets it."""

    kind: str  # definitions | handlers | categories | always | loose | maybe-handlers | maybe-categories
    name: str
    value: Value
    span: Span  # the assignment target
    function: Optional[FunctionSig] = None  # for a tool declared on a function or class
    alone: bool = False  # a module-level constant, one tool of its own


@dataclass(frozen=True)
class PendingTool:
    """A tool declared through an object another module creates (`from .server import mcp`,
    then `@mcp.tool()` or `mcp.add_tool(fn)`): the object's class, and so the framework
    that derives the tool, is known only when linking reads that module."""

    owner: str  # the object, qualified: "pkg.server.mcp"
    span: Span  # the decorator or call that declares the tool
    candidates: Tuple[Tool, ...]  # the tool as each framework with that method derives it
    instance: bool = False  # owner is a class: the object is an instance of it made here (frameworks/subclasses.py)


@dataclass(frozen=True)
class RefTool:
    """A function another project module defines, handed to a framework here (`from
    app.tools import search`, then `Agent(tools=[search])`): only linking can read its def,
    so the tool is derived then (toollint/link/byref.py), as the framework would here."""

    target: str  # the function, qualified as this module imports it: "app.tools.search"
    framework: str  # Framework.name
    method: str  # Use.method
    span: Span  # where the tool is made: the call, or the item of the list
    params: Tuple[str, ...] = ()  # Use.params
    args: Optional[Tuple[Tuple[str, Value], ...]] = None  # the call's arguments evaluated here; None: no call
    registry: Optional[str] = None  # Tool.registry
    of_object: bool = False  # target is an object that module makes (an agent handed off to), not a function


# RefTool.framework of a def decorated by another module's wrapper (extract/wrappers.py); PendingTool.owner
# of a tool on a function's parameter, "<param>register:0:mcp": its callers hand the server (extract/passed.py), maybe a def's own
WRAPPED, PARAM, LOCAL = "<wrapped>", "<param>", "<local>"
# in RefTool.target: "app.svc.OrderService#cancel", a method of an instance of the class; "app.agents.build()", what it returns
BOUND, CALLED = "#", "()"


@dataclass(frozen=True)
class Registration:
    """What one module hands to agents, servers and tool lists (TL308; extract/registration.py)."""

    builds: Tuple[Tuple[str, int], ...] = ()  # (callee as written, line) of each call handed tools
    names: Tuple[Tuple[str, str], ...] = ()  # (module, name) of the functions passed; "" = this module
    opaque: Tuple[Tuple[str, str], ...] = ()  # what may hold any tool: a callee (module, name), ("", "")
    used: Tuple[str, ...] = ()  # local names (and `mod.attr`) the module uses in a way not read
    offers: Tuple[Tuple[Tuple[str, str], ...], ...] = ()  # each tools= list's items (extract/offers.py)


@dataclass(frozen=True)
class ModuleFacts:
    """Everything extraction learned from one file."""

    path: str
    module: str  # dotted module name relative to the project root ("" when unknown)
    registries: Tuple[RegistryDecl, ...] = ()
    decorated: Tuple[Tool, ...] = ()  # tools a framework derives from a function: decorated or registered
    pending: Tuple[PendingTool, ...] = ()  # such tools whose server or agent another module creates
    by_reference: Tuple[RefTool, ...] = ()  # functions of other modules a framework makes tools of here
    servers: Tuple[Tuple[str, str], ...] = ()  # (name, framework): servers, agents, their classes (frameworks/subclasses.py)
    server_args: Tuple[Tuple[str, int, str, str], ...] = ()  # names handed to project functions (extract/passed.py)
    loose_tools: Tuple[Tool, ...] = ()  # definitions found by shape outside any registry
    functions: Tuple[Tuple[str, FunctionSig], ...] = ()  # module-level defs and Class.method
    imports: Tuple[Tuple[str, str, str], ...] = ()  # (local name, module, attribute or "")
    constants: Tuple[Tuple[str, Value], ...] = ()  # module-level names other modules may import
    factories: Tuple[Tuple[str, "CallVal"], ...] = ()  # defs that return one object they make (extract/factories.py)
    forced_tools: Tuple[str, ...] = ()  # tool names forced with tool_choice
    turns: Tuple[Tuple[str, bool], ...] = ()  # (module.list, whole): lists sent one tool at a time (extract/onebyone.py)
    comments: Tuple[Tuple[int, int, str, bool], ...] = ()  # (line, col, text, own line) of noqa comments
    error: Optional["Finding"] = None  # TL001 when the file could not be read or parsed
    internal_error: Optional[str] = None  # the traceback of a bug of ours, for --verbose
    registration: Optional[Registration] = None  # None: hands no tools over, uses none elsewhere
    models: Tuple["ModelClass", ...] = ()  # classes that may be pydantic models, TypedDicts, Enums
    classes: Tuple[Any, ...] = ()  # toollint.classfacts.ClassFacts: each module-level class, for subclasses elsewhere

