"""Tools that are classes: a subclass of a framework's tool base whose `__init__` hands its
name, description and arguments model to `super().__init__(...)` (autogen's
`class Search(BaseTool[SearchArgs, Result])`). Which bases count and what the call means
is the framework's (`Framework.tool_classes`, `Framework.class_tool`)."""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.toolkits import is_super_init
from toollint.frameworks.args import qualified
from toollint.frameworks.base import Context, Framework
from toollint.frameworks.registry import FRAMEWORKS
from toollint.model import Tool


def class_tools(body: Sequence[cst.CSTNode], ctx: Context) -> List[Tuple[Tuple[int, int], Tool]]:
    """(position, tool) of each module-level class a framework makes a tool of."""
    out: List[Tuple[Tuple[int, int], Tool]] = []
    for stmt in body:
        if not isinstance(stmt, cst.ClassDef):
            continue
        framework = _tool_base(stmt, ctx)
        call = _super_init(stmt) if framework is not None else None
        tool = framework.class_tool(stmt, call, ctx) if framework is not None and call is not None else None
        if tool is not None:
            span = ctx.span_of(stmt.name)
            out.append(((span.line, span.col), tool))
    return out


def _tool_base(node: cst.ClassDef, ctx: Context) -> Optional[Framework]:
    for base in node.bases:
        expr = base.value.value if isinstance(base.value, cst.Subscript) else base.value  # BaseTool[Args, Result]
        name = qualified(expr, ctx.imports) or ""
        for framework in FRAMEWORKS:
            if name in framework.tool_classes:
                return framework
    return None


def _super_init(node: cst.ClassDef) -> Optional[cst.Call]:
    """The `super().__init__(...)` call that ends the class's own `__init__`, if it has one."""
    if not isinstance(node.body, cst.IndentedBlock):
        return None
    init = next((s for s in node.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
    if init is None or not isinstance(init.body, cst.IndentedBlock):
        return None
    for stmt in init.body.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and is_super_init(small.value):
                    return small.value
    return None
