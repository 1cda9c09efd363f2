"""The interface every framework module implements, and what its hooks are given.

A framework is a `Framework` subclass (one per module of toollint.frameworks, listed in
toollint.frameworks.registry): class attributes say how code declares its tools (import
paths, methods, wrapping calls), hook methods say what it sends for them. The defaults
are those of a pydantic-built schema, what most frameworks send; a framework overrides
only where it differs. The scan (toollint.extract.decorated) reads these and never
branches on a framework's name.
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from typing import Callable, FrozenSet, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted
from toollint.frameworks.args import str_arg
from toollint.frameworks.derive import function_tool
from toollint.frameworks.docstrings import ParamDocs
from toollint.model import CallVal, Const, DictVal, FunctionSig, Param, RefTool, Span, Str, Tool, Unresolved, Value

# Annotations of parameters a framework fills in itself, never the model.
_INJECTED = re.compile(r"\b(?:Injected\w*|ToolRuntime|RunnableConfig|\w*Context|RunContextWrapper|CallbackManager\w*)\b")


@dataclass
class Use:
    """One recognised declaration: the framework and the arguments of the call, if any.

    `params` names the call's positional parameters in order, so that `kwarg` finds an
    argument however it was passed (`from_function(fn, "name")`); a decorator has none.
    """

    framework: "Framework"
    call: Optional[cst.Call]
    method: str = ""
    params: Tuple[str, ...] = ()

    def first_kwarg(self, names: Sequence[str]) -> Optional[cst.BaseExpression]:
        """The first of `names` the call passes (a factory's function under any of its spellings)."""
        return next((e for e in map(self.kwarg, names) if e is not None), None)

    def kwarg(self, name: str) -> Optional[cst.BaseExpression]:
        if self.call is not None:
            for arg in self.call.args:
                if arg.keyword is not None and arg.keyword.value == name:
                    return arg.value
            if name in self.params:
                return self.positional(self.params.index(name))
        return None

    def positional(self, index: int) -> Optional[cst.BaseExpression]:
        if self.call is None:
            return None
        plain = [a.value for a in self.call.args if a.keyword is None and not a.star]
        return plain[index] if index < len(plain) else None


@dataclass
class Context:
    """What every derivation in one module reads."""

    imports: Mapping[str, Tuple[str, str]]
    names: Mapping[str, cst.BaseExpression]
    span_of: Callable[[cst.CSTNode], Span]
    evaluator: Evaluator
    extra: Sequence[str] = ()
    wrappers: Mapping[str, "Use"] = field(default_factory=dict)  # project decorators wrapping a framework's
    # gives a node made from the source (extract/factorydeco.py) the position of the node it stands for
    place: Optional[Callable[[cst.CSTNode, cst.CSTNode], None]] = None
    classes: Mapping[str, cst.ClassDef] = field(default_factory=dict)  # the module's top-level classes, by name

    def with_locals(self, scopes: Sequence) -> "Context":
        """This context, its names also those the enclosing functions bind (agents_locals.py)."""
        from toollint.frameworks.agents_locals import with_locals

        return with_locals(self, scopes)


@dataclass(frozen=True)
class Factory:
    """A call that wraps a function into a tool (`StructuredTool.from_function(fn)`)."""

    params: Tuple[str, ...]  # the call's parameters, in order
    functions: Tuple[str, ...]  # those that may hold the function
    method: Optional[str] = None  # what Use.method says; None: the callee's last name
    requires: Optional[str] = None  # a keyword without which the call makes no tool


@dataclass(frozen=True)
class ListCall:
    """A call handed a list of functions, each of which it makes a tool (`llm.bind_tools([fn])`)."""

    position: int  # where the list goes positionally; `tools=` always names it
    method: str  # what Use.method says: how the framework derives each of them


class Framework:
    """One framework: how code declares its tools, and the schema it sends for them."""

    name = ""  # Tool.framework
    # --- recognising a declaration
    functions: Tuple[str, ...] = ()  # decorator functions, by qualified name
    classes: Tuple[str, ...] = ()  # classes whose instances' `methods` declare tools
    methods: FrozenSet[str] = frozenset()
    subclassed = False  # a project's subclass of one of `classes` declares tools as they do (frameworks/subclasses.py)
    bare = False  # whether `@x.tool` without a call works
    adders: Mapping[str, Tuple[str, ...]] = {}  # methods taking the function: parameter order
    any_owner: FrozenSet[str] = frozenset()  # adders so distinctive that any object's is the framework's
    factories: Mapping[str, Factory] = {}  # qualified callee -> the wrapping call
    list_calls: Mapping[str, ListCall] = {}  # qualified callee, or ".method" of any object -> the listing call
    tool_list: Optional[str] = None  # the constructors' keyword that lists functions (`Agent(tools=[fn])`)
    # what an item of that list may be; a call too where the framework reads one there (listed_model:
    # ADK's `AgentTool(agent=a)` is a tool only in an agent's list, not run by hand)
    list_items: Tuple[type, ...] = (cst.Name, cst.Attribute)
    listing: FrozenSet[str] = frozenset()  # classes whose first argument is that list
    list_method = ""  # the method a listed function is declared with
    live_list = False  # `obj.<tool_list>` is the list the object sends: `agent.functions.append(fn)` adds a tool
    object_lists: Tuple[str, ...] = ()  # constructors' keywords whose items are tools by themselves (`handoffs=`)
    live_objects = True  # `obj.<object_lists keyword>.append(x)` adds one (the Agents SDK reads handoffs each turn)
    # base classes whose subclasses are such objects: `self.register(self.f)`, `super().__init__(tools=[...])`
    toolkits: Tuple[str, ...] = ()
    by_name = False  # a toolkit keeps its tools by name: registering a name again replaces the tool
    tool_classes: Tuple[str, ...] = ()  # bases whose subclasses are tools (`class_tool`)
    in_class = True  # a decorator in a class body makes a tool of the plain function (with self)
    marks = False  # its own decorator marks a function that add_tool then takes with its options
    opaque_named = False  # `tool(name=..., description=...)` sends those whatever function it wraps
    # --- deriving the schema
    style = "pydantic"  # how a type is spelled (toollint.frameworks.render)
    closed = False  # additionalProperties: false at the top level
    positional_name = False  # `@tool("name")`: the first positional argument is the name
    dropped: FrozenSet[str] = frozenset()  # parameters dropped by name
    unannotated: Optional[str] = None  # the type of an unannotated parameter, if it has one
    string_descriptions = False  # Annotated[str, "description"] describes the parameter
    field_is_default = False  # `= Field(description=...)` makes the parameter optional, default or not

    def derive(self, node: cst.FunctionDef, sig: FunctionSig, use: Use, ctx: Context, mode: str) -> Optional[Tool]:
        return function_tool(node, sig, use, ctx, mode)

    def call_tool(self, use: Use, ctx: Context) -> Optional[Tool]:
        """The tool a wrapping call makes by itself, whatever the function; None: derive it."""
        return None

    def listed_tool(self, expr: cst.BaseExpression, ctx: Context) -> Optional[Tool]:
        """The tool an item of an `object_lists` keyword is (`handoffs=[billing_agent]`); None: none."""
        return None

    def opaque_tool(self, use: Use, ctx: Context, made: cst.Call) -> Optional[Tool]:
        """The tool a wrapping call makes of a function made at run time (`mcp.tool(name=...,
        description=...)(instrumented(handler, Args))`: held-out round 115, M2, 28 tools unseen),
        when the call itself names and describes it; what the function takes is unknown. Only
        for frameworks whose call options are exactly those (`opaque_named`)."""
        if not self.opaque_named or use.call is None:
            return None
        given = use.kwarg("name") or (use.positional(0) if self.positional_name else None)
        name, description = str_arg(given, ctx.evaluator), str_arg(use.kwarg("description"), ctx.evaluator)
        if name is None or name.value is None or description is None:
            return None
        where = ctx.span_of(made)
        callee = dotted(made.func) or "a call"
        return Tool(name=name, span=where, shape="decorated", description=description, framework=self.name,
                    schema=Unresolved(f"the function is what {callee}() makes at run time", where))

    def shows(self, call: cst.Call, keyword: str, ctx: Context) -> bool:
        """Whether the model is shown the items of the constructor's `keyword` list at all."""
        return True

    def listed_model(self, item: cst.BaseExpression, ctx: Context, method: str) -> Optional[Tool]:
        """The tool a list item that is no function of the module makes (a model class); None: none."""
        return None

    def object_tool(self, ref: RefTool, made: Optional[Tuple[str, CallVal]]) -> Optional[Tool]:
        """The tool of a RefTool naming an object another module makes (`of_object`), given
        (qualified class, call) of that module's binding of it, if linking found one."""
        return None

    def class_tool(self, node: cst.ClassDef, init: cst.Call, ctx: Context) -> Optional[Tool]:
        """The tool a subclass of one of `tool_classes` is, given its `super().__init__(...)`."""
        return None

    def strict(self, use: Use, evaluator: Evaluator) -> Optional[bool]:
        return None

    def tool_method(self, use: Use, evaluator: Evaluator) -> str:
        """The method the tool is declared with, where the call leaves it open."""
        return use.method

    def rejects(self, use: Use, sig: FunctionSig, params: Sequence[Param], evaluator: Evaluator) -> bool:
        """Whether the framework raises instead of making the tool."""
        return False

    def read_docstring(self, use: Use, sig: FunctionSig, evaluator: Evaluator) -> Tuple[Optional[str], ParamDocs, int]:
        """(description text, parameter docs, how many lines the docs' numbering is off the literal's)."""
        raw = sig.docstring.value if sig.docstring is not None else None
        if raw is None:
            return None, {}, 0
        text, docs = self.describe(use, raw, inspect.cleandoc(raw), evaluator)
        return text, docs, clean_offset(raw) if raw else 0

    def closes(self, evaluator: Evaluator) -> bool:
        """Whether the schema gets `additionalProperties: false` (`closed`, or per version)."""
        return self.closed

    def describe(self, use: Use, raw: str, clean: str, evaluator: Evaluator) -> Tuple[Optional[str], ParamDocs]:
        """What the framework sends of a docstring `raw` (`clean` is inspect.cleandoc's)."""
        return clean, {}

    def fallback_description(self, node: cst.FunctionDef, sig: FunctionSig, name: Str, text: Optional[str],
                             ctx: Context) -> Optional[Str]:
        """The description when the call gives none."""
        if text is None:
            return None
        return Str(text, sig.docstring.span if sig.docstring is not None else sig.span)

    def given_schema(self, use: Use, evaluator: Evaluator) -> Optional[Value]:
        """A schema passed to the decorator instead of the one derived from the signature."""
        for kw in ("input_schema", "args_schema", "fn_schema"):
            expr = use.kwarg(kw)
            if expr is None:
                continue
            value = evaluator.eval(expr)
            if isinstance(value, DictVal):
                return value  # a JSON schema literal goes on the wire as it is
            if isinstance(value, Const) and value.value is None:
                continue
            return Unresolved(f"the schema comes from {kw}=, which is not read statically", value.span)
        return None

    def skipped(self, use: Use, evaluator: Evaluator) -> Tuple[str, ...]:
        """Parameters the call says to leave out."""
        return ()

    def excluded(self, param: Param, method: str, first: bool, skip: Sequence[str]) -> bool:
        """Whether a parameter is filled in by the framework, not the model."""
        if param.name in self.dropped or param.name in skip:
            return True
        annotation = (param.annotation or "").strip()
        if annotation[:1] in ("'", '"'):
            annotation = annotation.strip("'\"")  # a string annotation: its text is the type
        annotation = re.sub(r"(['\"]).*?\1", "", annotation)  # not `Annotated[str, "the Context"]`
        return bool(_INJECTED.search(annotation))


def clean_offset(raw: str) -> int:
    """How many leading lines inspect.cleandoc drops."""
    lines = raw.expandtabs().split("\n")
    lines[0] = lines[0].lstrip()
    count = 0
    while count < len(lines) and not lines[count].strip():
        count += 1
    return count


def marked(use: Use, own: Optional[Use]) -> Use:
    """add_tool(fn) of a function fastmcp's `@tool(name=...)` marked: the marker's options."""
    if own is None or own.call is None:
        return use
    return own
