"""Functions registered in a loop (round 15, M3): `for fn in [list_regions, get_user]:
mcp.tool()(fn)`, or over a list the module or the function builds first (`TOOLS = [...]`),
or one a project decorator fills (held-out round 52, M3: 116 tools): `def handler(func):
_REGISTRY.append(func); return func`, then `@handler` on each function (or the list's own
`@_REGISTRY.append`) and
`for fn in _REGISTRY: mcp.tool()(fn)`; or over the list a function returns
(extract/returned.py): one of the module's, read here, or an imported one, which the loop
variable then stands for as a call that linking reads.

The loop variable stands for each function in turn, so the call registers each one. Only a
list read whole counts: every element a plain name or `obj.attr` (no `*rest`, no call, no
record `{"func": f}` whose fields a filter may drop), and a variable the body never rebinds.
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.returned import returned_list
from toollint.extract.toolkits import Lists, listed
from toollint.extract.walk import rebinds


def loop_items(stmt: cst.CSTNode, local: List[Lists], names: Mapping[str, cst.BaseExpression],
               nodes: Optional[Mapping[str, cst.FunctionDef]] = None) -> Optional[Tuple[str, Sequence[cst.BaseExpression]]]:
    """(variable, the functions it stands for) of `for fn in <list of functions>:`."""
    if not isinstance(stmt, cst.For) or stmt.asynchronous is not None or not isinstance(stmt.target, cst.Name):
        return None
    iterated = stmt.iter
    if isinstance(iterated, cst.Call) and not iterated.args:  # `for fn in get_all_tools():`
        func = iterated.func
        if isinstance(func, cst.Name) and func.value in (nodes or {}):
            items = returned_list(nodes[func.value])
            return _kept(stmt, items) if items else None
        return _kept(stmt, [iterated]) if isinstance(func, (cst.Name, cst.Attribute)) else None
    if isinstance(iterated, cst.Name) and not any(iterated.value in lists for lists in local):
        collected = _collected(nodes or {}).get(iterated.value)
        if collected and _empty(names.get(iterated.value)):  # an empty one a decorator fills: its functions
            return _kept(stmt, [nodes[f].name for f in collected])
        iterated = names.get(iterated.value)  # a module's `TOOLS = [...]`: read as written
    if isinstance(iterated, (cst.List, cst.Tuple)) and not all(isinstance(e, cst.Element) for e in iterated.elements):
        return None  # `[*BASE, extra]`
    items = listed(iterated, local, {}) if iterated is not None else None
    if not items or not all(isinstance(i, (cst.Name, cst.Attribute)) for i in items):
        return None
    return _kept(stmt, items)


def _kept(stmt: cst.For, items: Sequence[cst.BaseExpression]) -> Optional[Tuple[str, Sequence[cst.BaseExpression]]]:
    variable = stmt.target.value
    if any(rebinds(s, variable) for s in stmt.body.body) if isinstance(stmt.body, cst.IndentedBlock) else False:
        return None
    return variable, items


def _empty(expr: Optional[cst.BaseExpression]) -> bool:
    return isinstance(expr, cst.List) and not expr.elements


_COLLECTED: Dict[int, Tuple[object, Dict[str, List[str]]]] = {}


def _collected(nodes: Mapping[str, cst.FunctionDef]) -> Dict[str, List[str]]:
    """Module list -> the module functions, in order, decorated with a decorator that appends
    its one parameter to that list and returns it."""
    kept = _COLLECTED.get(id(nodes))
    if kept is not None and kept[0] is nodes:
        return kept[1]
    fills = {name: target for name, node in nodes.items() if "." not in name
             for target in [_fills(node)] if target is not None}
    out: Dict[str, List[str]] = {}
    for name, node in nodes.items():
        for decorator in node.decorators if "." not in name else ():
            d = decorator.decorator
            if isinstance(d, cst.Name) and d.value in fills:
                out.setdefault(fills[d.value], []).append(name)
            elif isinstance(d, cst.Attribute) and d.attr.value == "append" and isinstance(d.value, cst.Name):
                out.setdefault(d.value.value, []).append(name)  # `@tools.append` (held-out round 106, M1)
    _COLLECTED.clear()  # one module at a time
    _COLLECTED[id(nodes)] = (nodes, out)
    return out


def _fills(node: cst.FunctionDef) -> Optional[str]:
    """`LIST` of `def handler(func): LIST.append(func); return func`."""
    params = node.params.params
    if len(params) != 1 or isinstance(node.params.star_arg, cst.Param) or not isinstance(node.body, cst.IndentedBlock):
        return None
    param = params[0].name.value
    target, returned = None, False
    for stmt in node.body.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                    call = small.value
                    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "append" \
                            and isinstance(call.func.value, cst.Name) and len(call.args) == 1 \
                            and isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == param:
                        target = call.func.value.value
                elif isinstance(small, cst.Return) and isinstance(small.value, cst.Name) and small.value.value == param:
                    returned = True
    return target if returned else None
