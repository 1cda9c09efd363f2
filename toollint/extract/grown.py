"""A module-level list grown by statements after its assignment.

`TOOLS: list[Tool] = []` followed by `TOOLS.extend([Tool(...), ...])` blocks (or
`.append(Tool(...))`, `TOOLS += [...]`) is one registry: what the server sends is the list
after the module has run. Only statements at the module's top level are read, in order;
the list is complete only when every mutation of the name in the module's text is one of
them (a `.insert`, a change inside a function or an `if` leaves it incomplete, as before).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

import libcst as cst

from toollint.model import ListVal, Value

if TYPE_CHECKING:
    from toollint.extract.evaluate import Evaluator

Growth = Tuple[str, cst.BaseExpression]  # ("extend" | "append", the argument)
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


def grow(evaluator: "Evaluator", value: Value, growths: List[Growth]) -> Tuple[Value, int]:
    """The list after its growths, and how many of them were read in full."""
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
