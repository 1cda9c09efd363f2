"""The list a low-level server's list_tools handler returns when it joins lists (held-out
round 121, M1: `return core_tools + profile_tools + connection_tools + event_tools`, 29
tools of which only the largest literal list, 12, was counted as one turn by TL307).

Each joined name is a list the handler binds once at its top level and never changes
(`core_tools = [...]`, `extra = get_extra_tools()` of a module function returning one), or a
module constant; anything else leaves the turn unread, as before."""
from __future__ import annotations

from typing import Dict, Optional

import libcst as cst

from toollint.extract.evaluate import Evaluator
from toollint.extract.walk import changes
from toollint.model import ListVal, Value


def joined_turn(ret: cst.Return, handler: cst.FunctionDef, evaluator: Evaluator) -> Optional[Value]:
    if not (isinstance(ret.value, cst.BinaryOperation) and isinstance(ret.value.operator, cst.Add)) \
            or not isinstance(handler.body, cst.IndentedBlock):
        return None
    body = handler.body.body
    assigned: Dict[str, int] = {}
    values: Dict[str, cst.BaseExpression] = {}
    for stmt in body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            name = small.targets[0].target.value
            assigned[name] = assigned.get(name, 0) + 1
            values[name] = small.value
    bound: Dict[str, Value] = {}
    for name, count in assigned.items():
        if count == 1 and not any(changes(stmt, name) for stmt in body):
            value = evaluator.eval(values[name])
            if isinstance(value, ListVal):
                bound[name] = value
    return evaluator.with_bindings(bound).eval(ret.value) if bound else None
