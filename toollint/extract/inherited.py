"""Whether a class another module defines can set an attribute on its instances (issue 18):
`class CreateTextFileHandler(BaseHandler): name = "create_text_file"` then
`Tool(name=self.name)`, with `from .base import BaseHandler`, is the class's own `name`
only if no `__init__` or other method of BaseHandler, or of its bases, can set it.

Read while linking: the base's module is parsed here, on demand (toollint.extract.foreign).
Precision first, the answer is yes (can set) for anything not read whole: a base that is
not a project module's class (an installed library's), a decorated class (a dataclass makes
an `__init__`), a metaclass, a base written as other than a name, any store to `.<attr>`,
`setattr`, `vars()`, `__dict__`, `exec`, `__setattr__`/`__init_subclass__`/`__new__`,
or the attribute bound in the class body to anything but a literal (a property, a
descriptor whose `__set__` runs on the subclass's own `self.name = ...`).
"""
from __future__ import annotations

from typing import Callable, Optional

import libcst as cst

from toollint.model import ModuleFacts

Lookup = Callable[[str], Optional[ModuleFacts]]
_MAX_HOPS = 12  # bases and re-exports followed; deeper is a cycle
_DYNAMIC = frozenset({"setattr", "vars", "exec", "__dict__", "__setattr__", "__init_subclass__", "__new__",
                      "__getattribute__"})
_NO_STATE = frozenset({("abc", "ABC"), ("builtins", "object")})
_LITERALS = (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)


def never_sets(module: str, name: str, attr: str, lookup: Lookup) -> bool:
    """Whether the class `name` of the project module `module` (its bases too) provably
    never sets `attr` on an instance."""
    from toollint.front import deep

    return bool(deep.call(_never_sets, module, name, attr, lookup, 0))


def _never_sets(module: str, name: str, attr: str, lookup: Lookup, hops: int) -> bool:
    if hops > _MAX_HOPS or (module, name) in _NO_STATE:
        return hops <= _MAX_HOPS
    facts = lookup(module)
    prepared = _prepare(facts) if facts is not None else None
    if prepared is None:
        return False  # not a project module: an installed library's class may set anything
    extractor = prepared[0]
    node = extractor.classes.get(name)
    if node is None:
        source = extractor.imports.get(name)  # re-exported: `from .base import BaseHandler`
        return source is not None and bool(source[1]) and _never_sets(source[0], source[1], attr, lookup, hops + 1)
    return _class_never_sets(node, extractor, attr, lookup, hops)


def _prepare(facts: ModuleFacts):
    from toollint.extract.foreign import _prepare as prepare

    return prepare(facts.path, facts.module)


def _class_never_sets(node: cst.ClassDef, extractor, attr: str, lookup: Lookup, hops: int) -> bool:
    if hops > _MAX_HOPS or node.decorators or node.keywords or _may_set(node, attr):
        return False
    for base in node.bases:
        if base.star or not isinstance(base.value, cst.Name):
            return False  # `Generic[T]`, `mod.Base`, `*bases`: not read
        local = base.value.value
        if local == "object":
            continue
        if local in extractor.imports:
            module, name = extractor.imports[local]
            if not name or not _never_sets(module, name, attr, lookup, hops + 1):
                return False
        elif local in extractor.classes and "." not in local:
            if not _class_never_sets(extractor.classes[local], extractor, attr, lookup, hops + 1):
                return False
        else:
            return False
    return True


def _may_set(node: cst.ClassDef, attr: str) -> bool:
    """Whether the class's body or methods may set `attr`: over-counting only leaves the
    subclass's value unresolved."""
    finder = _Stores(attr)
    node.body.visit(finder)
    return finder.found or _bound_in_body(node, attr)


def _bound_in_body(node: cst.ClassDef, attr: str) -> bool:
    """`attr` defined in the class body other than as a literal (`name: str = ""` is fine:
    the subclass's own value hides it)."""
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    for stmt in body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) and stmt.name.value == attr:
            return True
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign) and any(_is_name(t.target, attr) for t in small.targets):
                if not isinstance(small.value, _LITERALS) and not _is_name(small.value, "None"):
                    return True
            elif isinstance(small, cst.AnnAssign) and _is_name(small.target, attr) and small.value is not None:
                if not isinstance(small.value, _LITERALS) and not _is_name(small.value, "None"):
                    return True
    return False


def _is_name(node: cst.CSTNode, value: str) -> bool:
    return isinstance(node, cst.Name) and node.value == value


class _Stores(cst.CSTVisitor):
    """Any store to `<anything>.<attr>`, and any dynamic attribute setting."""

    def __init__(self, attr: str) -> None:
        self.attr = attr
        self.found = False

    def _target(self, target: cst.CSTNode) -> None:
        for node in _flatten(target):
            if isinstance(node, cst.Attribute) and node.attr.value == self.attr:
                self.found = True

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._target(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._target(node.target)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._target(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:
        self._target(node.name)

    def visit_Del(self, node: cst.Del) -> None:
        self._target(node.target)

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in _DYNAMIC:
            self.found = True


def _flatten(target: cst.CSTNode):
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _flatten(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _flatten(target.value)
    else:
        yield target
