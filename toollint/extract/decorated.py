"""Tools a framework derives from a function: the scan of a module for them.

Rules judge these tools with the same code as literal definitions, so a function a
framework turns into a tool becomes a Tool whose `schema` is synthesized as the
framework itself would send it (toollint.frameworks: one module per framework), with
every node's span on the source that caused it. A function becomes a tool by a decorator
(`@mcp.tool()`, `@tool`), by a call that wraps it (`Tool(fn)`,
`StructuredTool.from_function(fn)`, `FunctionTool.from_defaults(fn=fn)`,
`function_tool(fn)`, `mcp.tool()(fn)`), by a call that registers it (`mcp.add_tool(fn)`), or by
a constructor's tool list (`Agent(tools=[fn])`): found here, never branching on a framework's name.

Checked against the real packages: tests/data/frameworks/ (record.py) and tests/frameworks/.
Methods: a decorator in a class body wraps the plain function, so most frameworks send
`self` as a required parameter, which is what is derived; those that raise instead
(`Framework.in_class` False) make no tool. A bound method (`mcp.add_tool(obj.method)`,
`Tool(self.method)`) has no `self`.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple, Union

import libcst as cst

from toollint.extract.calltargets import FunctionTargets
from toollint.extract.evaluate import dotted
from toollint.extract.forwarded import forwarded
from toollint.extract.names import enclosing
from toollint.extract.loops import loop_items
from toollint.extract.objects import self_objects
from toollint.extract.passed import enclosing_function, loose_params, param_owner, param_tool
from toollint.extract.owners import object_of, owner as owner_key
from toollint.extract.toolkits import SUPER, Lists, is_super_init, listed, toolkit_of, track
from toollint.extract.testcode import test_file, test_scope
from toollint.extract.walk import child_blocks, headers, local_defs, walk
from toollint.extract.factorydeco import expanded
from toollint.extract.reassigned import assignments, reassigned
from toollint.frameworks.annotations import last_name
from toollint.frameworks.args import all_params, annotated_class, first_arg, qualified
from toollint.frameworks.base import Context, Framework, Use, marked
from toollint.frameworks.recognise import call_framework, declared_tool, declares, imported_owner
from toollint.frameworks.recognise import instance_framework, list_call, recognise_expr
from toollint.frameworks.registry import ADDING, ANY_OWNER, CALLABLES, CLASSES, DECLARING, FACTORIES
from toollint.frameworks.registry import FRAMEWORKS, FUNCTIONS, WORDS
from toollint.model import FunctionSig, PendingTool, RefTool, Span, Tool, Value

_Made = Union[Tool, PendingTool, RefTool]


@dataclass
class _Scope:
    qualname: str  # "" at module level
    cls: Optional[str]  # the class a method's `self` is an instance of
    defs: Dict[str, cst.FunctionDef] = field(default_factory=dict)  # defs local to a function
    objects: Dict[str, Framework] = field(default_factory=dict)  # local name -> framework of its object
    lists: Lists = field(default_factory=dict)  # `tools = [...]`, then appends
    node: Optional[cst.FunctionDef] = None  # the function this scope is the body of
    bindings: Optional[Dict[str, cst.BaseExpression]] = None  # its names, read once (frameworks/agents_locals.py)
    params: Dict[str, Tuple[int, str]] = field(default_factory=dict)  # `server: Any`: extract/passed.py


def _at(span: Span) -> Tuple[int, int]:
    return span.line, span.col


# A line where a call may make or register a tool: `Tool(`, `from_function(`, `add_tool(`,
# `tools=`, `function_tool(`, `mcp.tool()(`, any of the registry's WORDS. Only statements
# holding one are visited: a visit of every node costs a quarter of extraction on large
# modules with no such call.
_TRIGGER = re.compile(r"(?:%s)\s*[(=]|\)\s*\(" % "|".join(map(re.escape, sorted(WORDS))))


class _Calls(FunctionTargets, cst.CSTVisitor):
    """Calls that turn a function into a tool, with the scope each one is in.

    `walk_body` goes down the statements keeping the scopes (classes, functions, the objects
    bound in them); the visitor part runs only on the statements a trigger line is in."""

    def __init__(self, ctx: Context, nodes: Dict[str, cst.FunctionDef], functions: Mapping[str, FunctionSig],
                 sig_of: Callable[[cst.FunctionDef, str], FunctionSig], text: str,
                 objects: Mapping[str, Framework] = {}) -> None:
        self.ctx = ctx
        self.nodes = nodes
        self.functions = functions
        self.sig_of = sig_of
        self.scopes: List[_Scope] = [_Scope("", None, objects=dict(objects))]  # extract/objects.py
        self.found: List[Tuple[Tuple[int, int], _Made]] = []
        self.calls: Set[Tuple[int, int]] = set()
        self.bindings: Dict[int, Dict[str, Value]] = {}  # id(def) -> its names (toollint.extract.names)
        self.forwards: Dict[str, Dict] = {}  # class -> its __init__'s tool-list parameters
        self.loops: Dict[str, Sequence[cst.BaseExpression]] = {}  # `for fn in [a, b]:` (extract/loops.py)
        triggers = [_TRIGGER]
        aliases = [local for local, (module, attr) in ctx.imports.items()
                   if f"{module}.{attr}" in CALLABLES and local != attr]
        if aliases:  # `from agents import function_tool as ft`, then `ft(fn)`
            triggers.append(re.compile(r"\b(?:%s)\s*\(" % "|".join(map(re.escape, aliases))))
        self.lines = sorted({text.count("\n", 0, m.start()) + 1 for t in triggers for m in t.finditer(text)})

    def _triggered(self, node: cst.CSTNode) -> bool:
        span = self.ctx.span_of(node)
        at = bisect.bisect_left(self.lines, span.line)
        return at < len(self.lines) and self.lines[at] <= span.end_line

    # --- scopes

    def walk_body(self, body: Sequence[cst.CSTNode]) -> None:
        for stmt in body:
            if isinstance(stmt, cst.FunctionDef):
                self._def(stmt)
            elif isinstance(stmt, cst.ClassDef):
                outer = self.scopes[-1]
                self.scopes.append(_Scope(outer.qualname, stmt.name.value if not outer.qualname else None))
                self.scopes[-1].objects.update(self_objects(stmt, self.ctx.imports))  # self.mcp = FastMCP()
                toolkit = toolkit_of(stmt, self.ctx.imports)
                if toolkit is not None:  # `class Shop(Toolkit)`: self is the framework's object
                    self.scopes[-1].objects.update({"self": toolkit, SUPER: toolkit})
                self._block(stmt.body)
                self.scopes.pop()
            elif isinstance(stmt, cst.SimpleStatementLine):
                if self.scopes[-1].qualname:
                    for small in stmt.body:
                        if isinstance(small, (cst.Assign, cst.AnnAssign, cst.Expr)):
                            self._bind(small)
                if self._triggered(stmt):
                    walk(stmt, self)
            else:  # if / for / while / with / try / match: the header, then each block
                for header in headers(stmt):
                    if self._triggered(header):
                        walk(header, self)
                loop = loop_items(stmt, [s.lists for s in reversed(self.scopes) if s.qualname], self.ctx.names, self.nodes)
                if loop is not None:
                    self.loops[loop[0]] = loop[1]
                for block in child_blocks(stmt):
                    if isinstance(block, cst.If):
                        self.walk_body([block])  # elif
                    else:
                        self._block(block)
                if loop is not None:
                    del self.loops[loop[0]]

    def _block(self, block: cst.CSTNode) -> None:
        if isinstance(block, cst.IndentedBlock):
            self.walk_body(block.body)
        elif isinstance(block, cst.SimpleStatementSuite):  # `def f(): return Tool(g)`
            if self._triggered(block):
                walk(block, self)

    def _def(self, node: cst.FunctionDef) -> None:
        if test_scope(node):
            return  # a test's or a fixture's tools are doubles (as discovery.py reads them), not declarations
        outer = self.scopes[-1]
        if outer.qualname and test_file(self.ctx.span_of(node).path):
            return  # `def _owner(): @owner.tool ...` in a test file: a fixture's server
        qualname = f"{outer.cls}.{node.name.value}" if outer.cls and not outer.qualname else (
            f"{outer.qualname}.<locals>.{node.name.value}" if outer.qualname else node.name.value)
        scope = _Scope(qualname, outer.cls, node=node)
        if isinstance(node.body, cst.IndentedBlock):
            scope.defs.update(local_defs(node.body.body))
        for param in all_params(node):  # `def register(mcp: FastMCP)`
            annotation = annotated_class(param)
            if annotation is not None:
                framework = CLASSES.get(qualified(annotation, self.ctx.imports) or "")
                if framework is not None:
                    scope.objects[param.name.value] = framework
        scope.params = loose_params(node, self.ctx.imports) if not outer.qualname and outer.cls is None else {}
        if outer.qualname and node.decorators:
            self._nested(node, qualname)
        self.scopes.append(scope)
        self._block(node.body)
        self.scopes.pop()

    def _bind(self, node: Union[cst.Assign, cst.AnnAssign, cst.Expr]) -> None:
        """`agent = Agent(...)` inside a function: what `@agent.tool_plain` then means."""
        track(self.scopes[-1].lists, node)
        if isinstance(node, cst.Expr) or node.value is None:
            return
        framework = call_framework(node.value, self.ctx.imports)
        if framework is not None:  # `mcp = FastMCP(...)`, or annotated: `mcp: FastMCP = FastMCP(...)`
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            for target in targets:
                if isinstance(target, cst.Name):
                    self.scopes[-1].objects[target.value] = framework

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # only lambdas and comprehensions hide in a statement's expressions

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def _known(self, name: str) -> bool:
        return name in self._objects() or instance_framework(name, self.ctx.imports, self.ctx.names) is not None

    def _objects(self) -> Dict[str, Framework]:
        out: Dict[str, Framework] = {}
        for scope in self.scopes:
            out.update(scope.objects)
        return out

    def _nested(self, node: cst.FunctionDef, qualname: str) -> None:
        """A decorated def inside a function: `def register(mcp: FastMCP): @mcp.tool() def f`."""
        node = expanded(node, self._def_named, self.ctx.place)  # `def tool(name): return mcp.tool(name=name)`
        sig = self.sig_of(node, qualname)
        bound = enclosing([s.node for s in self.scopes if s.node is not None], self.ctx.evaluator, self.bindings)
        ctx = replace(self.ctx, evaluator=self.ctx.evaluator.with_bindings(bound))
        got = declared_tool(node, sig, ctx, self._objects(), False, self.scopes)
        function = enclosing_function(self.scopes) if got is None else None
        if function is not None:  # `def register_tools(mcp_server: Any): @mcp_server.tool()`
            got = param_tool(node, sig, ctx, *function)
        outer = self.scopes[-1].node
        if isinstance(got, Tool) and outer is not None and isinstance(outer.body, cst.IndentedBlock):
            got = reassigned(got, lambda: assignments(outer.body.body), node.name.value, ctx.evaluator,
                             self.ctx.span_of)
        if got is not None:
            self.found.append((_at(self.ctx.span_of(node)), got))

    def _def_named(self, name: str) -> Optional[cst.FunctionDef]:
        for scope in reversed(self.scopes):
            if name in scope.defs:
                return scope.defs[name]
        return self.nodes.get(name)

    # --- the calls

    def visit_Call(self, node: cst.Call) -> bool:
        try:
            self._call(node)
        except RecursionError:
            pass
        return True

    def _add(self, call: cst.CSTNode, tool: Optional[_Made], at: Optional[cst.CSTNode] = None) -> None:
        # A tool a call makes is that call: its span is where the tool object is made, so it
        # is not mistaken for a decorated def (TL308 asks whether the def is passed on); in a
        # loop, the list's item (`at`) that the call makes a tool of.
        if tool is None:
            return
        where = self.ctx.span_of(at or call)
        key = owner_key(where.path, self.scopes, object_of(call, self._known))  # Tool.owner, where it has none
        if isinstance(tool, PendingTool):  # an instance's (frameworks/subclasses.py) is owned here
            tool = replace(tool, candidates=tuple(replace(t, span=where, owner=key if tool.instance else None)
                                                  for t in tool.candidates))
        else:
            # a toolkit class offers its own tools: one group per class (link.project)
            toolkit = next((s.cls for s in reversed(self.scopes) if SUPER in s.objects), None)
            tool = replace(tool, span=where, registry=toolkit or tool.registry)
            tool = replace(tool, owner=key) if isinstance(tool, Tool) and tool.owner is None else tool
        self.found.append((_at(where), tool))
        self.calls.add(_at(where))

    def _call(self, node: cst.Call) -> None:
        func = node.func
        full = qualified(func, self.ctx.imports) if isinstance(func, (cst.Name, cst.Attribute)) else None
        made = call_framework(node, self.ctx.imports) or (
            self._objects().get(SUPER) if is_super_init(node) else None)  # super().__init__(tools=[...])
        listing = list_call(func, self.ctx.imports, lambda: self.ctx.with_locals(self.scopes).names)
        if listing is not None:  # llm.bind_tools([fn]), create_react_agent(model, tools=[fn]), client.chat(tools=[fn])
            framework, how = listing
            expr = Use(framework, node, "", ("",) * how.position + ("tools",)).kwarg("tools")
            self._derive_listed(self._items(expr), framework, how.method)
        elif full in FACTORIES:  # Tool(fn), StructuredTool.from_function(fn), FunctionTool.from_defaults(fn=fn)
            self._factory(node, full)
        elif made is not None and (made.tool_list or made.object_lists):  # Agent(tools=[fn]), Agent(handoffs=[a])
            self._listed(node, made)
        elif isinstance(func, cst.Call) or (isinstance(func, (cst.Name, cst.Attribute)) and (
                full in FUNCTIONS or (dotted(func) or "").rpartition(".")[2] in DECLARING)):
            self._wrapped(node, func)  # mcp.tool()(fn), function_tool(fn), agent.tool_plain(fn)
        elif isinstance(func, cst.Attribute):  # mcp.add_tool(fn), toolset.add_function(fn)
            self._added(node, func)
        elif isinstance(func, cst.Name) and f"{func.value}.__init__" in self.nodes and not any(a.star for a in node.args):
            self._constructed(node, func.value)  # Graph(model, tools=[fn]): extract/forwarded.py

    def _constructed(self, node: cst.Call, cls: str) -> None:
        if cls not in self.forwards:
            self.forwards[cls] = forwarded(cls, self.nodes, self.ctx.imports)
        for param, (at, (framework, method)) in self.forwards[cls].items():
            expr = Use(framework, node, "", ("",) * at + (param,) if at >= 0 else ()).kwarg(param)
            self._derive_listed(self._items(expr), framework, method)

    def _factory(self, node: cst.Call, full: str) -> None:
        framework, factory = FACTORIES[full]
        if factory.requires is not None and not any(
                a.keyword is not None and a.keyword.value == factory.requires for a in node.args):
            return
        method = factory.method if factory.method is not None else full.rpartition(".")[2]
        use = Use(framework, node, method, factory.params)
        # handoff(billing) of an agent the function makes: only frameworks that hand over objects read locals
        made = framework.call_tool(use, self.ctx.with_locals(self.scopes) if framework.object_lists else self.ctx)
        if made is not None:
            self._add(node, made)
            return
        fn_expr = use.first_kwarg(factory.functions)
        target = self._function(fn_expr)
        if target is None:
            self._foreign(node, fn_expr, use)
        if target is not None and (framework.marks or not self._is_tool_already(target[0])):
            fn, sig, mode = target
            self._add(node, framework.derive(fn, sig, marked(use, self._own_decorator(fn, framework)), self.ctx,
                                             mode))

    def _wrapped(self, node: cst.Call, func: cst.BaseExpression) -> None:
        use = recognise_expr(func, self.ctx.imports, self.ctx.names, (), self._objects())
        # fastmcp's `mcp.tool(name_or_fn=fn, name=...)` is `mcp.tool(fn, name=...)` (held-out round 52, M1)
        args = [a for a in node.args if a.keyword is None and not a.star] \
            or [a for a in node.args if a.keyword is not None and a.keyword.value == "name_or_fn"]
        if use is not None and args and use.call is None:
            use = Use(use.framework, node, use.method)  # `function_tool(fn, name_override=...)`
        for at, fn_expr in self._each(args[0].value) if use is not None and args else ():
            target = self._function(fn_expr)
            opaque = use.framework.opaque_tool(use, self.ctx, fn_expr) \
                if target is None and isinstance(fn_expr, cst.Call) else None
            if opaque is not None:
                self._add(node, opaque, at)
            elif target is None:
                self._foreign(at or node, fn_expr, use, looped=at is not None)
            elif not self._is_tool_already(target[0]):
                fn, sig, mode = target
                self._add(node, use.framework.derive(fn, sig, use, self.ctx, mode), at)
        if use is None and args:
            self._pending(node, func, args[0].value, decorator=True)

    def _added(self, node: cst.Call, func: cst.Attribute) -> None:
        written = dotted(func)
        if written is None:
            return
        owner, _, method = written.rpartition(".")
        framework = self._objects().get(owner) or (
            instance_framework(owner, self.ctx.imports, self.ctx.names) if "." not in owner else None) or (
            ANY_OWNER.get(method))  # `specialist.as_tool(tool_name=...)` on an agent made elsewhere
        obj, _, attr = owner.rpartition(".")
        if framework is None and method in ("append", "extend") and obj and "." not in obj:
            self._mutated(first_arg(node), obj, attr, method)  # agent.functions.append(fn)
        elif framework is not None:
            params = framework.adders.get(method)
            if params is not None:
                use = Use(framework, node, method, params)
                made = framework.call_tool(use, self.ctx)  # agent.as_tool(...): no function in it
                if made is None:
                    self._register(node, use, use.kwarg(params[0]))
                self._add(node, made)
        elif method in ADDING:
            self._pending(node, node, first_arg(node), decorator=False)

    def visit_Assign(self, node: cst.Assign) -> bool:
        for target in node.targets:  # agent.functions = [fn, ...]
            name = dotted(target.target) if isinstance(target.target, cst.Attribute) else None
            if name is not None and name.count(".") == 1:
                self._mutated(node.value, *name.split("."), "extend")
        return True

    def _mutated(self, arg: Optional[cst.BaseExpression], obj: str, attr: str, method: str) -> None:
        """`agent.functions.append(fn)` / `.extend([...])` / `= [...]` on a framework whose list is live;
        `agent.handoffs.append(other)`: the Agents SDK reads an agent's handoffs each turn (agents_refs.py)."""
        framework = self._objects().get(obj) or instance_framework(obj, self.ctx.imports, self.ctx.names)
        if framework is None or arg is None:
            return
        kinds = (cst.Name, cst.Attribute, cst.Call)
        items = [arg] if method == "append" else self._items(arg, kinds)
        if attr in framework.object_lists and framework.live_objects:
            for item in (i for i in items if isinstance(i, kinds)):
                self._add(item, framework.listed_tool(item, self.ctx.with_locals(self.scopes)))
        elif framework.live_list and attr == framework.tool_list:
            self._derive_listed([i for i in items if isinstance(i, kinds)], framework, framework.list_method)

    def _register(self, call: cst.Call, use: Use, expr: Optional[cst.BaseExpression]) -> None:
        for at, fn_expr in self._each(expr):
            target = self._function(fn_expr)
            if target is None:
                self._foreign(at or call, fn_expr, use, looped=at is not None)
                continue
            fn, sig, mode = target
            own = self._own_decorator(fn, use.framework)
            if own is None and self._is_tool_already(fn):
                continue
            self._add(call, use.framework.derive(fn, sig, marked(use, own), self.ctx, mode), at)

    def _each(self, expr: Optional[cst.BaseExpression]) -> Sequence[Tuple[Optional[cst.CSTNode], Optional[cst.BaseExpression]]]:
        """(where, function) of the function a call is given, or of each one a loop variable stands for."""
        if isinstance(expr, cst.Name) and expr.value in self.loops:
            return [(item, item) for item in self.loops[expr.value]]
        return [(None, expr)]

    def _pending(self, call: cst.Call, expr: cst.BaseExpression, fn_expr: Optional[cst.BaseExpression],
                 decorator: bool) -> None:
        """`from .server import mcp` then `mcp.add_tool(fn)` / `mcp.tool()(fn)`; the same on a def's loose parameter."""
        owner = imported_owner(expr, self.ctx.imports, self._objects()) or param_owner(
            expr, enclosing_function(self.scopes))
        target = self._function(fn_expr)
        if owner is None or target is None:
            return
        (qualified_owner, method, bare, inner), (fn, sig, mode) = owner, target
        candidates = []
        for framework in FRAMEWORKS:
            if decorator and declares(framework, method, bare):
                use = Use(framework, inner, method)
            elif not decorator and method in framework.adders:
                use = Use(framework, call, method, framework.adders[method])
            else:
                continue
            tool = framework.derive(fn, sig, use, self.ctx, mode)
            if tool is not None:
                candidates.append(tool)
        if candidates:
            self._add(call, PendingTool(qualified_owner, self.ctx.span_of(call), tuple(candidates)))

    def _listed(self, call: cst.Call, framework: Framework) -> None:
        expr = None
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == framework.tool_list:
                expr = arg.value
            elif arg.keyword is not None and arg.keyword.value in framework.object_lists \
                    and framework.shows(call, arg.keyword.value, self.ctx):
                for item in self._items(arg.value, (cst.Name, cst.Attribute, cst.Call)):  # handoffs=[make_agent()]
                    self._add(item, framework.listed_tool(item, self.ctx.with_locals(self.scopes)))  # local agents
        expr = first_arg(call) if expr is None and last_name(call.func) in framework.listing else expr
        self._derive_listed(self._items(expr), framework, framework.list_method)

    def _items(self, expr: Optional[cst.BaseExpression],
               kinds=(cst.Name, cst.Attribute, cst.Call)) -> Sequence[cst.BaseExpression]:
        """The functions a tool list hands over: a literal, a local list built up (appends
        included, innermost function first) or a module's `TOOLS`."""
        values = listed(expr, [s.lists for s in reversed(self.scopes) if s.qualname], self.ctx.names)
        if values is None and isinstance(expr, (cst.Name, cst.Attribute)):
            values = [expr]  # `bind_tools(TOOLS)` of `from .tools import TOOLS`: linking reads it (_foreign)
        return [v for v in values or () if isinstance(v, kinds)]

    def _derive_listed(self, items: Sequence[cst.BaseExpression], framework: Framework, method: str) -> None:
        """Each function a list hands over, derived as `method` says."""
        for item in items:
            target = self._function(item)  # a call: the def it returns (`tools=[self._make_post()]`)
            if target is None and isinstance(item, cst.Call) and not isinstance(item, framework.list_items):
                continue  # what any other call makes is not read here
            if target is None:  # a pydantic model (`bind_tools([SearchInput])`) or an imported function:
                # linking keeps whichever the name turns out to be
                self._add(item, framework.listed_model(item, self.ctx, method))
                self._foreign(item, item, Use(framework, None, method))
            elif not self._is_tool_already(target[0]):
                fn, sig, mode = target
                self._add(item, framework.derive(fn, sig, Use(framework, None, method), self.ctx, mode))
