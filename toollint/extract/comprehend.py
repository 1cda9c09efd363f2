"""Comprehensions over a module's literal list, evaluated item by item, and the fields of
the records those items are (held-out round 76, M2: a low-level server's 51 tools):

    CATALOG = [("ping", _spec("ping", "Check connectivity")), ...]
    return [types.Tool(name=spec.name, description=spec.description or "", inputSchema=spec.parameters)
            for _method, spec in CATALOG]

The loop variables are bound to each item (a tuple unpacked by position), the element is
evaluated with them, and each result is placed on its item, where its literals are. Only a
plain comprehension counts: one `for`, no `if` (a filter may drop any item), over a list
read whole. A record's field is a keyword of the call that made it (`ToolSpec(name=...)`);
a positional one, or a field the call does not set, stays unknown.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Dict, List, Optional, Union

import libcst as cst

from toollint.model import CallVal, Const, DictVal, ListVal, Unresolved, Value

if TYPE_CHECKING:
    from toollint.extract.evaluate import Evaluator

MAX_ITEMS = 200  # a catalog larger than this is data, not a tool list anyone writes by hand


def comprehension(node: Union[cst.ListComp, cst.GeneratorExp], ev: "Evaluator", depth: int) -> Value:
    span = ev.span_of(node)
    loop = node.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
        return Unresolved("a comprehension with a filter or a second loop", span)
    source = ev.eval(loop.iter, depth)
    if not isinstance(source, ListVal) or not source.complete or not source.items or len(source.items) > MAX_ITEMS:
        return Unresolved("a comprehension over what is not a constant list", span)
    out: List[Value] = []
    for item in source.items:
        bound = _unpack(loop.target, item)
        if bound is None:
            return Unresolved("a comprehension whose items do not unpack as written", span)
        made = ev.with_bindings(bound).eval(node.elt, depth)
        out.append(dataclasses.replace(made, span=item.span) if isinstance(made, (CallVal, DictVal, ListVal)) else made)
    return ListVal(tuple(out), span)


def _unpack(target: cst.BaseExpression, item: Value) -> Optional[Dict[str, Value]]:
    if isinstance(target, cst.Name):
        return {target.value: item}
    if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(item, ListVal) \
            or not item.complete or len(target.elements) != len(item.items):
        return None
    out: Dict[str, Value] = {}
    for element, value in zip(target.elements, item.items):
        inner = _unpack(element.value, value) if isinstance(element, cst.Element) else None
        if inner is None:
            return None
        out.update(inner)
    return out


def field(record: Value, attr: str, span) -> Value:
    """`spec.name` of a loop variable bound to `ToolSpec(name="ping", ...)`."""
    if isinstance(record, CallVal):
        found = record.kwarg(attr)
        if found is not None:
            return found
    return Unresolved(f"the field '{attr}' of a record is not known statically", span)


def either(node: cst.BooleanOperation, ev: "Evaluator", depth: int) -> Value:
    """`spec.description or ""`, `props or {}`: the left when it is a constant (or a literal
    dict or list) that is true, the right when it is one that is false; unknown otherwise."""
    left = ev.eval(node.left, depth)
    if isinstance(left, Const):
        return left if left.value else ev.eval(node.right, depth)
    if isinstance(left, (DictVal, ListVal)) and left.complete:  # `props or {}`
        return left if (left.entries if isinstance(left, DictVal) else left.items) else ev.eval(node.right, depth)
    return Unresolved("an `or` whose left side is not a constant", ev.span_of(node))
