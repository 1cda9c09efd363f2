"""A server handed to a project function that declares tools on its parameter (round 15,
M1): `def register_tools(mcp_server: Any, container): @mcp_server.tool() def configure(...)`,
called as `register_tools(mcp, container)` with `mcp = FastMCP(...)`.

The parameter's annotation says nothing (`Any`, or none), so which framework derives the
tools is known only from the calls of the function. The defining module keeps each such
tool pending on the parameter (PARAM owner); every module keeps the calls that hand a
module-level or imported name to a function (`ServerArg`); linking (link/passed.py) reads
the calls whose argument turns out to be a server. A call with anything else (a mock, a
local, an attribute) is no evidence, so its function's tools stay unseen.
"""
from __future__ import annotations

import re
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.extract.localservers import local_servers
from toollint.extract.textscan import STDLIB
from toollint.extract.walk import walk
from toollint.frameworks.args import annotated_class, qualified
from toollint.frameworks.base import Context, Use
from toollint.frameworks.recognise import declares
from toollint.frameworks.registry import CLASSES, FRAMEWORKS, METHODS
from toollint.model import BOUND, LOCAL, PARAM, FunctionSig, PendingTool

# (callee qualified, position or -1, keyword or "", argument qualified): `register_tools(mcp, c)`;
# an argument that is the calling def's own parameter is `<param>module:function:position:name`
ServerArg = Tuple[str, int, str, str]
# annotations that say nothing of the object: the calls must tell
_OPAQUE = frozenset({"Any", "typing.Any", "typing_extensions.Any", "object", "builtins.object"})
# an argument that is a server a module-level def makes for itself (`def main(): mcp =
# FastMCP(...); register_all(mcp)`) is `<local>module:function:name:framework`
_CLASS_NAMES = sorted({q.rpartition(".")[2] for q in CLASSES})


def loose_params(node: cst.FunctionDef, imports) -> Dict[str, Tuple[int, str]]:
    """Parameters whose annotation does not say what they are: name -> (position, name)."""
    out: Dict[str, Tuple[int, str]] = {}
    params = node.params
    positional = [*params.posonly_params, *params.params]
    for at, param in [(i, p) for i, p in enumerate(positional)] + [(-1, p) for p in params.kwonly_params]:
        annotation = param.annotation.annotation if param.annotation is not None else None
        if annotation is None or (isinstance(annotation, (cst.Name, cst.Attribute))
                                  and (qualified(annotation, imports) or dotted(annotation)) in _OPAQUE):
            out[param.name.value] = (at, param.name.value)
    return out


def server_params(node: cst.FunctionDef, imports) -> Dict[str, Tuple[int, str]]:
    """Parameters typed as a server class (`def register_all(server: FastMCP, client)`), which
    a def may hand on to the register functions that declare tools on it."""
    out: Dict[str, Tuple[int, str]] = {}
    params = node.params
    positional = [*params.posonly_params, *params.params]
    for at, param in [(i, p) for i, p in enumerate(positional)] + [(-1, p) for p in params.kwonly_params]:
        annotation = annotated_class(param)
        if annotation is not None and (qualified(annotation, imports) or "") in CLASSES:
            out[param.name.value] = (at, param.name.value)
    return out


def param_tool(node: cst.FunctionDef, sig: FunctionSig, ctx: Context, function: str,
               params: Mapping[str, Tuple[int, str]]) -> Optional[PendingTool]:
    """The tool `@param.tool()` on a def inside the module-level `function` declares, each
    framework's way, pending until linking finds a server handed to that parameter."""
    for decorator in node.decorators:
        expr = decorator.decorator
        call = expr if isinstance(expr, cst.Call) else None
        written = dotted(call.func if call is not None else expr)
        owner, _, method = (written or "").rpartition(".")
        if owner not in params:
            continue
        at, name = params[owner]
        candidates = [t for t in (fw.derive(node, sig, Use(fw, call, method), ctx, "function")
                                  for fw in FRAMEWORKS if declares(fw, method, call is None)) if t is not None]
        if candidates:
            return PendingTool(f"{PARAM}{function}:{at}:{name}", ctx.span_of(expr), tuple(candidates))
    return None


