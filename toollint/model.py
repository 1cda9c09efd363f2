"""The typed model every rule reads: small frozen, picklable dataclasses, no libcst objects.

Extraction makes these, linking joins them, rules read only these; 1-based lines and columns.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, FrozenSet, Iterator, Mapping, Optional, Set, Tuple, Union


@dataclass(frozen=True)
class Span:
    path: str
    line: int
    col: int
    end_line: int
    end_col: int


# --- statically evaluated values -------------------------------------------------------
# A value is what static evaluation could see of an expression. `Unresolved` means "not a
# literal: unknown", never "missing"; rules must not claim anything about it.


@dataclass(frozen=True)
class Const:
    """str, int, float, bool or None."""

    value: Union[str, int, float, bool, None]
    span: Span


@dataclass(frozen=True)
class DictVal:
    entries: Tuple[Tuple["Value", "Value"], ...]
    span: Span
    complete: bool = True  # False when a `**spread` or a key could not be evaluated
    # the class (pydantic model, TypedDict) whose derived schema this object is, "" for none
    model: str = ""

    def get(self, key: str) -> Optional["Value"]:
        found = None
        for k, v in self.entries:
            if isinstance(k, Const) and k.value == key:
                found = v  # later keys win, as in Python
        return found

    def key_node(self, key: str) -> Optional["Value"]:
        found = None
        for k, _ in self.entries:
            if isinstance(k, Const) and k.value == key:
                found = k
        return found

    def has(self, key: str) -> bool:
        return self.get(key) is not None

    def str_keys(self) -> Iterator[str]:
        for k, _ in self.entries:
            if isinstance(k, Const) and isinstance(k.value, str):
                yield k.value


@dataclass(frozen=True)
class ListVal:
    """list, tuple or set."""

    items: Tuple["Value", ...]
    span: Span
    complete: bool = True  # False when an item or a `*spread` could not be evaluated


@dataclass(frozen=True)
class Unresolved:
    reason: str
    span: Span
    # `DETAILED if verbose else SHORT`: the strings it may be, each where it is written
    choices: Tuple["Const", ...] = ()
    text: str = ""  # a string template as written (`f"{namespace}-read"`), which messages quote


@dataclass(frozen=True)
class Ref:
    """A name imported from another module: `from .defs import TOOLS` -> Ref('pkg.defs', 'TOOLS').

    Only extraction creates it and only linking removes it: it never reaches a rule.
    """

    module: str
    name: str
    span: Span
    spread: bool = False  # `*OTHER` / `OTHER + ...` inside a list: splice the items in


@dataclass(frozen=True)
class Symbol:
    """A name that is not a constant: a def, a lambda, a class, an attribute of an import.

    Handler dicts map tool names to these; `function` is set when the `def` (or lambda)
    is known.
    """

    target: str  # dotted, as written: "search_orders", "crm.search", "<lambda>"
    span: Span
    function: Optional["FunctionSig"] = None


@dataclass(frozen=True)
class CallVal:
    """A call of something other than dict(): `Tool(name=..., ...)`, `FunctionTool.from_defaults(fn=f)`."""

    func: str  # dotted callee as written
    args: Tuple["Value", ...]
    kwargs: Tuple[Tuple[str, "Value"], ...]
    span: Span
    complete: bool = True  # False with *args / **kwargs spreads

    def kwarg(self, key: str) -> Optional["Value"]:
        for k, v in self.kwargs:
            if k == key:
                return v
        return None


Value = Union[Const, DictVal, ListVal, Unresolved, Ref, Symbol, CallVal]


def is_complete(value: Optional[Value]) -> bool:
    """True when the whole value, recursively, is known."""
    if value is None or isinstance(value, Const):
        return True
    if isinstance(value, DictVal):
        return value.complete and all(is_complete(k) and is_complete(v) for k, v in value.entries)
    if isinstance(value, ListVal):
        return value.complete and all(is_complete(i) for i in value.items)
    return False


class _UnresolvedMarker:
    def __repr__(self) -> str:
        return "<unresolved>"


UNRESOLVED = _UnresolvedMarker()


def to_python(value: Optional[Value]) -> Any:
    """Plain JSON-like data; unknown parts become the UNRESOLVED marker."""
    if value is None:
        return None
    if isinstance(value, Const):
        return value.value
    if isinstance(value, DictVal):
        out = {}
        for k, v in value.entries:
            if isinstance(k, Const) and isinstance(k.value, str):
                out[k.value] = to_python(v)
        return out
    if isinstance(value, ListVal):
        return [to_python(i) for i in value.items]
    return UNRESOLVED


def str_value(value: Optional[Value]) -> Optional[str]:
    return value.value if isinstance(value, Const) and isinstance(value.value, str) else None


# --- tools and what surrounds them -----------------------------------------------------


@dataclass(frozen=True)
class Str:
    """A string the linter reports about. value None means "not a literal: unknown"."""

    value: Optional[str]
    span: Span
    choices: Tuple["Str", ...] = ()  # value None, chosen by a conditional among these literals


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


# --- the linked project: what linking (toollint/link) builds and every rule reads ------------


@dataclass(frozen=True)
class Group:
    """The registries one agent offers: those of one module, and of modules importing each other."""

    key: str
    definitions: Tuple[Registry, ...] = ()
    handlers: Tuple[Registry, ...] = ()
    categories: Tuple[Registry, ...] = ()
    always: Tuple[Registry, ...] = ()
    decorated: Tuple[Tool, ...] = ()
    offers: Tuple[Tuple[int, ...], ...] = ()  # the lists offering its tools together, by index into tools

    @property
    def tools(self) -> Tuple[Tool, ...]:
        return tuple(t for r in self.definitions for t in r.tools) + self.decorated

    @property
    def definitions_complete(self) -> bool:
        return bool(self.definitions or self.decorated) and all(r.complete for r in self.definitions) and all(
            t.name.value is not None for t in self.tools
        )

    @property
    def defined_names(self) -> Set[str]:
        return {t.name.value for t in self.tools if t.name.value is not None}

    @property
    def paths(self) -> Set[str]:
        out = {r.span.path for r in self.registries()}
        out.update(t.span.path for t in self.decorated)
        return out

    def registries(self) -> Tuple[Registry, ...]:
        return self.definitions + self.handlers + self.categories + self.always


@dataclass(frozen=True)
class Mention:
    """A parameter name a description or docstring refers to (toollint/link/mentions.py)."""

    name: str
    offset: int  # in the text's value
    # "entry" (of a parameter section), "noun" ("the `x` parameter"), "field", "assign" (`x=true`), "bare"
    kind: str


@dataclass(frozen=True)
class Wiring:
    """How decorated tools reach the agents and tool lists the project builds (TL308),
    resolved across modules by linking (toollint/link/wiring.py)."""

    builders: Tuple[str, ...] = ()  # paths of the modules that hand tools to an agent or list
    registered: FrozenSet[Tuple[str, str]] = frozenset()  # (path, function) handed over
    open: FrozenSet[str] = frozenset()  # builders that hand over something unreadable
    agents: Mapping[str, Tuple[str, ...]] = field(default_factory=dict)  # path -> builders reaching it
    users: Mapping[Tuple[str, str], Tuple[str, ...]] = field(default_factory=dict)  # (module, function) -> users

    def users_of(self, module: str, function: str) -> Tuple[str, ...]:
        """The modules that use that function of that module in a way extraction does not read."""
        return self.users.get((module, function), ())


@dataclass(frozen=True)
class Project:
    """Every module's facts joined: the groups, and what rules ask of the whole project."""

    modules: Mapping[str, ModuleFacts]  # path -> facts; read-only
    groups: Tuple[Group, ...]
    all_definitions_complete: bool = True  # every group that defines tools is fully known
    all_names: FrozenSet[str] = frozenset()  # every tool name defined anywhere
    forced_tools: FrozenSet[str] = frozenset()  # tool names forced with tool_choice
    # tool, property and function names anywhere: a backticked word naming one is the project's (TL108)
    vocabulary: FrozenSet[str] = frozenset()
    # the parameter names each tool's description and docstring refer to, by text (TL108)
    mentions: Mapping[Str, Tuple[Mention, ...]] = field(default_factory=dict)
    wiring: Wiring = field(default_factory=Wiring)

    def all_tools(self) -> Tuple[Tool, ...]:
        return tuple(t for g in self.groups for t in g.tools)


