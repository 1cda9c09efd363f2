"""Functions registered in a loop (round 15, M3): `for fn in [list_regions, get_user]:
mcp.tool()(fn)`, or over a list the module or the function builds first (`TOOLS = [...]`).

The loop variable stands for each function in turn, so the call registers each one. Only a
list read whole counts: every element a plain name or `obj.attr` (no `*rest`, no call, no
record `{"func": f}` whose fields a filter may drop), and a variable the body never rebinds.
"""
from __future__ import annotations

from typing import List, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.toolkits import Lists, listed
from toollint.extract.wrappers import rebinds


def loop_items(stmt: cst.CSTNode, local: List[Lists],
               names: Mapping[str, cst.BaseExpression]) -> Optional[Tuple[str, Sequence[cst.BaseExpression]]]:
    """(variable, the functions it stands for) of `for fn in <list of functions>:`."""
    if not isinstance(stmt, cst.For) or stmt.asynchronous is not None or not isinstance(stmt.target, cst.Name):
        return None
    iterated = stmt.iter
    if isinstance(iterated, cst.Name) and not any(iterated.value in lists for lists in local):
        iterated = names.get(iterated.value)  # a module's `TOOLS = [...]`: read as written
    if isinstance(iterated, (cst.List, cst.Tuple)) and not all(isinstance(e, cst.Element) for e in iterated.elements):
        return None  # `[*BASE, extra]`
    items = listed(iterated, local, {}) if iterated is not None else None
    if not items or not all(isinstance(i, (cst.Name, cst.Attribute)) for i in items):
        return None
    variable = stmt.target.value
    if any(rebinds(s, variable) for s in stmt.body.body) if isinstance(stmt.body, cst.IndentedBlock) else False:
        return None
    return variable, items