def param_owner(expr: cst.BaseExpression, function) -> Optional[Tuple[str, str, bool, Optional[cst.Call]]]:
    """`mcp.tool(fn)` / `mcp.add_tool(fn)` on a loose parameter of the module-level def the
    call is in (`function`: enclosing_function's), as imported_owner reads an imported object:
    pending on that parameter (held-out round 67, M1: 27 tools registered so)."""
    if function is None:
        return None
    call = expr if isinstance(expr, cst.Call) else None
    owner, _, method = (dotted(call.func if call is not None else expr) or "").rpartition(".")
    if owner not in function[1] or method not in METHODS:
        return None
    at, name = function[1][owner]
    return f"{PARAM}{function[0]}:{at}:{name}", method, call is None, call


def server_args(tree: cst.Module, text: str, module: str, imports: Mapping[str, Tuple[str, str]],
                servers: Iterable[str], functions: Iterable[str],
                made_by: Mapping[str, Tuple[str, str]] = {}) -> Tuple[ServerArg, ...]:
    """The calls of this module handing a module-level server, or an imported name that may be
    one, or a server a def makes for itself, to a project function: those linking may read
    as a server handed to a parameter. `made_by`: the module's server factories, as
    extract/serverfactory.py aliases them."""
    own = set(servers)
    candidates = own | {local for local, (mod, attr) in imports.items()
                        if attr not in ("", "*") and mod.split(".")[0] not in STDLIB and not local[:1].isupper()}
    # only the parameters the walk records: those whose annotation says nothing (a typed
    # `def f(x: str): g(x)` would send every module with functions through the walk)
    params = {name for stmt in tree.body if isinstance(stmt, cst.FunctionDef)
              for name in {**loose_params(stmt, imports), **server_params(stmt, imports)}}
    # ... and an imported class named as a server's subclass is (`VisibilityAwareFastMCP`), whose
    # module linking asks; named so, as narrowing keeps the bodies that make one (front/narrow.py
    # _LOCAL_SERVER): any imported class here cost a 300 KB module 10 ms and walks for nothing
    makers = [*_CLASS_NAMES, *made_by, *(local for local in imports if local.endswith(("FastMCP", "MCPServer")))]
    built = set(re.findall(r"\b([A-Za-z_]\w*)\s*(?::[^=\n]*)?=\s*(?:\w+\s*\.\s*)*(?:%s)\s*\("
                           % "|".join(map(re.escape, makers)), text)) if any(m in text for m in makers) else set()
    names = candidates | params | built
    if not names or not re.search(r"[(,=]\s*(?:%s)\s*[,)]" % "|".join(map(re.escape, sorted(names))), text):
        return ()  # most modules hand no such name to anything: no walk
    found = _Calls(module, imports, own, candidates, set(functions))
    found.tables = _function_tables(tree)
    found.makers = {**imports, **made_by} if built else None
    walk(tree, found)
    return tuple(dict.fromkeys(found.out))


