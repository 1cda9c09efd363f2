"""Comprehensions over a module's literal list, evaluated item by item, and the fields of
the records those items are (held-out round 76, M2: a low-level server's 51 tools):

    CATALOG = [("ping", _spec("ping", "Check connectivity")), ...]
    return [types.Tool(name=spec.name, description=spec.description or "", inputSchema=spec.parameters)
            for _method, spec in CATALOG]

The loop variables are bound to each item (a tuple unpacked by position), the element is
evaluated with them, and each result is placed on its item, where its literals are. Only a
plain comprehension counts: one `for`, no `if` (a filter may drop any item), over a list
read whole. A record's field is a keyword of the call that made it (`ToolSpec(name=...)`);
a positional one, or a field the call does not set, stays unknown. Over another module's
list the element is kept with its loop variables as LoopFields (toollint.deferred), and
linking instantiates it per item (link/comprehended.py).
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, List, Optional, Union

import libcst as cst

from toollint.deferred import Comprehended, LoopField
from toollint.link.comprehended import MAX_ITEMS, unpack
from toollint.model import CallVal, Const, DictVal, ListVal, Ref, Unresolved, Value

if TYPE_CHECKING:
    from toollint.extract.evaluate import Evaluator


def comprehension(node: Union[cst.ListComp, cst.GeneratorExp], ev: "Evaluator", depth: int) -> Value:
    span = ev.span_of(node)
    loop = node.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
        return Unresolved("a comprehension with a filter or a second loop", span)
    source = ev.eval(loop.iter, depth)
    if isinstance(source, Ref) and not source.spread:  # another module's list: linking instantiates it
        target = _shape(loop.target)
        if target is None:
            return Unresolved("a comprehension whose items do not unpack as written", span)
        bound = {name: LoopField(name, (), span) for name in _names(target)}
        return ListVal((Comprehended(source, target, ev.with_bindings(bound).eval(node.elt, depth), span),), span)
    if not isinstance(source, ListVal) or not source.complete or not source.items or len(source.items) > MAX_ITEMS:
        return Unresolved("a comprehension over what is not a constant list", span)
    target = _shape(loop.target)
    out: List[Value] = []
    for item in source.items:
        bound = unpack(target, item) if target is not None else None
        if bound is None:
            return Unresolved("a comprehension whose items do not unpack as written", span)
        made = ev.with_bindings(bound).eval(node.elt, depth)
        out.append(dataclasses.replace(made, span=item.span) if isinstance(made, (CallVal, DictVal, ListVal)) else made)
    return ListVal(tuple(out), span)


def _shape(target: cst.BaseExpression) -> Optional[object]:
    """The loop target as plain data: a name, or a tuple of shapes (picklable, for linking)."""
    if isinstance(target, cst.Name):
        return target.value
    if not isinstance(target, (cst.Tuple, cst.List)):
        return None
    parts = tuple(_shape(e.value) if isinstance(e, cst.Element) else None for e in target.elements)
    return None if any(p is None for p in parts) else parts


def _names(shape: object) -> List[str]:
    return [shape] if isinstance(shape, str) else [n for part in shape for n in _names(part)]


def either(node: cst.BooleanOperation, ev: "Evaluator", depth: int) -> Value:
    """`spec.description or ""`, `props or {}`: the left when it is a constant (or a literal
    dict or list) that is true, the right when it is one that is false; unknown otherwise."""
    left = ev.eval(node.left, depth)
    if isinstance(left, LoopField):  # known when linking has the item
        right = ev.eval(node.right, depth)
        return dataclasses.replace(left, default=right) if left.default is None else left
    if isinstance(left, Const):
        return left if left.value else ev.eval(node.right, depth)
    if isinstance(left, (DictVal, ListVal)) and left.complete:  # `props or {}`
        return left if (left.entries if isinstance(left, DictVal) else left.items) else ev.eval(node.right, depth)
    return Unresolved("an `or` whose left side is not a constant", ev.span_of(node))
