"""Functions that return a list of the module's functions, read where a loop iterates their
call (held-out round 73, M3: 76 tools): `def get_all_tools(): tools = [get_scores, ...];
return tools` in a registry module, then `for fn in registry.get_all_tools(): mcp.tool(fn)`
in the server's, or in the same module.

Only a list read whole counts, as loops.py reads a written one: built at the top of the body
by a literal, `append` and `extend` of plain names, returned by every `return`, and named
nowhere else in the body (a loop or a filter over it makes it a guess); each item a name the
function does not bind itself (a parameter is its callers' choice). An `if` whose blocks only
append to it adds what it appends: a tool the server may offer, as a tool declared under an
`if` is one (held-out round 73: `if FEATURE_LEAGUE_LEADERS: tools.append(...)`).
"""
from __future__ import annotations

from typing import Callable, List, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator
from toollint.extract.returns import returns_only
from toollint.extract.toolkits import Lists, listed, track
from toollint.extract.walk import walk
from toollint.frameworks.agents_locals import bound_names
from toollint.model import ListVal, Value


def returned_list(node: cst.FunctionDef) -> Optional[List[cst.BaseExpression]]:
    """The functions (plain names and `mod.fn`) a module-level def returns as a list."""
    if node.decorators or node.asynchronous is not None or not isinstance(node.body, cst.IndentedBlock) \
            or not node.body.body:
        return None
    *body, last = node.body.body
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(ret, cst.Return) or not isinstance(ret.value, (cst.List, cst.Tuple, cst.Name)) \
            or not returns_only(node, ret.value) or _finds(node.body, lambda n: isinstance(n, cst.StarredElement)):
        return None  # `[*BASE, x]` anywhere: a part of some list is not known
    lists: Lists = {}
    name = ret.value.value if isinstance(ret.value, cst.Name) else None
    for stmt in body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, (cst.Assign, cst.AnnAssign, cst.Expr)):
                    track(lists, small)
        elif name is not None and name in lists and _grows(stmt, name):
            for block in _blocks(stmt):  # `if FEATURE: tools.append(extra)`: a tool it may offer
                for line in block.body:
                    track(lists, line.body[0])
        elif name is not None and _finds(stmt, lambda n: isinstance(n, cst.Name) and n.value == name):
            return None
    items = listed(ret.value, [lists], {})
    mine = bound_names(node) - ({name} if name else set())
    if not items or not all(isinstance(i, cst.Name) and i.value not in mine or isinstance(i, cst.Attribute)
                            for i in items):
        return None
    return items


def returned_lists(function_nodes: Sequence[Tuple[str, cst.FunctionDef]],
                   evaluator: Evaluator) -> List[Tuple[str, Value]]:
    """("get_all_tools()", the list) of each module-level def that returns one: module
    constants under a name no Python name can have, which link/byref.listed_defs reads."""
    out: List[Tuple[str, Value]] = []
    for qualname, node in function_nodes:
        items = returned_list(node) if "." not in qualname else None
        if items:
            out.append((qualname + "()", ListVal(tuple(evaluator.eval(i) for i in items), evaluator.span_of(node))))
    return out


def _blocks(stmt: cst.CSTNode) -> List[cst.IndentedBlock]:
    out: List[cst.IndentedBlock] = []
    while isinstance(stmt, cst.If):
        out.append(stmt.body)
        stmt = stmt.orelse.body if isinstance(stmt.orelse, cst.Else) else stmt.orelse
    return out + [stmt] if isinstance(stmt, cst.IndentedBlock) else out


def _grows(stmt: cst.CSTNode, name: str) -> bool:
    """Whether `stmt` is an `if` (elif, else) whose blocks only append or extend `name`."""
    blocks = _blocks(stmt)
    return bool(blocks) and all(isinstance(block, cst.IndentedBlock) for block in blocks) and all(
        isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 and isinstance(line.body[0], cst.Expr)
        and isinstance(line.body[0].value, cst.Call) and isinstance(line.body[0].value.func, cst.Attribute)
        and line.body[0].value.func.attr.value in ("append", "extend")
        and isinstance(line.body[0].value.func.value, cst.Name) and line.body[0].value.func.value.value == name
        for block in blocks for line in block.body)


def _finds(tree: cst.CSTNode, test: Callable[[cst.CSTNode], bool]) -> bool:
    found: List[cst.CSTNode] = []

    class _Find(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if test(node):
                found.append(node)
            return not found

    walk(tree, _Find())
    return bool(found)
