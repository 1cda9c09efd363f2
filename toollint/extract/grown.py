"""A module-level list (or dict) grown by statements after its assignment.

`TOOLS: list[Tool] = []` followed by `TOOLS.extend([Tool(...), ...])` blocks (or
`.append(Tool(...))`, `TOOLS += [...]`) is one registry: what the server sends is the list
after the module has run. Only statements at the module's top level are read, in order;
the list is complete only when every mutation of the name in the module's text is one of
them (a `.insert`, a change inside a function or an `if` leaves it incomplete, as before).
A dict gets `NAME["key"] = value` the same way (held-out round 109, C: a handler table of
`None`s filled in after the handlers' defs).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

import libcst as cst

from toollint.model import Const, DictVal, ListVal, Value

if TYPE_CHECKING:
    from toollint.extract.evaluate import Evaluator

Growth = Tuple[str, cst.BaseExpression]  # ("extend" | "append", the argument) or ("setitem", `key: value`)
Grown = Dict[str, List[Growth]]


def growth(small: cst.BaseSmallStatement) -> Optional[Tuple[str, Growth]]:
    """(name, growth) for `NAME.extend(x)`, `NAME.append(x)` or `NAME += x` as a statement."""
    if isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.AddAssign) \
            and isinstance(small.target, cst.Name):
        return small.target.value, ("extend", small.value)
    if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
        return None
    call = small.value
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
            and func.attr.value in ("extend", "append")):
        return None
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    return func.value.value, (func.attr.value, call.args[0].value)


def keyed(target: cst.BaseExpression, value: cst.BaseExpression) -> Optional[Tuple[str, Growth]]:
    """(name, growth) for `NAME["key"] = value` as a statement."""
    if not (isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and len(target.slice) == 1):
        return None
    index = target.slice[0].slice
    if not (isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString)):
        return None
    return target.value.value, ("setitem", cst.DictElement(index.value, value))


def grow(evaluator: "Evaluator", value: Value, growths: List[Growth]) -> Tuple[Value, int]:
    """The list (or dict) after its growths, and how many of them were read in full."""
    if isinstance(value, DictVal) and growths:
        return _set_items(evaluator, value, growths)
    if not isinstance(value, ListVal) or not growths:
        return value, 0
    items = list(value.items)
    complete = value.complete
    read = 0
    for method, expr in growths:
        added = evaluator.eval(expr)
        if method == "append":
            items.append(added)
        elif isinstance(added, ListVal):
            items.extend(added.items)
            complete = complete and added.complete
        else:
            complete = False
            continue
        read += 1
    return ListVal(tuple(items), value.span, complete), read


def _set_items(evaluator: "Evaluator", value: DictVal, growths: List[Growth]) -> Tuple[Value, int]:
    entries = list(value.entries)
    read = 0
    for method, element in growths:
        if method != "setitem":
            continue
        key, item = evaluator.eval(element.key), evaluator.eval(element.value)
        if not isinstance(key, Const):
            continue
        entries = [(k, v) for k, v in entries if not (isinstance(k, Const) and k.value == key.value)] + [(key, item)]
        read += 1
    return replace(value, entries=tuple(entries)), read