# --- findings --------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    code: str  # "TL101"
    name: str  # "missing-description"
    message: str
    span: Span
    noqa_line: int = 0  # the last line of the reported expression: a noqa there suppresses
    fix: Optional[Any] = None  # a toollint.fix.Fix, when the rule knows the one mechanical repair

    def sort_key(self) -> Tuple[str, int, int, str, str]:
        return (self.span.path, self.span.line, self.span.col, self.code, self.message)


# --- classes a framework may turn into a schema (issue 16; extract/models.py) ------------


@dataclass(frozen=True)
class TypeExpr:
    """An annotation as a small tree: `Optional[list[Item]]`, `int | None`, `Literal["a"]`.

    Names are dotted and resolved through the module's imports ("typing.Optional",
    "pkg.models.Item"); builtins stay bare ("str"); classes of the same module are
    qualified with it.
    """

    kind: str  # "name" | "subscript" | "union" (X | Y) | "literal" (a constant) | "call" | "other"
    name: str = ""  # for name, subscript and call
    args: Tuple["TypeExpr", ...] = ()  # subscript arguments, union members, call positionals
    value: Optional[Value] = None  # for literal
    keywords: Tuple[Tuple[str, Value], ...] = ()  # for call: `Field(gt=0)` inside Annotated
    text: str = ""  # source, for messages


@dataclass(frozen=True)
class ModelField:
    """One annotated class attribute (or an Enum member, then annotation is None)."""

    name: str
    span: Span
    annotation: Optional[TypeExpr]
    has_default: bool = False  # `= value` or Field(value) / Field(default=...), not `...`
    default: Optional[Value] = None
    field: Optional[Tuple[Tuple[str, Value], ...]] = None  # `= Field(...)`'s arguments (default included)
    default_factory: bool = False


@dataclass(frozen=True)
class ModelClass:
    """A module-level class that may be a pydantic model, a TypedDict or an Enum."""

    name: str
    module: str
    span: Span  # the class name
    bases: Tuple[str, ...]  # dotted, resolved like annotations
    keywords: Tuple[Tuple[str, Value], ...] = ()  # `class M(BaseModel, extra="forbid")`, `total=False`
    docstring: Optional[Str] = None
    fields: Tuple[ModelField, ...] = ()
    config: Tuple[Tuple[str, Value], ...] = ()  # model_config = ConfigDict(...) / v1 `class Config`
    unresolved: Tuple[str, ...] = ()  # features not modelled: any of them leaves the schema unknown
