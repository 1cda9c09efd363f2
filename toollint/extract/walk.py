"""A read-only walk of a libcst tree with a CSTVisitor: the same hooks in the same order
as `node.visit(visitor)`, without rebuilding the tree.

libcst's traversal is written for transformers: every node it passes through is built
again from its visited children, even for a visitor that changes nothing, and that
construction (dataclass init and validation) is most of a visit's cost (measured: 2.6x
slower than this walk over the benchmark's tool modules). Which attributes hold children,
and in what order, is libcst's own answer: each node class is asked once, by running its
`_visit_and_replace_children` with a probe that records the attributes it is given and
descends nowhere. tests/engine/test_engine.py checks that the visits are libcst's, node for
node, over every corpus.
"""
from __future__ import annotations

import dataclasses
import weakref
from types import FunctionType
from typing import Callable, Dict, List, Optional, Tuple

import libcst as cst

# class -> (attributes libcst visits, in order; the class's other attributes)
_CHILD_FIELDS: Dict[type, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {}


class _Probe(cst.CSTVisitor):
    def __init__(self, parent: cst.CSTNode) -> None:
        self.parent = parent
        self.fields: List[str] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        return False

    def on_leave(self, original_node: cst.CSTNode) -> None:
        pass

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        if node is self.parent:
            self.fields.append(attribute)

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        pass


# type -> whether it is a libcst node. CSTNode is an abstract base class, so isinstance with
# it runs ABCMeta.__instancecheck__, a Python function: 0.9 million calls on the benchmark's
# tool modules, a quarter of the walk.
_IS_NODE: Dict[type, bool] = {}


def _is_node(value) -> bool:
    kind = type(value)
    known = _IS_NODE.get(kind)
    if known is None:
        known = _IS_NODE[kind] = issubclass(kind, cst.CSTNode)
    return known


def _holds_nodes(value) -> bool:
    return _is_node(value) or (isinstance(value, (tuple, list)) and bool(value) and _is_node(value[0]))


def _child_fields(node: cst.CSTNode) -> Tuple[str, ...]:
    known = _CHILD_FIELDS.get(type(node))
    # A few classes visit an attribute only when it is set (FormattedStringExpression's
    # format_spec): a node holding nodes where the probed one held none is probed itself.
    if known is not None:
        for name in known[1]:
            if _holds_nodes(getattr(node, name)):
                break
        else:
            return known[0]
    probe = _Probe(node)
    node._visit_and_replace_children(probe)
    fields = tuple(probe.fields)
    if known is None or len(fields) > len(known[0]):
        # tested at every node, so only what may hold a node: dataclasses.fields leaves out
        # the ClassVar pseudo-fields (`__slots__`, on every class), and a field declared
        # `str` or `bool` (Name.value, EmptyLine.indent) holds none
        others = tuple(f.name for f in dataclasses.fields(node)
                       if f.name not in fields and f.type not in (str, bool))
        _CHILD_FIELDS[type(node)] = (fields, others)
    return fields


def walk(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """`node.visit(visitor)` for a visitor that only reads (attribute hooks are not called)."""
    kind = type(visitor)
    plan = _PLANS.get(kind)
    if plan is None:
        plan = _PLANS[kind] = _plan(kind)
    if plan is not None and not _own_hooks(visitor):
        _walk_hooks(node, visitor, plan[0], plan[1], kind)
    else:
        _walk(node, visitor)


def _walk(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    if visitor.on_visit(node):
        for name in _child_fields(node):
            child = getattr(node, name)
            if _is_node(child):
                _walk(child, visitor)
            elif isinstance(child, (tuple, list)):
                for item in child:
                    _walk(item, visitor)
    visitor.on_leave(node)


# CSTVisitor's on_visit and on_leave look up `visit_<Class>` and `leave_<Class>` by name at
# every node (an f-string and a getattr each, and a call of libcst's empty default for
# every class the visitor does not handle): a third of a walk. For a visitor that keeps
# them, the hooks of each (visitor class, node class) are looked up once, as the same
# functions getattr would find, libcst's empty defaults left out.
_ON_VISIT = cst.CSTVisitor.on_visit
_ON_LEAVE = cst.CSTVisitor.on_leave
Hooks = Dict[type, Tuple[Optional[Callable], Optional[Callable]]]


def _walk_hooks(node: cst.CSTNode, visitor: cst.CSTVisitor, hooks: Hooks, skip: frozenset, kind: type) -> None:
    found = hooks.get(type(node))
    if found is None:
        found = hooks[type(node)] = (_hook(kind, "visit_" + type(node).__name__),
                                     _hook(kind, "leave_" + type(node).__name__))
    visit, leave = found
    # on_visit: children are visited unless the hook returns False itself
    if visit is None or visit(visitor, node) is not False:
        for name in _child_fields(node):
            child = getattr(node, name)
            if type(child) in skip:
                continue
            if _is_node(child):
                _walk_hooks(child, visitor, hooks, skip, kind)
            elif isinstance(child, (tuple, list)):
                for item in child:
                    if type(item) not in skip:
                        _walk_hooks(item, visitor, hooks, skip, kind)
    if leave is not None:
        leave(visitor, node)


# Whitespace, comments, operators, commas and brackets: half the nodes of a module, and
# nodes that hold only their own kind (tests/engine/test_engine.py checks that closure).
# A visitor with no hook for any of them would enter and leave each for nothing, so its
# walk does not descend into them: the hooks it has are called as before, in the same order.
def _trivia() -> frozenset:
    import inspect

    from libcst._nodes import expression, op, whitespace

    kinds = {c for m in (op, whitespace) for c in vars(m).values()
             if inspect.isclass(c) and issubclass(c, cst.CSTNode) and c.__module__ == m.__name__
             and not inspect.isabstract(c)}
    kinds.update((expression.LeftParen, expression.RightParen, expression.LeftSquareBracket,
                  expression.RightSquareBracket, expression.LeftCurlyBrace, expression.RightCurlyBrace))
    return frozenset(kinds)


TRIVIA = _trivia()
_NOTHING: frozenset = frozenset()

# visitor class -> (its hooks by node class, the node classes its walk need not enter), or
# None when it is walked as libcst would (its own on_visit, a hook that is no plain
# function). Held weakly: a visitor class made inside a function, once a call, goes with it
# (with strong keys, 174 such classes and their tables stayed for the process's life after
# checking three repositories: a language server's memory grew with every lint).
_PLANS: "weakref.WeakKeyDictionary[type, Optional[Tuple[Hooks, frozenset]]]" = weakref.WeakKeyDictionary()


def _plan(kind: type) -> Optional[Tuple[Hooks, frozenset]]:
    if kind.on_visit is not _ON_VISIT or kind.on_leave is not _ON_LEAVE or not _plain_hooks(kind):
        return None
    return {}, _skipped(kind)


def _skipped(kind: type) -> frozenset:
    """The node classes a walk with this visitor class need not enter: TRIVIA, unless it
    hooks one of them."""
    hooked = any(_hook(kind, prefix + t.__name__) is not None for t in TRIVIA for prefix in ("visit_", "leave_"))
    return _NOTHING if hooked else TRIVIA


def _hook(kind: type, name: str) -> Optional[Callable]:
    for klass in kind.__mro__:
        if name in klass.__dict__:
            found = klass.__dict__[name]
            return None if found.__module__ == "libcst._typed_visitor" else found
    return None


def _plain_hooks(kind: type) -> bool:
    """Whether every visit_/leave_ attribute the class has is a plain function (a staticmethod,
    a classmethod or a callable object would be called otherwise than getattr's bound method)."""
    return all(isinstance(value, FunctionType)
               for klass in kind.__mro__ for key, value in klass.__dict__.items()
               if key.startswith(("visit_", "leave_")))


def _own_hooks(visitor: cst.CSTVisitor) -> bool:
    """Whether the instance itself holds a hook (or on_visit), which getattr would find before the class's."""
    own = getattr(visitor, "__dict__", None)
    return bool(own) and any(key.startswith(("visit_", "leave_", "on_")) for key in own)


def headers(stmt: cst.CSTNode) -> List[cst.CSTNode]:
    """The expressions a compound statement evaluates before its blocks (if/while test, for iterable...)."""
    if isinstance(stmt, (cst.If, cst.While)):
        return [stmt.test]
    if isinstance(stmt, cst.For):
        return [stmt.iter]
    if isinstance(stmt, cst.With):
        return list(stmt.items)
    if isinstance(stmt, cst.Match):
        return [stmt.subject]
    return []


def child_blocks(stmt: cst.CSTNode) -> List[cst.CSTNode]:
    """A compound statement's blocks in source order; an elif as its own If."""
    out: List[cst.CSTNode] = []
    body = getattr(stmt, "body", None)
    if isinstance(body, cst.BaseSuite):
        out.append(body)
    for case in getattr(stmt, "cases", ()) or ():
        out.append(case.body)
    for handler in getattr(stmt, "handlers", ()) or ():
        out.append(handler.body)
    orelse = getattr(stmt, "orelse", None)
    if isinstance(orelse, cst.If):
        out.append(orelse)  # an elif is walked as an if of its own
    elif orelse is not None:
        out.append(orelse.body)
    final = getattr(stmt, "finalbody", None)
    if final is not None:
        out.append(final.body)
    return out


def local_defs(body) -> Dict[str, cst.FunctionDef]:
    """The defs of a function body, also inside its `if`/`try`/`with`/loop blocks (held-out
    round 48, M1: `if interactive: def ask_user(...)` then `register_for_llm(...)(ask_user)`);
    a name defined twice (`if x: def f` / `else: def f`) is not known to be either."""
    found: Dict[str, List[cst.FunctionDef]] = {}
    todo = [body]
    while todo:
        for stmt in todo.pop():
            if isinstance(stmt, cst.FunctionDef):
                found.setdefault(stmt.name.value, []).append(stmt)
            elif not isinstance(stmt, (cst.ClassDef, cst.SimpleStatementLine)):
                for block in child_blocks(stmt):
                    if isinstance(block, cst.IndentedBlock):
                        todo.append(block.body)
                    elif isinstance(block, cst.If):
                        todo.append([block])
    return {name: defs[0] for name, defs in found.items() if len(defs) == 1}


def changes(stmt: cst.BaseStatement, name: str) -> bool:
    """Whether a statement stores into or calls a method of `name` (`kwargs["x"] = 1`, `kwargs.pop("x")`)."""
    return _found(stmt, _Changes(name))


def rebinds(stmt: cst.BaseStatement, name: str) -> bool:
    """Whether a statement of the wrapper assigns the function parameter (`fn = other(fn)`)."""
    return _found(stmt, _Rebinds(name))


def stores_into(stmt: cst.BaseStatement, name: str) -> bool:
    """Whether a statement assigns an attribute or item of `name` (`fn.__doc__ = ...`)."""
    return _found(stmt, _StoresInto(name))


def sets_identity(stmt: cst.CSTNode, name: str) -> bool:
    """Whether a statement sets the function's `__doc__`, `__name__`, `__qualname__` or
    `__signature__` (`proxy.__doc__ = td.description`)."""
    return _found(stmt, _SetsIdentity(name))


class _Finder(cst.CSTVisitor):
    # one class each, not one a call: a walk looks a class's hooks up once
    def __init__(self, name: str) -> None:
        self.name = name
        self.found = False

    def _on(self, target: cst.BaseExpression) -> bool:
        return isinstance(target, cst.Name) and target.value == self.name


def _found(stmt: cst.BaseStatement, finder: _Finder) -> bool:
    walk(stmt, finder)
    return finder.found


class _Changes(_Finder):
    def visit_Subscript(self, node: cst.Subscript) -> None:
        self.found = self.found or self._on(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.found = self.found or self._on(node.value)


class _SetsIdentity(_Finder):
    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        target = node.target
        self.found = self.found or (isinstance(target, cst.Attribute) and self._on(target.value) and target.attr.value
                                    in ("__doc__", "__name__", "__qualname__", "__signature__"))


class _Rebinds(_Finder):
    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.found = self.found or self._on(node.target)


class _StoresInto(_Finder):
    def _target(self, target: cst.BaseExpression) -> None:
        if isinstance(target, (cst.Attribute, cst.Subscript)) and self._on(target.value):
            self.found = True

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._target(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target)
