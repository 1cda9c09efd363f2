"""Find registries by their shape, not only by configured names.

Real agent code names its lists `OPENAI_TOOLS` or `tools`, builds `Tool(...)` objects in
an `@app.list_tools()` function, passes `tools=[...]` to the API call, dispatches with an
`if name == "x":` chain, and keeps one constant per tool. Everything found here becomes a
RegistryDecl; the ambiguous shapes (a dict of callables, a dict of name lists) are only
candidates ("maybe-handlers", "maybe-categories") that link.py keeps when their strings
turn out to be tool names. Precision first: a dict with a name and a description is a
tool only inside a list that holds real tool definitions, or in a `tools=` argument.
"""
from __future__ import annotations

import re
from typing import Callable, Dict, List, Optional, Set, Tuple

import libcst as cst

from toollint.deferred import Comprehended
from toollint.extract.choices import NOT_DEFINITIONS, choice_target, names_only
from toollint.extract.dispatch import FirstCall, Forwards, branch_locals, context_names, dict_reads, if_chain, \
    member_literals, sent_as_data, subject_key, unknown_tool_reply
from toollint.extract.evaluate import Evaluator, dotted, string_value
from toollint.extract.registryshapes import (
    category_like, handed_definitions, handler_like, is_tool_list, record_definitions, wrapped_declarations,
)
from toollint.extract.joined import joined_turn
from toollint.extract.names import parameters_of, parameters_shadowing
from toollint.link.shapes import SCHEMA_KEYS, tool_from_value
from toollint.extract.testcode import test_scope
from toollint.extract.walk import walk
from toollint.model import (
    CallVal,
    Const,
    DictVal,
    FunctionSig,
    ListVal,
    Ref,
    RegistryDecl,
    Span,
    Unresolved,
    Value,
)

_SCHEMA_KEY_SET = set(SCHEMA_KEYS)


def _dict_keys(node: cst.Dict) -> Set[str]:
    keys = set()
    for element in node.elements:
        if isinstance(element, cst.DictElement):
            key = string_value(element.key)
            if key is not None:
                keys.add(key)
    return keys


def _looks_like_tool(node: cst.CSTNode) -> bool:
    """A cheap syntactic test before anything is evaluated."""
    if isinstance(node, cst.Dict):
        keys = _dict_keys(node)
        return ("name" in keys and bool(keys & _SCHEMA_KEY_SET)) or ("function" in keys and "type" in keys)
    if isinstance(node, cst.Call):
        kw = {a.keyword.value for a in node.args if a.keyword is not None}
        if "name" in kw and kw & _SCHEMA_KEY_SET:
            return True
        func = dotted(node.func) or ""
        return func.rpartition(".")[2] == "Tool" and "name" in kw
    return False


def module_level(names: Dict[str, cst.BaseExpression], targets: Dict[str, cst.CSTNode], configured: Set[str],
                 evaluator: Evaluator, span_of: Callable[[cst.CSTNode], Span]) -> List[RegistryDecl]:
    out: List[RegistryDecl] = []
    for name, expr in names.items():
        if name in configured or "." in name:
            continue
        if not isinstance(expr, (cst.List, cst.Tuple, cst.Dict, cst.Call, cst.BinaryOperation, cst.Name)):
            continue
        value = evaluator.name(name, targets[name])
        span = span_of(targets[name])
        if is_tool_list(value):
            out.append(RegistryDecl("definitions", name, value, span))
        elif (nested := record_definitions(value)) is not None or (nested := wrapped_declarations(value)) is not None:
            out.append(RegistryDecl("definitions", name, nested, span))
        elif isinstance(value, DictVal) and (keyed := _keyed_lists(value)):
            # `DECLS = {"tools": [...]}`, then `types.Tool(function_declarations=DECLS["tools"])`
            # (held-out round 99, M2: 14 google-genai declarations unseen); `EXTRA = {"emotion":
            # [...], ...}`, one list extended onto the base list per feature (round 114, M2)
            out.extend(RegistryDecl("definitions", f'{name}["{key}"]', listed, span) for key, listed in keyed)
        elif tool_from_value(value) is not None and not names_only(value):
            out.append(RegistryDecl("loose", name, value, span, alone=True))
        elif (given := handed_definitions(value)) is not None:
            out.append(RegistryDecl("definitions", name, given, span))
        elif handler_like(value):
            out.append(RegistryDecl("maybe-handlers", name, value, span))
        elif category_like(value):
            out.append(RegistryDecl("maybe-categories", name, value, span))
    return out


