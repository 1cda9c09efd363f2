"""What a module passes to agents, servers and tool lists: the facts TL308 reads.

A decorated LangChain, smolagents, Agents SDK or `@beta_tool` function is only a tool
the model sees once it is passed somewhere: `CodeAgent(tools=[...])`,
`llm.bind_tools([...])`, `create_react_agent(model, tools)`, `Agent(tools=[...])`,
`client.messages.create(tools=[...])`. This module records, per module:

- `builds`: each call that hands tools over (callee as written, line);
- `names`: the functions those calls receive, followed through module-level constants,
  function-local lists (`tools = [a]; tools.append(b)`), `[*BASE, x]`, `BASE + [x]`,
  comprehensions over a list and wrappers (`Tool(fn)`, `convert_to_openai_tool(fn)`,
  `fn.to_dict()`); imported names stay (module, name) for linking to resolve;
- `opaque`: what could hold any tool and cannot be read: the result of a function call
  (`get_tools()`: (module, name) of the callee, so that a third-party loader can be told
  from a project function at link time), a parameter, `self.tools`; ("", "") when
  nothing is known;
- `used`: local names (defined functions and imported names, `mod.attr` for attributes of
  imported modules) that the source mentions somewhere else than their definition, their
  import and the calls above: a use we do not read, which may register the tool.

Cheap by construction (about 1% of extraction on the benchmark tree): the text says which
lines hand tools over, and only the statements and functions holding them are walked; the
`used` scan counts each candidate with str.count and looks closer (strings and comments
blanked, str.find) only at the few that occur more often than their known lines.
"""
from __future__ import annotations

import bisect
import re
from typing import Dict, Iterable, List, Mapping, Optional, Set, Tuple, Union

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.extract.handovers import NO_TOOLS, POSITIONAL, Calls
from toollint.extract.offers import added_later, list_assigned, offer_of
from toollint.extract.textscan import STDLIB, import_lines, line_index, module_mutations, used_names
from toollint.extract.walk import walk
from toollint.model import FunctionSig, Registration, Tool

# Literal-led patterns: a leading \b would make re try every position of every module.
_TOOLS_KEYWORD = re.compile(r"(?:tools|handoffs|functions)[ \t]*=(?!=)")
_CALLEE = re.compile(r"(?:%s)[ \t]*\(" % "|".join(POSITIONAL))
_CALLEE_WORDS = ("Agent", "ToolNode", "agent", "add_tool", "bind_tools", "from_tools")
_MUTATORS = frozenset(("append", "extend", "insert", "add"))

_PARAM = object()  # a name bound to a parameter, a loop variable or an unpacking: unknown
_MAX_DEPTH = 40


class _Scope:
    __slots__ = ("bindings",)

    def __init__(self) -> None:
        self.bindings: Dict[str, List[object]] = {}  # name -> assigned expressions (or _PARAM)


