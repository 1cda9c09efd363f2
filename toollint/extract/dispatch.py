"""Dispatch by comparison, inside one function: `if name == "x":` / `case "x":` branches,
what each calls (its handler), and where the compared name goes on outside them."""
from __future__ import annotations

import dataclasses
import re
from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from toollint.calledsig import CalledRef
from toollint.extract.callview import call_shape, read_names, through_call
from toollint.extract.evaluate import Evaluator, dotted, string_value
from toollint.extract.textscan import STDLIB
from toollint.extract.walk import walk
from toollint.model import Ref, Symbol, Value


def subject_key(node: cst.BaseExpression) -> Optional[str]:
    """What a dispatch compares, as one key: `name`, `block.name`, `call["name"]`,
    `call.get("name")`; None for anything else."""
    name = dotted(node)
    if name is not None:
        return name
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        base, key = subject_key(node.value), string_value(node.slice[0].slice.value)
        return f"{base}[{key!r}]" if base is not None and key is not None else None
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and len(node.args) == 1:
        base, key = subject_key(node.func.value), string_value(node.args[0].value)
        return f"{base}[{key!r}]" if base is not None and key is not None else None
    return None


def compared_literal(test: cst.BaseExpression) -> Optional[Tuple[str, cst.CSTNode]]:
    """`name == "x"` / `"x" == name` / `tool.name == "x"`."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if isinstance(target.operator, cst.Equal):
            for literal in (target.comparator, test.left):
                value = string_value(literal)
                if value is not None:
                    return value, literal
    return None


# Calls that take the tool name without dispatching it: logging, messages, type tests.
_NOT_FORWARDS = frozenset(("print", "str", "repr", "len", "isinstance", "format", "debug", "info", "warning",
                           "warn", "error", "exception", "critical", "log", "append", "add", "startswith",
                           "endswith", "lower", "upper", "strip"))


class Forwards(cst.CSTVisitor):
    """Outside the dispatching branches, where the compared name goes on: the dict it
    indexes (`tool_map[name]`, `handlers.get(name)`), or None for a call it is passed to."""

    def __init__(self, subjects: Set[str], branches: Set[int]) -> None:
        self.subjects = subjects
        self.branches = branches
        self.found: List[Optional[cst.BaseExpression]] = []

    def _is_subject(self, node: cst.BaseExpression) -> bool:
        return subject_key(node) in self.subjects

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> bool:
        return id(node) not in self.branches

    def visit_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> bool:
        return id(node) not in self.branches

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
                and self._is_subject(node.slice[0].slice.value):
            self.found.append(node.value)
        return True

    def visit_Call(self, node: cst.Call) -> bool:
        if not any(self._is_subject(a.value) for a in node.args if not a.star):
            return True
        func = node.func
        last = dotted(func).rpartition(".")[2] if dotted(func) else ""
        if isinstance(func, cst.Attribute) and last == "get":
            self.found.append(func.value)  # `handlers.get(name)`
        elif last not in _NOT_FORWARDS and not last[:1].isupper():
            self.found.append(None)  # `handle_tool(name, args)`, `getattr(self, name)`
        return True




class _Bound(cst.CSTVisitor):
    """The names a statement block binds (what it reads: callview.read_names)."""

    def __init__(self) -> None:
        self.found: Set[str] = set()

    def _bind(self, target: cst.CSTNode) -> None:
        if isinstance(target, cst.Name):
            self.found.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> bool:
        self._bind(node.target)
        return True

    def visit_AnnAssign(self, node: cst.AnnAssign) -> bool:
        self._bind(node.target)
        return True

    def visit_For(self, node: cst.For) -> bool:
        self._bind(node.target)
        return True

    def visit_CompFor(self, node: cst.CompFor) -> bool:
        self._bind(node.target)
        return True

    def visit_AsName(self, node: cst.AsName) -> bool:
        self._bind(node.name)
        return True

    def visit_NamedExpr(self, node: cst.NamedExpr) -> bool:
        self._bind(node.target)
        return True


def branch_locals(body: cst.CSTNode) -> Set[str]:
    """The names a branch binds itself: values it computed (`container = client.get(...)`)."""
    names = _Bound()
    walk(body, names)
    return names.found


def _read_base(node: cst.CSTNode) -> Optional[str]:
    """`args` of `args["k"]`, `args.get("k")`, `(args or {}).get("k")`."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
            and string_value(node.slice[0].slice.value) is not None:
        base: cst.BaseExpression = node.value
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and node.args and string_value(node.args[0].value) is not None:
        base = node.func.value
    else:
        return None
    if isinstance(base, cst.BooleanOperation):
        base = base.left
    name = dotted(base)
    return name.partition(".")[0] if name else None


class _DictReads(cst.CSTVisitor):
    """The names a block reads keys of: the dicts that hold a tool's arguments."""

    def __init__(self) -> None:
        self.found: Set[Optional[str]] = set()

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        self.found.add(_read_base(node))
        return True

    def visit_Call(self, node: cst.Call) -> bool:
        self.found.add(_read_base(node))
        return True


