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
    if kind.on_visit is _ON_VISIT and kind.on_leave is _ON_LEAVE and not _own_hooks(visitor) \
            and _plain_hooks(kind):
        _walk_hooks(node, visitor, kind, _skipped(kind))
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
_HOOKS: Dict[Tuple[type, type], Tuple[Optional[Callable], Optional[Callable]]] = {}
_PLAIN: Dict[type, bool] = {}


def _walk_hooks(node: cst.CSTNode, visitor: cst.CSTVisitor, kind: type, skip: frozenset) -> None:
    hooks = _HOOKS.get((kind, type(node)))
    if hooks is None:
        hooks = _HOOKS[(kind, type(node))] = (_hook(kind, "visit_" + type(node).__name__),
                                              _hook(kind, "leave_" + type(node).__name__))
    visit, leave = hooks
    # on_visit: children are visited unless the hook returns False itself
    if visit is None or visit(visitor, node) is not False:
        for name in _child_fields(node):
            child = getattr(node, name)
            if type(child) in skip:
                continue
            if _is_node(child):
                _walk_hooks(child, visitor, kind, skip)
            elif isinstance(child, (tuple, list)):
                for item in child:
                    if type(item) not in skip:
                        _walk_hooks(item, visitor, kind, skip)
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
_SKIPPED: Dict[type, frozenset] = {}


def _skipped(kind: type) -> frozenset:
    """The node classes a walk with this visitor class need not enter: TRIVIA, unless it
    hooks one of them."""
    skip = _SKIPPED.get(kind)
    if skip is None:
        hooked = any(_hook(kind, prefix + t.__name__) is not None for t in TRIVIA for prefix in ("visit_", "leave_"))
        skip = _SKIPPED[kind] = _NOTHING if hooked else TRIVIA
    return skip


def _hook(kind: type, name: str) -> Optional[Callable]:
    for klass in kind.__mro__:
        if name in klass.__dict__:
            found = klass.__dict__[name]
            return None if found.__module__ == "libcst._typed_visitor" else found
    return None


def _plain_hooks(kind: type) -> bool:
    """Whether every visit_/leave_ attribute the class has is a plain function (a staticmethod,
    a classmethod or a callable object would be called otherwise than getattr's bound method)."""
    plain = _PLAIN.get(kind)
    if plain is None:
        plain = _PLAIN[kind] = all(
            isinstance(value, FunctionType)
            for klass in kind.__mro__ for key, value in klass.__dict__.items()
            if key.startswith(("visit_", "leave_")))
    return plain


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
    found = []

    class _Visitor(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == name:
                found.append(node)

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == name:
                found.append(node)

    walk(stmt, _Visitor())
    return bool(found)


def rebinds(stmt: cst.BaseStatement, name: str) -> bool:
    """Whether a statement of the wrapper assigns the function parameter (`fn = other(fn)`)."""
    found = []

    class _Visitor(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name) and node.target.value == name:
                found.append(node)

    walk(stmt, _Visitor())
    return bool(found)


def stores_into(stmt: cst.BaseStatement, name: str) -> bool:
    """Whether a statement assigns an attribute or item of `name` (`fn.__doc__ = ...`)."""
    found = []

    class _Visitor(cst.CSTVisitor):
        def _target(self, target: cst.BaseExpression) -> None:
            if isinstance(target, (cst.Attribute, cst.Subscript)) and isinstance(target.value, cst.Name) \
                    and target.value.value == name:
                found.append(target)

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            self._target(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._target(node.target)

    walk(stmt, _Visitor())
    return bool(found)