class _Walk:
    """Calls that hand tools over, and the assignments and mutations of the names they use.

    Statements are scanned by hand, which costs a few attribute reads each; only the
    statements on the wanted lines (where the text has `tools=`, a known callee or a
    change of a module list) are visited node by node for their calls, since a libcst
    visitor over every node of a module costs more than the rest of this module together.
    """

    def __init__(self, lines: List[int], span_of) -> None:
        self.lines = lines
        self.span_of = span_of
        self.module = _Scope()
        self.stack: List[_Scope] = [self.module]
        self.calls: List[Tuple[Union[cst.Call, cst.Assign], cst.BaseExpression, Tuple[_Scope, ...]]] = []
        self.mutations: List[Tuple[str, cst.BaseExpression, Tuple[_Scope, ...]]] = []

    @property
    def _finder(self) -> "Calls":
        # a new visitor per use: one kept here would be a cycle (walk -> visitor -> walk)
        # holding the tree and its positions until the cyclic collector runs
        return Calls(self)

    def wanted(self, node: cst.CSTNode) -> bool:
        span = self.span_of(node)
        at = bisect.bisect_left(self.lines, span.line)
        return at < len(self.lines) and self.lines[at] <= span.end_line

    def _bind(self, target: cst.BaseExpression, value: object, top: bool) -> None:
        if top:
            return  # module-level names are the extractor's `names`
        scope = self.stack[-1]  # a function's, or the module's for `if __name__ == ...:` blocks
        if isinstance(target, cst.Name):
            scope.bindings.setdefault(target.value, []).append(value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value, _PARAM, top)
        elif isinstance(target, cst.StarredElement):
            self._bind(target.value, _PARAM, top)

    def _mutation(self, call: cst.BaseExpression) -> None:
        if isinstance(call, cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.attr.value in _MUTATORS:
                values = [a.value for a in call.args if a.keyword is None and not a.star]
                if values:
                    self.mutations.append((func.value.value, values[-1], tuple(self.stack)))

    def statements(self, body, top: bool) -> None:
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign):
                        for target in small.targets:
                            self._bind(target.target, small.value, top)
                            if list_assigned(target.target, small.value) and self.wanted(stmt):
                                self.calls.append((small, small.value, tuple(self.stack)))
                    elif isinstance(small, cst.AnnAssign) and small.value is not None:
                        self._bind(small.target, small.value, top)
                    elif isinstance(small, cst.AugAssign):
                        if isinstance(small.target, cst.Name) and isinstance(small.operator,
                                                                             (cst.AddAssign, cst.BitOrAssign)):
                            self.mutations.append((small.target.value, small.value, tuple(self.stack)))
                    elif isinstance(small, cst.Expr):
                        self._mutation(small.value)
                if self.wanted(stmt):
                    walk(stmt, self._finder)
            elif isinstance(stmt, cst.FunctionDef):
                self.function(stmt)
            elif isinstance(stmt, cst.ClassDef):
                if isinstance(stmt.body, cst.IndentedBlock):
                    self.statements(stmt.body.body, top)
            else:
                self._compound(stmt)

    def function(self, node: cst.FunctionDef) -> None:
        if not self.wanted(node):
            return  # nothing hands tools over in it
        scope = _Scope()
        p = node.params
        for param in list(p.posonly_params) + list(p.params) + list(p.kwonly_params):
            scope.bindings[param.name.value] = [_PARAM]
        for star in (p.star_arg, p.star_kwarg):
            if isinstance(star, cst.Param):
                scope.bindings[star.name.value] = [_PARAM]
        for decorator in node.decorators:
            if self.wanted(decorator):
                walk(decorator, self._finder)
        self.stack.append(scope)
        try:
            if isinstance(node.body, cst.IndentedBlock):
                self.statements(node.body.body, False)
            elif self.wanted(node.body):
                walk(node.body, self._finder)
        finally:
            self.stack.pop()

    def _compound(self, stmt: cst.CSTNode) -> None:
        """if / for / while / with / try / match: their headers, then their blocks, in the
        same scope (a module-level block binds names the extractor does not collect)."""
        headers: List[cst.CSTNode] = []
        blocks: List[cst.BaseSuite] = []
        if isinstance(stmt, (cst.If, cst.While)):
            headers.append(stmt.test)
            blocks.append(stmt.body)
            orelse = stmt.orelse
            while isinstance(orelse, cst.If):
                headers.append(orelse.test)
                blocks.append(orelse.body)
                orelse = orelse.orelse
            if orelse is not None:
                blocks.append(orelse.body)
        elif isinstance(stmt, cst.For):
            self._bind(stmt.target, _PARAM, False)
            headers.append(stmt.iter)
            blocks.append(stmt.body)
            if stmt.orelse is not None:
                blocks.append(stmt.orelse.body)
        elif isinstance(stmt, cst.With):
            for item in stmt.items:
                headers.append(item.item)
                if item.asname is not None:
                    self._bind(item.asname.name, _PARAM, False)
            blocks.append(stmt.body)
        elif isinstance(stmt, cst.Try) or type(stmt).__name__ == "TryStar":
            blocks.append(stmt.body)
            blocks.extend(h.body for h in stmt.handlers)
            for extra in (stmt.orelse, stmt.finalbody):
                if extra is not None:
                    blocks.append(extra.body)
        elif type(stmt).__name__ == "Match":
            headers.append(stmt.subject)
            blocks.extend(case.body for case in stmt.cases)
        else:
            if self.wanted(stmt):
                walk(stmt, self._finder)
            return
        for header in headers:
            if self.wanted(header):
                walk(header, self._finder)
        for block in blocks:
            if isinstance(block, cst.IndentedBlock):
                self.statements(block.body, False)
            elif self.wanted(block):
                walk(block, self._finder)