def dict_reads(node: cst.CSTNode) -> Set[str]:
    reads = _DictReads()
    walk(node, reads)
    return {n for n in reads.found if n}


def _feeds(expr: cst.BaseExpression, names: Set[str], depth: int = 0) -> bool:
    """Whether an argument is the arguments dict, a value read from it, or a call or
    attribute of one (`int(args["n"])`); a dict built for a reply (`{"id": args["id"]}`)
    is not."""
    if isinstance(expr, cst.Name):
        return expr.value in names
    base = _read_base(expr)
    if base is not None:
        return base in names
    if isinstance(expr, (cst.Attribute, cst.Subscript)):
        return _feeds(expr.value, names, depth)
    if isinstance(expr, cst.Await):
        return _feeds(expr.expression, names, depth)
    return isinstance(expr, cst.Call) and depth < 3 and any(_feeds(a.value, names, depth + 1) for a in expr.args)


def _not_given_arguments(node: cst.Call, carriers: Optional[Set[str]], held: Optional[Set[str]] = None,
                         inline: bool = False) -> bool:
    """`to_dict(container)`, `[fmt(c) for c in rows]`: a call given only what the branch
    computed (or module globals) formats a result; a handler is given the tool's arguments
    (`**args`, `arguments`, `block.input`), which the branch gets from outside. Where the
    function reads keys of some carriers (`held`: `args.get("order_id")`), only those hold
    the arguments: `self.send_response(request_id, {...})` is a reply (held-out round 11),
    and a call given nothing is no handler in a branch that reads the arguments itself."""
    if carriers is None:
        return False
    read: Set[str] = set()
    for arg in node.args:
        if arg.star:
            return False
        read |= read_names(arg.value)
    if not read:
        return inline
    if not held:
        return not read & carriers
    return not any(_feeds(arg.value, held) for arg in node.args)


class FirstCall(cst.CSTVisitor):
    """A branch's handler: the first call of a project function given the tool's
    arguments. What a branch builds to return (`TextContent(...)`, `json.dumps(...)`,
    `to_dict(container)`) is not one."""

    def __init__(self, evaluator: Evaluator, owner: str, carriers: Optional[Set[str]] = None,
                 held: Optional[Set[str]] = None, inline: bool = False) -> None:
        self.evaluator = evaluator
        self.owner = owner  # the class of the scanned method, "" for a function
        self.carriers = carriers  # names that can hold the tool's arguments; None: any
        self.held = held  # those of them the function reads keys of
        self.inline = inline  # the branch itself reads keys of one of them
        self.found: Optional[Value] = None
        self.given = False  # some call is given the arguments, read or not

    def visit_Call(self, node: cst.Call) -> bool:
        if self.found is not None:
            return False
        given = self._given(node)
        self.given = self.given or given
        if given and not self._relays(node):
            self.found = self._handler(node)
        return self.found is None

    def _given(self, node: cst.Call) -> bool:
        name = dotted(node.func) if isinstance(node.func, (cst.Name, cst.Attribute)) else None
        return name is not None and not name.rpartition(".")[2][:1].isupper() \
            and not _not_given_arguments(node, self.carriers, self.held, self.inline)

    def _relays(self, node: cst.Call) -> bool:
        """`self.send_response(request_id, self.lookup(args))`: the call is given what a
        handler returns, and that handler is the one given the arguments."""
        for arg in node.args:
            value = arg.value.expression if isinstance(arg.value, cst.Await) else arg.value
            if isinstance(value, cst.Call) and self._given(value) and self._handler(value) is not None:
                return True
        return False

    def _handler(self, node: cst.Call) -> Optional[Value]:
        """The project function `node` calls, as the call reaches it; None for any other."""
        head, _, rest = (dotted(node.func) or "").partition(".")
        if head == "self" and self.owner and f"{self.owner}.{rest}" in self.evaluator.functions:
            method = f"{self.owner}.{rest}"  # `self._navigate(args)`
            return Symbol(method, self.evaluator.span_of(node.func), self._through(node, self.evaluator.functions[method]))
        value = self.evaluator.eval(node.func)
        if isinstance(value, Symbol) and value.function is not None:
            return dataclasses.replace(value, function=self._through(node, value.function))
        if isinstance(value, Ref) and value.module.split(".")[0] not in STDLIB:
            passed = call_shape(node, self.carriers, self.held, self.evaluator.span_of, self.evaluator)
            return value if passed is None or value.spread else \
                CalledRef(value.module, value.name, value.span, passed=passed)
        return None

    def _through(self, node: cst.Call, function):
        return through_call(function, node, self.carriers, self.evaluator.span_of, self.evaluator, self.held)

    def visit_FunctionDef(self, node) -> bool:
        return False


