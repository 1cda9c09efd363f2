"""What the scan reads for toolkit classes: a class whose base a framework lists in
`Framework.toolkits` (agno's `Toolkit`) declares tools from its own methods, through
`super().__init__(tools=[self.a])` or `self.register(self.b)`; the list is often a
local built up first (`tools = [self.a]; if x: tools.append(self.b)`), so the scan keeps
each function's local lists."""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Tuple, Union

import libcst as cst

from toollint.frameworks.args import qualified
from toollint.frameworks.base import Framework
from toollint.frameworks.registry import TOOLKITS

Lists = Dict[str, List[cst.BaseExpression]]
SUPER = "super()"  # the name the framework of a toolkit's `super()` is bound under


def toolkit_of(node: cst.ClassDef, imports: Mapping[str, Tuple[str, str]]) -> Optional[Framework]:
    for base in node.bases:
        framework = TOOLKITS.get(qualified(base.value, imports) or "")
        if framework is not None:
            return framework
    return None


def is_super_init(call: cst.Call) -> bool:
    func = call.func
    return (isinstance(func, cst.Attribute) and func.attr.value == "__init__" and isinstance(func.value, cst.Call)
            and isinstance(func.value.func, cst.Name) and func.value.func.value == "super")


def _items(expr: cst.BaseExpression) -> Optional[List[cst.BaseExpression]]:
    if isinstance(expr, (cst.List, cst.Tuple)):
        return [e.value for e in expr.elements if isinstance(e, cst.Element)]
    return None


def track(lists: Lists, node: Union[cst.Assign, cst.AnnAssign, cst.Expr]) -> None:
    """`tools = [...]`, `tools.append(f)`, `tools.extend([...])`; any other assignment forgets."""
    if isinstance(node, cst.Expr):
        call = node.value
        if (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and len(call.args) == 1
                and isinstance(call.func.value, cst.Name) and call.func.value.value in lists):
            got = lists[call.func.value.value]
            if call.func.attr.value == "append":
                got.append(call.args[0].value)
            elif call.func.attr.value == "extend":
                got.extend(_items(call.args[0].value) or ())
        return
    if node.value is None:
        return
    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
    for target in targets:
        if isinstance(target, cst.Name):
            items = _items(node.value)
            if items is not None:
                lists[target.value] = items
            else:
                lists.pop(target.value, None)


def listed(expr: Optional[cst.BaseExpression], local: List[Lists],
           names: Mapping[str, cst.BaseExpression]) -> Optional[List[cst.BaseExpression]]:
    """The items of a tool list: a literal, a local list (innermost first) or a module's `TOOLS`."""
    if isinstance(expr, cst.Name):
        for lists in local:
            if expr.value in lists:
                return list(lists[expr.value])
        expr = names.get(expr.value)
    return _items(expr) if expr is not None else None