class _Harvest:
    """Follow a tools expression to the functions it holds."""

    def __init__(self, names: Mapping[str, cst.BaseExpression], imports: Mapping[str, Tuple[str, str]],
                 functions: Mapping[str, FunctionSig], walk: _Walk, module_mutations: Dict[str, int],
                 line_of) -> None:
        self.names = names
        self.imports = imports
        self.functions = functions
        self.walk = walk
        self.module_mutations = module_mutations  # name -> mutations the text has, read or not
        self.line_of = line_of
        self.found: Set[Tuple[str, str]] = set()
        self.opaque: Set[Tuple[str, str]] = set()
        self.lines: Set[Tuple[str, int]] = set()  # (local spelling, line) of each name read here
        self._active: Set[int] = set()

    def _mutations(self, name: str, scope: _Scope) -> List[Tuple[cst.BaseExpression, Tuple[_Scope, ...]]]:
        return [(value, chain) for n, value, chain in self.walk.mutations if n == name and _binding(n, chain) is scope]

    def expr(self, node: cst.BaseExpression, chain: Tuple[_Scope, ...], depth: int = 0) -> bool:
        """Harvest `node`; True when it names at least one function (a wrapper's argument)."""
        if id(node) in self._active:
            return False  # `tools = tools + [x]`: the cycle adds nothing the bindings do not
        if depth > _MAX_DEPTH:
            self.opaque.add(("", ""))
            return False
        self._active.add(id(node))
        try:
            return self._expr(node, chain, depth + 1)
        finally:
            self._active.discard(id(node))

    def _expr(self, node: cst.BaseExpression, chain: Tuple[_Scope, ...], depth: int) -> bool:
        if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
            hit = False
            for element in node.elements:
                hit = self.expr(element.value, chain, depth) or hit
            return hit
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.BitOr)):
            return self.expr(node.left, chain, depth) | self.expr(node.right, chain, depth)
        if isinstance(node, cst.IfExp):
            return self.expr(node.body, chain, depth) | self.expr(node.orelse, chain, depth)
        if isinstance(node, cst.BooleanOperation):
            return self.expr(node.left, chain, depth) | self.expr(node.right, chain, depth)
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return self._comprehension(node.for_in, chain, depth)
        if isinstance(node, cst.DictComp):
            return self._comprehension(node.for_in, chain, depth)
        if isinstance(node, cst.Dict):
            return False  # a literal definition ({"name": ..., "input_schema": ...}) holds no function
        if isinstance(node, cst.Subscript):
            return self.expr(node.value, chain, depth)  # a slice of a list registers part of it
        if isinstance(node, cst.Name):
            return self._name(node, chain, depth)
        if isinstance(node, cst.Attribute):
            return self._attribute(node, chain, depth)
        if isinstance(node, cst.Call):
            return self._call(node, chain, depth)
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)):
            return False
        self.opaque.add(("", ""))
        return False

    def _comprehension(self, for_in: cst.CompFor, chain, depth: int) -> bool:
        hit = False
        while for_in is not None:
            hit = self.expr(for_in.iter, chain, depth) or hit
            for_in = for_in.inner_for_in
        return hit

    def _name(self, node: cst.Name, chain: Tuple[_Scope, ...], depth: int) -> bool:
        name = node.value
        if name in ("None", "True", "False"):
            return False
        scope = _binding(name, chain)
        if scope is not None:
            hit = False
            outer = chain[: chain.index(scope) + 1]
            for value in scope.bindings[name]:
                if value is _PARAM:
                    self.opaque.add(("", ""))
                else:
                    hit = self.expr(value, outer, depth) or hit
            for value, where in self._mutations(name, scope):
                hit = self.expr(value, where, depth) or hit
            return hit
        module_bound = self.walk.module.bindings.get(name)
        if name in self.names or module_bound:
            hit = False
            if name in self.names:
                hit = self.expr(self.names[name], (self.walk.module,), depth)
            for value in module_bound or ():  # bound in a module-level block: `if __name__ == ...:`
                if value is _PARAM:
                    self.opaque.add(("", ""))
                else:
                    hit = self.expr(value, (self.walk.module,), depth) or hit
            seen = [(v, c) for n, v, c in self.walk.mutations if n == name and _binding(n, c) is None]
            for value, where in seen:
                hit = self.expr(value, where, depth) or hit
            if self.module_mutations.get(name, 0) > len(seen):
                self.opaque.add(("", ""))  # changed where we do not read it (a helper's body)
            return hit
        self.lines.add((name, self.line_of(node)))
        if name in self.functions:
            self.found.add(("", name))
            return True
        if name in self.imports:
            module, attr = self.imports[name]
            if attr:
                self.found.add((module, attr))
                return True
        self.opaque.add(("", ""))
        return False

    def _attribute(self, node: cst.Attribute, chain: Tuple[_Scope, ...], depth: int) -> bool:
        name = dotted(node)
        if name is None:
            self.opaque.add(("", ""))
            return False
        head, _, rest = name.partition(".")
        if _binding(head, chain) is None:
            if name in self.names:  # a class attribute: `Tools.ALL`
                return self.expr(self.names[name], (self.walk.module,), depth)
            if name in self.functions:
                self.found.add(("", name))
                return True
            if head in self.imports and head not in self.names:
                module, attr = self.imports[head]
                full = ".".join(p for p in (module, attr, rest) if p)
                module_part, _, last = full.rpartition(".")
                self.found.add((module_part, last))
                self.lines.add((f"{head}.{rest.partition('.')[0]}", self.line_of(node)))
                return True
        self.opaque.add(("", ""))
        return False

    def _call(self, node: cst.Call, chain: Tuple[_Scope, ...], depth: int) -> bool:
        func = node.func
        callee = dotted(func) if isinstance(func, (cst.Name, cst.Attribute)) else None
        if callee in ("list", "tuple", "set", "sorted", "reversed") and node.args:
            return self.expr(node.args[0].value, chain, depth)
        hit = False
        for arg in node.args:
            if isinstance(arg.value, (cst.Name, cst.Attribute, cst.List, cst.Tuple, cst.Call)):
                hit = self.expr_quiet(arg.value, chain, depth) or hit
        if hit:
            return True  # a wrapper of what it is given: Tool(fn), convert_to_openai_tool(fn)
        if isinstance(func, cst.Attribute):
            # `get_weather.to_dict()`, `search.as_tool()`: a method of the tool itself
            base = func.value
            if isinstance(base, (cst.Name, cst.Attribute)) and self.expr_quiet(base, chain, depth):
                return True
        if callee is None:
            self.opaque.add(("", ""))
            return False
        if any(part[:1].isupper() for part in callee.split(".")):
            return False  # an instance of a class: a tool of its own, not one of these functions
        head, _, rest = callee.partition(".")
        if _binding(head, chain) is not None:
            self.opaque.add(("", ""))
        elif head in self.imports:
            module, attr = self.imports[head]
            full = ".".join(p for p in (module, attr, rest) if p)
            module_part, _, last = full.rpartition(".")
            self.opaque.add((module_part, last))
        else:
            self.opaque.add(("", callee))
        return False

    def expr_quiet(self, node: cst.BaseExpression, chain, depth: int) -> bool:
        """Harvest a wrapper's argument; what it cannot read there is not opaque (a model, a
        prompt), since the wrapper returns what it was given."""
        before = set(self.opaque)
        hit = self.expr(node, chain, depth)
        if not hit:
            self.opaque = before
        return hit


