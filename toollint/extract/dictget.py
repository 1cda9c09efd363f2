"""`parameters.get("properties", {})` on a dict whose value is known: the entry, or the
default (held-out round 56, M1: a `_tool(name, description, parameters)` helper that
reads its dict argument's keys; 24 tools of one project had unresolved schemas).
"""
from __future__ import annotations

from typing import Callable, Optional

import libcst as cst

from toollint.model import Const, DictVal, Value


def dict_get(node: cst.Call, evaluate: Callable[[cst.BaseExpression], Value]) -> Optional[Value]:
    """The value of `d.get(key)` / `d.get(key, default)` when `d` is a complete dict and `key` a
    string; None when that is not known (the caller goes on as for any other call)."""
    func = node.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "get" and 1 <= len(node.args) <= 2) \
            or any(a.keyword is not None or a.star for a in node.args):
        return None
    receiver = evaluate(func.value)
    key = evaluate(node.args[0].value)
    if not (isinstance(receiver, DictVal) and receiver.complete and isinstance(key, Const)
            and isinstance(key.value, str)):
        return None
    found = receiver.get(key.value)
    if found is not None:
        return found
    return evaluate(node.args[1].value) if len(node.args) == 2 else Const(None, receiver.span)
