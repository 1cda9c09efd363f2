"""crewAI tool classes whose base another project module defines (issue 16), read while
linking: `from app.tools.base import ShopTool` then `class SearchOrders(ShopTool)` is a
CrewClass (toollint.deferred) that extraction left with what the classes of its own module
set; here the base's module is parsed (toollint.extract.foreign), and on along the
single-base chain to crewAI's BaseTool, as Python looks the class attributes up
(frameworks/crewai.py). A class of another module is parsed whole here, so any store to
`.name`/`.description`/`.args_schema`, `setattr()` or `__dict__` in it leaves that attribute
unresolved (the test extract/inherited.py makes for `self.name`)."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, Optional, Set, Tuple

import libcst as cst

from toollint.deferred import CrewClass
from toollint.extract.foreign import _prepare
from toollint.extract.inherited import _Stores, _flatten
from toollint.frameworks.crewai import ATTRS, BASE_TOOL, View, collect, definition, tool_chain
from toollint.model import ModuleFacts, RegistryDecl, Value

_MAX_HOPS = 12  # modules a chain crosses, re-exports followed; deeper is a cycle
# what a class may store, by node identity (libcst nodes hash so); held here, a node's id is never reused
_STORED: Dict[cst.ClassDef, Set[str]] = {}


def settled(decl: RegistryDecl, lookup: Callable[[str], Optional[ModuleFacts]]) -> Optional[RegistryDecl]:
    """The definition of a CrewClass, read on along its bases in other project modules; if a
    base is no project class (an installed library's), has several bases, or the chain does
    not reach crewAI's BaseTool, what else read the class (`fallback`); None: neither."""
    from toollint.front import deep

    value = decl.value
    made = deep.call(_settle, value, lookup)
    if made is not None:
        return replace(decl, value=made)
    return replace(decl, value=value.fallback, function=value.fallback_function) if value.fallback else None


def _settle(value: CrewClass, lookup: Callable[[str], Optional[ModuleFacts]]) -> Optional[Value]:
    found, changed = dict(value.found), set(value.changed)
    where: Optional[Tuple[str, str]] = (value.module, value.base)
    for _ in range(_MAX_HOPS):
        located = _located(where[0], where[1], lookup)
        if located is None:
            return None
        view, cls = located
        chain, where = tool_chain(cls, view.classes, view.imports)
        if where is None:
            return None
        collect(view, chain, found, changed, value.span, _stored)
        if where == BASE_TOOL:
            return definition(value.cls, found, changed, value.span)
    return None


def _located(module: str, name: str, lookup: Callable[[str], Optional[ModuleFacts]]) -> Optional[Tuple[View, str]]:
    """The module that defines the class `name` of `module` (through re-exports), and its name there."""
    for _ in range(_MAX_HOPS):
        facts = lookup(module)
        prepared = _prepare(facts.path, facts.module) if facts is not None else None
        if prepared is None:
            return None
        extractor, evaluator, functions = prepared
        if name in extractor.classes:
            lines = extractor.text.splitlines()
            return View(extractor.classes, extractor.imports, extractor.names, extractor.targets, evaluator,
                        functions, extractor.span_of,
                        lambda span: "\n".join(lines[span.line - 1:span.end_line])), name
        source = extractor.imports.get(name)  # `from .base import ShopTool` in a package's __init__.py
        if source is None or not source[1]:
            return None
        module, name = source
    return None


def _stored(node: cst.ClassDef) -> Set[str]:
    """The attributes of ATTRS the class may store to; all of them on setattr(), __dict__ and
    the like. Once a class: the classes of a parsed module recur (extract.foreign keeps them)."""
    if node not in _STORED:
        if len(_STORED) > 256:
            _STORED.clear()
        finder = _AnyStores()
        node.body.visit(finder)
        _STORED[node] = set(ATTRS) if finder.found else finder.attrs
    return _STORED[node]


class _AnyStores(_Stores):
    """extract/inherited.py's _Stores for every attribute of ATTRS in one walk."""

    def __init__(self) -> None:
        super().__init__("")
        self.attrs: Set[str] = set()

    def _target(self, target: cst.CSTNode) -> None:
        for node in _flatten(target):
            if isinstance(node, cst.Attribute) and node.attr.value in ATTRS:
                self.attrs.add(node.attr.value)