def _binding(name: str, chain: Tuple[_Scope, ...]) -> Optional[_Scope]:
    """The innermost function scope that binds `name`, or None for the module."""
    for scope in reversed(chain[1:]):
        if name in scope.bindings:
            return scope
    return None


def registrations(tree: cst.Module, text: str, names: Mapping[str, cst.BaseExpression],
                  imports: Mapping[str, Tuple[str, str]], functions: Mapping[str, FunctionSig],
                  decorated: Iterable[Optional[Tool]], span_of) -> Optional[Registration]:
    """The Registration of one module, or None when it neither hands tools over nor could
    use a tool elsewhere."""
    line_of = lambda node: span_of(node).line  # noqa: E731
    skip: Dict[str, List[int]] = {}
    builds: List[Tuple[str, int]] = []
    found: Set[Tuple[str, str]] = set()
    opaque: Set[Tuple[str, str]] = set()
    offers: List[Tuple[Tuple[str, str], ...]] = []  # each call's list on its own (extract/offers.py)
    gate = [m.start() for m in _TOOLS_KEYWORD.finditer(text)] if any(w in text for w in ("tools", "handoffs", "functions")) else []
    if any(w in text for w in _CALLEE_WORDS):  # plain `in` tests: most modules have none
        gate.extend(m.start() for m in _CALLEE.finditer(text))
    if gate:
        line_at = line_index(text)
        mutations, mutation_offsets = module_mutations(text, names)
        wanted = sorted({line_at(o) for o in gate + mutation_offsets})
        walk = _Walk(wanted, span_of)
        walk.statements(tree.body, True)
        if walk.calls:
            harvest = _Harvest(names, imports, functions, walk, mutations, line_of)
            later = added_later(text)
            for call, tools, chain in walk.calls:
                if isinstance(call, cst.Assign):
                    callee = dotted(call.targets[0].target)
                else:
                    callee = dotted(call.func) if isinstance(call.func, (cst.Name, cst.Attribute)) else None
                if callee is None and isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute):
                    callee = "." + call.func.attr.value  # `ChatOpenAI(...).bind_tools`
                if tools is not NO_TOOLS:
                    builds.append((callee or "<call>", line_of(call)))
                harvest.expr(tools, chain)
                offers.append(offer_of(call, tools, chain, (_Harvest, (names, imports, functions, walk, mutations,
                                                                    line_of)), span_of, later))
            found, opaque = harvest.found, harvest.opaque
            for local, line in harvest.lines:
                skip.setdefault(local, []).append(line)

    candidates: Set[str] = set()
    for tool in decorated:
        if tool is not None and tool.function is not None and "." not in tool.function.qualname:
            candidates.add(tool.function.name)
            skip.setdefault(tool.function.name, []).append(tool.function.span.line)
    for local, (module, attr) in imports.items():
        # a project function comes from a project module, never from the standard library
        if (local[:1].islower() or local[:1] == "_") and module.split(".")[0] not in STDLIB:
            candidates.add(local)
    if not candidates and not builds and not any(offers):
        return None
    import_lines(tree.body, line_of, skip)
    used = used_names(text, candidates, skip) if candidates else ()
    if not builds and not used and not any(offers):
        return None
    return Registration(builds=tuple(builds), names=tuple(sorted(found)), opaque=tuple(sorted(opaque)),
                        used=used, offers=tuple(o for o in offers if o))