class _Calls(cst.CSTVisitor):
    def __init__(self, module: str, imports, own: Set[str], candidates: Set[str],
                 functions: Set[str]) -> None:
        self.module = module
        self.imports: Dict[str, Tuple[str, str]] = dict(imports)
        self.own, self.candidates, self.functions = own, candidates, functions
        self.out: List[ServerArg] = []
        # the module-level def the walk is in, with its parameters: `def register_all(mcp):
        # notes.register_tools(mcp)` hands on whatever server its own callers hand it
        self.depth = 0
        self.params: Dict[str, str] = {}
        self.makers: Optional[Mapping[str, Tuple[str, str]]] = None  # imports to read `Class(...)` by; None: no local
        self.locals: Dict[str, str] = {}  # the def's own servers (local_servers), as arguments
        self.tables: Dict[str, Tuple[str, ...]] = {}  # module dicts of functions (_function_tables)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.depth += 1

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.depth -= 1

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1
        # a typed parameter says what it is: only the loose ones and the servers are followed
        if self.depth == 1:
            handed = {**loose_params(node, self.imports), **server_params(node, self.imports)}
            self.params = {name: f"{PARAM}{self.module}:{node.name.value}:{at}:{name}"
                           for name, (at, _) in handed.items()}
            made = local_servers(node, self.makers) if self.makers is not None else {}
            self.locals = {name: f"{LOCAL}{self.module}:{node.name.value}:{name}:{framework}"
                           for name, framework in made.items()}
        elif node.params.params or node.params.posonly_params or node.params.kwonly_params:
            # a nested def's parameters may shadow the outer ones: they are the nested def's
            self.params = {k: v for k, v in self.params.items() if not _declares(node.params, k)}
            self.locals = {k: v for k, v in self.locals.items() if not _declares(node.params, k)}

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.params, self.locals = {}, {}

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Subscript) and isinstance(func.value, cst.Name) and func.value.value in self.tables:
            # `AVAILABLE_APPS[app](mcp)`: any function of the table may be the one called (round 46, M4)
            for name in self.tables[func.value.value]:
                self._record(self._callee(cst.Name(name)), node)
            return
        self._record(self._callee(func), node)

    def _record(self, callee: Optional[str], node: cst.Call) -> None:
        if callee is None:
            return
        at = 0
        for arg in node.args:
            if arg.star:
                return  # `f(*args)`: no position holds
            keyword = arg.keyword.value if arg.keyword is not None else ""
            value = arg.value
            if isinstance(value, cst.Name) and value.value in self.params:
                self.out.append((callee, -1 if keyword else at, keyword, self.params[value.value]))
            elif isinstance(value, cst.Name) and value.value in self.locals:
                self.out.append((callee, -1 if keyword else at, keyword, self.locals[value.value]))
            elif isinstance(value, cst.Name) and value.value in self.candidates:
                owner = self._qualified(value.value)
                if owner is not None:
                    self.out.append((callee, -1 if keyword else at, keyword, owner))
            at += 0 if keyword else 1

    def _callee(self, func: cst.BaseExpression) -> Optional[str]:
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) \
                and isinstance(func.value.func, cst.Name):
            # `IndexTools(client).register_tools(mcp)`: a method of the class's instance
            name = func.value.func.value
            cls = self._imported(name) if name in self.imports else \
                (f"{self.module}.{name}" if self.module else name) if name[:1].isupper() else None
            return f"{cls}{BOUND}{func.attr.value}" if cls is not None else None
        if isinstance(func, cst.Name):
            if func.value in self.functions and func.value not in self.imports:
                return f"{self.module}.{func.value}" if self.module else func.value
            return self._imported(func.value)
        written = dotted(func) if isinstance(func, cst.Attribute) else None
        # `registration.register_tools(mcp)`; `tools.search.register_tools(mcp)` after `from pkg
        # import tools`, a submodule of the package (held-out round 97, M2: 40 tools)
        if written is not None and "." in written:
            head, _, attr = written.partition(".")
            base = self._imported(head)
            return f"{base}.{attr}" if base is not None else None
        return None

    def _imported(self, local: str) -> Optional[str]:
        mod, attr = self.imports.get(local, ("", ""))
        if not mod or attr == "*" or mod.split(".")[0] in STDLIB:
            return None
        return f"{mod}.{attr}" if attr else mod

    def _qualified(self, name: str) -> Optional[str]:
        if name in self.own:
            return f"{self.module}.{name}" if self.module else name
        mod, attr = self.imports.get(name, ("", ""))
        return f"{mod}.{attr}" if mod and attr else None


def _function_tables(tree: cst.Module) -> Dict[str, Tuple[str, ...]]:
    """Module-level `APPS = {"notes": configure_notes, ...}` whose values are all names,
    assigned once: name -> those names."""
    out: Dict[str, Tuple[str, ...]] = {}
    assigned: Dict[str, int] = {}
    for stmt in tree.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if not isinstance(small, (cst.Assign, cst.AnnAssign)) or small.value is None:
                continue
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
            for target in targets:
                if isinstance(target, cst.Name):
                    assigned[target.value] = assigned.get(target.value, 0) + 1
                    value = small.value
                    if isinstance(value, cst.Dict) and value.elements and all(
                            isinstance(e, cst.DictElement) and isinstance(e.value, cst.Name) for e in value.elements):
                        out[target.value] = tuple(e.value.value for e in value.elements)
    return {k: v for k, v in out.items() if assigned[k] == 1}


def _declares(params: cst.Parameters, name: str) -> bool:
    return any(p.name.value == name for p in (*params.posonly_params, *params.params, *params.kwonly_params))


def enclosing_function(scopes: Sequence) -> Optional[Tuple[str, Mapping[str, Tuple[int, str]]]]:
    """(qualname, loose parameters) of the module-level function a nested def is in."""
    top = scopes[1] if len(scopes) > 1 else None
    if top is None or top.cls is not None or "." in top.qualname or not getattr(top, "params", None):
        return None
    return top.qualname, top.params