def _keyed_lists(value: DictVal) -> List[Tuple[str, Value]]:
    """The tool lists of a dict: its "tools" entry, or every entry when each is a list of
    definitions (a dict with anything else beside them is not a catalogue of tool sets)."""
    if is_tool_list(value.get("tools")):
        return [("tools", value.get("tools"))]
    entries = [(k.value, v) for k, v in value.entries if isinstance(k, Const) and isinstance(k.value, str)]
    if value.complete and entries and len(entries) == len(value.entries) and all(is_tool_list(v) for _, v in entries):
        return entries
    return []


_ASSERTIONS = frozenset(("assertEqual", "assertDictEqual", "assertListEqual", "assertIn", "assert_called_with",
                         "assert_called_once_with", "assert_any_call", "assert_awaited_with",
                         "assert_awaited_once_with"))


def _bound(target: cst.BaseExpression) -> List[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _bound(e.value)]
    return []


class FunctionScan(cst.CSTVisitor):
    """Inside one function: tool lists, tool-shaped dicts and calls, `tools=` arguments,
    dispatch dicts and `if name == "x":` / `match` dispatch."""

    def __init__(self, qualname: str, evaluator: Evaluator, span_of) -> None:
        self.qualname = qualname
        self.evaluator = evaluator
        self.span_of = span_of
        self.found: List[RegistryDecl] = []
        # per compared subject (`name`, `block.type`): its branches' (name, handler) and bodies
        self._dispatch: Dict[str, List[Tuple[Value, Value]]] = {}
        self._branches: Dict[str, Set[int]] = {}
        self._seen_ifs: Set[int] = set()
        self._guards: List[Tuple[int, Tuple[str, list]]] = []  # enclosing `if name in {...}:`
        self._local_handlers: Set[str] = set()  # function-local dispatch dicts
        # subjects some branch of which hands the arguments to a call: branches that only
        # build a value (`return Decision("deny", ...)`, held-out round 24) look a name up
        self._acting: Set[str] = set()
        self._given: Set[int] = set()  # the branch bodies that do
        self.params: Set[str] = set()  # parameters and loop variables of the function and its defs
        # every name the function binds: what a branch may get its arguments from. Read only
        # for a dispatch branch, and a walk of the whole body: most functions have none
        # (16,000 of 17,500 scans of the stored repositories find nothing; issue 22, perf30)
        self._bound: Optional[Set[str]] = None
        self._context: Optional[Set[str]] = None  # names bound to the server's own context (context_names)
        self.factories: Set[Tuple[int, int]] = set()  # (line, col) of tools built from parameters
        self.node: Optional[cst.FunctionDef] = None  # the scanned function
        self._held: Optional[Set[str]] = None  # the names it reads keys of (dispatch.dict_reads), once asked
        self.lists_tools = False  # an MCP low-level server's `@server.list_tools()` handler
        self._unknown: Optional[bool] = None  # whether the function answers "Unknown tool: x"

    def _add(self, kind: str, label: str, value: Value, node: cst.CSTNode, alone: bool = False) -> None:
        self.found.append(RegistryDecl(kind, f"{self.qualname}:{label}", value, self.span_of(node), alone=alone))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        if test_scope(node):
            return False  # a test's or a fixture's tools are doubles and expected values, not declarations
        self.params.update(p.name.value for p in parameters_of(node.params))
        return True  # nested defs belong to the same scan

    def visit_For(self, node: cst.For) -> bool:
        self.params.update(_bound(node.target))  # `for spec in specs: {"name": spec.name, ...}`
        return True

    def visit_CompFor(self, node: cst.CompFor) -> bool:
        self.params.update(_bound(node.target))
        return True

    def _comprehension(self, node) -> bool:
        if not isinstance(node, cst.DictComp) and _looks_like_tool(node.elt) \
                and not self._parameter(node.for_in.iter):
            # over a module's literal list: each item's tool (extract/comprehend.py; held-out round 76, M2)
            value = self.evaluator.eval(node)
            items = value.items if isinstance(value, ListVal) else ()
            if len(items) == 1 and isinstance(items[0], Comprehended):  # another module's list: linking's
                tools = [tool_from_value(items[0].template)]
            else:
                tools = [t if t is not None and t.name.value is not None else None
                         for t in map(tool_from_value, items)]
            if tools and all(t is not None for t in tools):
                self._add("definitions", "list", value, node)
                return False
        # the element is visited before its `for`: bind the loop variables first
        # (`[{"type": "function", "function": {"name": spec.name}} for spec in specs]`)
        loop = node.for_in
        while loop is not None:
            self.params.update(_bound(loop.target))
            loop = loop.inner_for_in
        return True

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    def _parameter(self, value: cst.BaseExpression) -> bool:
        """`name`, `tool.name`, `row[0]` of a parameter or loop variable (not `self`: a tool
        class's own): a name that comes from data the function is given."""
        if isinstance(value, cst.BooleanOperation):  # `tool_name = name or func.__name__` (round 34)
            return self._parameter(value.left) or self._parameter(value.right)
        while isinstance(value, (cst.Subscript, cst.Call)):
            value = value.value if isinstance(value, cst.Subscript) else value.func
        head = (dotted(value) or "").partition(".")[0]
        return head in self.params and head not in ("self", "cls")

    def _from_parameters(self, node: cst.CSTNode) -> bool:
        """`Tool(name=name, ...)` in `def make_tool(name, ...)`, `{"name": tool.name, ...}` in
        `def to_openai(tool)`: a factory or converter, whose tools are its callers'; nothing
        about them is known in its body."""
        if isinstance(node, cst.Dict):
            pairs = [(string_value(e.key), e.value) for e in node.elements if isinstance(e, cst.DictElement)]
        elif isinstance(node, cst.Call):
            pairs = [(a.keyword.value, a.value) for a in node.args if a.keyword is not None]
        else:
            return False
        # `{"type": "function", "function": {"name": tool["name"], ...}}`: OpenAI's wrapper
        # around what the loop converts (held-out round 30, N)
        found = any((key == "name" and self._parameter(value))
                    or (key == "function" and isinstance(value, cst.Dict) and self._from_parameters(value))
                    for key, value in pairs)
        if found:
            span = self.span_of(node)
            self.factories.add((span.line, span.col))
        return found

    def visit_Arg(self, node: cst.Arg) -> bool:
        if node.keyword is not None and node.keyword.value in NOT_DEFINITIONS:
            return False  # `call_tool(name, arguments={"name": ..., "parameters": ...})`, `tool_choice={...}`
        if node.keyword is not None and node.keyword.value == "tools":
            value = self.evaluator.eval(node.value)
            if isinstance(value, ListVal) and value.items:
                # `chat(messages, tools=[summary_schema], tool_choice=...)`: one tool in its own
                # turn, no neighbour (held-out round 53, G)
                alone = isinstance(node.value, cst.List) and len(node.value.elements) == 1 \
                    and isinstance(node.value.elements[0], cst.Element)
                self._add("definitions", "tools=", value, node.value, alone)
                return False
        return True

    def visit_DictElement(self, node: cst.DictElement) -> bool:
        return string_value(node.key) not in NOT_DEFINITIONS  # `{"tool_choice": {...}}`

    def visit_List(self, node: cst.List) -> bool:
        return self._list(node)

    def visit_Tuple(self, node: cst.Tuple) -> bool:
        return self._list(node)

    def _tool_constant(self, node: cst.BaseExpression) -> bool:
        """`return [alpha_tool, beta_tool]` in a low-level server's list_tools (held-out round
        30, M4): module constants, each alone until a list puts them in one turn."""
        if not isinstance(node, cst.Name) or node.value in self.params:
            return False
        expr = self.evaluator.names.get(node.value)
        return expr is not None and _looks_like_tool(expr)

    def _list(self, node) -> bool:
        elements = [e.value for e in node.elements if isinstance(e, cst.Element)]
        if self.lists_tools and elements and all(isinstance(e, cst.Name) for e in elements):
            # `return [search_tool, read_tool]` with each Tool imported from its own module
            # (held-out round 36, M1): whatever a list_tools handler lists is sent as one turn
            value = self.evaluator.eval(node)
            if isinstance(value, ListVal) and all(isinstance(i, Ref) and not i.spread for i in value.items):
                self._add("definitions", "list", value, node)
                return False
        if not any(_looks_like_tool(e) or self._tool_constant(e) for e in elements) \
                or any(self._from_parameters(e) for e in elements):
            return True
        value = self.evaluator.eval(node)
        if is_tool_list(value):
            self._add("definitions", "list", value, node)
            return False
        return True

    def visit_Return(self, node: cst.Return) -> bool:
        if self.lists_tools and self.node is not None:  # `return core_tools + extra_tools` (extract/joined.py)
            value = joined_turn(node, self.node, self.evaluator)
            if value is not None and is_tool_list(value):
                self._add("definitions", "returned", value, node.value)
        return True

    def visit_Dict(self, node: cst.Dict) -> bool:
        if self._from_parameters(node):
            return False
        if _looks_like_tool(node):
            value = self.evaluator.eval(node)
            if tool_from_value(value) is not None and not names_only(value):
                self._add("loose", "dict", value, node)
                return False
        return True

    def visit_Call(self, node: cst.Call) -> bool:
        callee = dotted(node.func) or ""
        if callee.rpartition(".")[2] in _ASSERTIONS:
            return False  # `self.assertEqual(tool, {...})`: an expected value
        if self._from_parameters(node):
            return False
        if not _looks_like_tool(node):
            return True
        func = node.func
        value: Optional[Value] = None
        if isinstance(func, cst.Attribute) and func.attr.value == "__init__":
            # `super().__init__(name=..., description=..., input_schema=...)` in a Tool subclass
            kwargs = tuple((a.keyword.value, self.evaluator.eval(a.value)) for a in node.args if a.keyword)
            value = CallVal("Tool", (), kwargs, self.span_of(node), all(not a.star for a in node.args))
        else:
            value = self.evaluator.eval(node)
        if tool_from_value(value) is not None:
            self._add("loose", "call", value, node)
            return False
        return True

    def visit_Assign(self, node: cst.Assign) -> bool:
        if any(choice_target(t.target) for t in node.targets):
            return False  # `kwargs["tool_choice"] = {...}`
        if self._parameter(node.value):  # `db_name = row.iloc[0]`: data the function is given
            for target in node.targets:
                self.params.update(_bound(target.target))
        self._handler_dict(node.targets[0].target, node.value)
        return True

    def visit_AnnAssign(self, node: cst.AnnAssign) -> bool:
        # `handlers: Dict[str, Callable] = {"read_file": self._read_file}` (held-out round 44, M2)
        if node.value is not None:
            self._handler_dict(node.target, node.value)
        return True

    def _handler_dict(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(value, cst.Dict) and value.elements:
            evaluated = self.evaluator.eval(value)
            if handler_like(evaluated):
                label = dotted(target) or "dict"
                if self.node is not None and sent_as_data(self.node, label):
                    return  # `requests.post(url, json=payload)`: a request body (held-out round 62, H)
                self._local_handlers.add(label)
                self._add("maybe-handlers", label, evaluated, target)

    def visit_Assert(self, node: cst.Assert) -> bool:
        return False  # `assert result == {...}`: an expected value, not a declaration

    def visit_If(self, node: cst.If) -> bool:
        guard = member_literals(node.test)
        if guard is not None:
            self._guards.append((id(node), guard))
        if id(node) in self._seen_ifs:
            return True
        outer = [g for i, g in self._guards if i != id(node)]
        ifs, branches = if_chain(node, outer[-1] if outer else None)
        self._seen_ifs.update(id(branch) for branch in ifs)
        for keys, body, subject in branches:
            # one handler for the names of a branch (the same value, so TL304 knows the
            # old name for an alias of a tool)
            target = self._target(keys[0][0], body) if len(keys) > 1 else None
            for key, test in keys:
                self._branch(key, body, test, subject, target=target)
        return True

    def leave_If(self, original_node: cst.If) -> None:
        if self._guards and self._guards[-1][0] == id(original_node):
            self._guards.pop()

    def visit_Match(self, node: cst.Match) -> bool:
        for case in node.cases:
            patterns = case.pattern.patterns if isinstance(case.pattern, cst.MatchOr) else [case.pattern]
            for pattern in patterns:
                pattern = getattr(pattern, "pattern", pattern)
                if isinstance(pattern, cst.MatchValue):
                    key = string_value(pattern.value)
                    if key is not None:
                        self._branch((key, pattern.value), case.body, None, subject_key(node.subject))
        return True

    def _target(self, key: Tuple[str, cst.CSTNode], body: cst.CSTNode) -> Value:
        return self._called(body) or Unresolved("a branch whose handler is not read", self.span_of(key[1]))

    def _branch(self, key: Tuple[str, cst.CSTNode], body: cst.CSTNode, test: Optional[cst.BaseExpression],
                subject: Optional[str] = None, target: Optional[Value] = None) -> None:
        """One `if name == "x":` / `case "x":` branch: it dispatches its name whether or not
        its handler can be read (an unread one stays unresolved, never drops the name)."""
        target = target or self._target(key, body)
        if subject is None and isinstance(test, cst.Comparison):
            other = test.comparisons[0].comparator if key[1] is test.left else test.left
            subject = subject_key(other)
        subject = subject or ""
        self._dispatch.setdefault(subject, []).append((Const(key[0], self.span_of(key[1])), target))
        self._branches.setdefault(subject, set()).add(id(body))
        if id(body) in self._given:
            self._acting.add(subject)

    def _called(self, body: cst.CSTNode) -> Optional[Value]:
        # what the branch can be given the arguments by: the function's parameters, loop
        # variables and the names it binds outside this branch
        if self._bound is None:
            self._bound = branch_locals(self.node.body) if self.node is not None else set()
        if self._context is None:
            self._context = context_names(self.node, self.params) if self.node is not None else set()
        carriers = (self.params | self._bound) - branch_locals(body) - self._context - {"self", "cls"}
        if self._held is None and self.node is not None:
            self._held = dict_reads(self.node)
        held = carriers & (self._held or set())
        inline = bool(held & dict_reads(body))
        finder = FirstCall(self.evaluator, self.qualname.rpartition(".")[0], carriers, held, inline)
        walk(body, finder)
        # ... or handles them itself (`state["html"] = tool_input["html"]`, held-out round 56, F) in a
        # function that answers other names as unknown tools; a policy check reads the arguments
        # too and dispatches nothing (`if tool_name == "x": return Decision("deny", ...)`)
        if finder.given or (inline and self._answers_unknown()):
            self._given.add(id(body))
        return finder.found

    def _answers_unknown(self) -> bool:
        if self._unknown is None:
            self._unknown = self.node is not None and unknown_tool_reply(self.node)
        return self._unknown

    def leave_FunctionDef_done(self, node: cst.FunctionDef) -> None:
        # one registry per compared subject: `block.type == "text"` is not a tool's dispatch
        for subject, entries in self._dispatch.items():
            if _NOT_A_NAME.search(subject):
                continue  # `item.get("type") == "message"`: an event's kind, whatever tool is named so (round 62, G)
            forwards = Forwards({subject} if subject else set(), self._branches[subject])
            walk(node.body, forwards)
            if len(entries) < 2 and not forwards.found:
                continue  # one `if tool.name == "x":` alone is special-casing, not a dispatch
            if subject not in self._acting and not forwards.found:
                continue  # every branch only returns a value (`return {"lines": 50}`): a lookup, not a dispatch
            # The names the call flow sends on (`tool_map[name](...)`, `handle_tool(name, args)`)
            # are dispatched too: credited when they go to a dispatch dict we read, else unknown.
            complete = all(self._reads_dict(target) for target in forwards.found) and not self._falls_through(node)
            span = entries[0][0].span  # its own: registries are told apart by where their value is
            label = f"{self.qualname}()" if len(self._dispatch) == 1 else f"{self.qualname}() on {subject or '?'}"
            self.found.append(RegistryDecl("maybe-handlers", label, DictVal(tuple(entries), span, complete),
                                           self.span_of(node.name)))

    def _falls_through(self, node: cst.FunctionDef) -> bool:
        """The function's last statement, after the chain, does the work of every other name
        with the arguments: `return json.dumps({"value": arguments["value"]})` (held-out
        round 106, C); not a raise, nor a reply that reads nothing of them."""
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
        last = body[-1] if body else None
        if not isinstance(last, cst.SimpleStatementLine) or isinstance(last.body[0], cst.Raise):
            return False
        return bool(dict_reads(last) & self.params)

    def _reads_dict(self, target: Optional[cst.BaseExpression]) -> bool:
        name = dotted(target) if target is not None else None
        if name is None:
            return False
        if name in self._local_handlers:
            return True
        return "." not in name and handler_like(self.evaluator.eval(target))


# subjects that hold a kind, not a tool's name: `block.type`, `item["type"]`, `msg.role`, `event`
_NOT_A_NAME = re.compile(r"(?:^|[.\['])(?:type|role|kind|event|status|object)'?\]?$")


def _given_a_definition(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and len(node.args) == 1 and node.args[0].keyword is None \
        and not node.args[0].star and _looks_like_tool(node.args[0].value)


def _lists_tools(decorator: cst.BaseExpression) -> bool:
    return isinstance(decorator, cst.Call) and isinstance(decorator.func, cst.Attribute) \
        and decorator.func.attr.value == "list_tools"


def scan_function(qualname: str, node: cst.FunctionDef, sig: FunctionSig, evaluator: Evaluator,
                  span_of, factories: Optional[Set[Tuple[int, int]]] = None) -> List[RegistryDecl]:
    """The registries one function declares; `factories` collects where it builds a tool
    from its own parameters, which framework readers must not take for a declaration."""
    scan = FunctionScan(qualname, parameters_shadowing(node, evaluator), span_of)  # decorators: outside
    if factories is not None:
        scan.factories = factories
    scan.params.update(p.name.value for p in parameters_of(node.params))
    scan.node = node
    scan.lists_tools = any(_lists_tools(d.decorator) for d in node.decorators)
    for decorator in node.decorators:
        # a project's own `@register_tool(name=..., description=..., parameters=...)`, or one
        # given the whole definition, `@tool({"name": ..., "input_schema": ...})` (round 30)
        if _looks_like_tool(decorator.decorator) or _given_a_definition(decorator.decorator):
            value = evaluator.eval(decorator.decorator)
            if tool_from_value(value) is not None:
                scan.found.append(RegistryDecl("loose", qualname, value, span_of(node.name), function=sig))
    if test_scope(node):
        return scan.found  # a test's or a fixture's tools are doubles and expected values, not declarations
    try:
        walk(node.body, scan)
    except RecursionError:
        return []
    scan.leave_FunctionDef_done(node)
    return scan.found