def member_literals(test: cst.BaseExpression) -> Optional[Tuple[str, List[Tuple[str, cst.CSTNode]]]]:
    """`name in {"a", "b"}` (or a tuple or list of literals): its subject and each name with
    its literal; None for anything else."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.In)):
        return None
    names = test.comparisons[0].comparator
    subject = subject_key(test.left)
    if subject is None or not isinstance(names, (cst.Set, cst.Tuple, cst.List)) or not names.elements:
        return None
    found = [(string_value(e.value), e.value) for e in names.elements if isinstance(e, cst.Element)]
    if len(found) != len(names.elements) or any(name is None for name, _ in found):
        return None
    return subject, found


Keys = List[Tuple[Tuple[str, cst.CSTNode], Optional[cst.BaseExpression]]]


def if_chain(node: cst.If, guard) -> Tuple[List[cst.If], List[Tuple[Keys, cst.CSTNode, Optional[str]]]]:
    """The ifs of `if name == "a": ... elif name in {"b", "c"}: ... else: ...` and each
    branch's names (with the literal and the test), body and subject (None: the test's).
    `name in {...}` counts in a chain of several branches (alone it guards checks that
    follow); a final `else` under `if name in {...}:` (`guard`, the nearest enclosing one)
    dispatches the guard's names that no branch before it takes."""
    ifs: List[cst.If] = []
    branch: Optional[cst.If] = node
    orelse = None
    while isinstance(branch, cst.If):
        ifs.append(branch)
        orelse = branch.orelse
        branch = orelse if isinstance(orelse, cst.If) else None
    out: List[Tuple[Keys, cst.CSTNode, Optional[str]]] = []
    taken: Set[str] = set()
    subjects: Set[str] = set()
    for branch in ifs:
        # `name == "agent_chat" or name == "chat"`: each name, one handler
        keys: Keys = []
        for test in _or_sides(branch.test):
            literal, members = compared_literal(test), member_literals(test) if len(ifs) > 1 else None
            if literal is not None:
                keys.append((literal, test))
                other = test.comparisons[0].comparator if literal[1] is test.left else test.left
                subjects.add(subject_key(other) or "")
            elif members is not None:
                keys.extend((member, test) for member in members[1])
                subjects.add(members[0])
        if keys:
            out.append((keys, branch.body, None))
            taken.update(key[0] for key, _ in keys)
    if isinstance(orelse, cst.Else) and guard is not None and guard[0] in subjects:
        rest: Keys = [(member, None) for member in guard[1] if member[0] not in taken]
        if rest:
            out.append((rest, orelse.body, guard[0]))
    return ifs, out


def _or_sides(test: cst.BaseExpression) -> List[cst.BaseExpression]:
    """The sides of an `or` (nested too); the test itself otherwise."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _or_sides(test.left) + _or_sides(test.right)
    return [test]


_UNKNOWN = re.compile(r"\b(?:unknown|unsupported|invalid|no\s+such)\s+(?:tool|function|action|command)\b", re.IGNORECASE)


class _Strings(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found = False

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        self.found = self.found or bool(_UNKNOWN.search(node.value))

    def visit_FormattedStringText(self, node: cst.FormattedStringText) -> None:
        self.found = self.found or bool(_UNKNOWN.search(node.value))


def unknown_tool_reply(node: cst.FunctionDef) -> bool:
    """Whether the function says "Unknown tool: x" somewhere: what a dispatcher answers a name
    it does not handle, and a policy check or a formatter does not."""
    strings = _Strings()
    walk(node, strings)
    return strings.found


_DATA_KEYWORDS = frozenset(("json", "data", "params", "body", "payload", "content"))


class _SentAsData(cst.CSTVisitor):
    def __init__(self, name: str) -> None:
        self.name = name
        self.found = False

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None and node.keyword.value in _DATA_KEYWORDS and dotted(node.value) == self.name:
            self.found = True


def sent_as_data(node: cst.FunctionDef, name: str) -> bool:
    """Whether the function hands the dict `name` to a call as a request body (`json=payload`)."""
    found = _SentAsData(name)
    walk(node, found)
    return found.found


def context_names(node: cst.FunctionDef, params: Set[str]) -> Set[str]:
    """Names the function binds, at its top level, only to calls given none of its parameters
    (`settings = load_settings()`): the server's own context, not the tool's arguments, so a
    helper handed one is no handler (held-out round 84, A: its reads of the settings were
    reported as undeclared arguments)."""
    values: Dict[str, List[cst.BaseExpression]] = {}
    for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                    values.setdefault(small.targets[0].target.value, []).append(small.value)
    out: Set[str] = set()
    for name, bound in values.items():
        calls = [v.expression if isinstance(v, cst.Await) else v for v in bound]
        if all(isinstance(c, cst.Call) and not read_names(c.func) & params  # `params.get("arguments")` reads one
               and not any(a.star or read_names(a.value) & params for a in c.args) for c in calls):
            out.add(name)
    return out
