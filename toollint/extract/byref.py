"""Functions handed to a framework that another project module defines: `from app.tools
import search`, then `Agent(tools=[search])`, `mcp.add_tool(search)`, `FunctionTool(search,
description=...)`, `llm.bind_tools([search])`.

This module cannot read that def, so it records what linking needs to derive the tool
there as the framework would here (model.RefTool): the function as imported, the
framework and method, and the call's arguments evaluated in this module, where their
names mean something. toollint/link/byref.py finds the def through the module graph and
derives it (toollint/extract/foreign.py), spans on the function in its own module.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Collection, List, Mapping, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted
from toollint.model import BOUND, CALLED, RefTool, Span, Value

if TYPE_CHECKING:  # toollint.extract imports this module, and the frameworks import toollint.extract
    from toollint.frameworks.base import Use


STAR = "*"  # the imports key prefix of `from m import *` (toollint.extract), never a name


def imported_targets(expr: Optional[cst.BaseExpression], imports: Mapping[str, Tuple[str, str]],
                     local: Mapping[str, object]) -> List[str]:
    """The qualified functions a reference may name when it comes from an import: `search` of
    `from app.tools import search`, `tools.search` of `from app import tools` or of
    `import app.tools as tools`; a name no import or def binds, of each `from m import *`,
    the last first (the one Python keeps); [] for anything else (a local, a call, `self.f`)."""
    written = dotted(expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
    if written is None or written.count(".") > 1:
        return []
    head, _, rest = written.partition(".")
    if head in local:
        return _instance_method(local.get(head), rest, imports)
    if head not in imports:
        stars = [m for key, (m, _) in imports.items() if key.startswith(STAR)]
        return [f"{m}.{head}" for m in reversed(stars)] if not rest else []
    module, attr = imports[head]
    if not rest and not attr:
        return []  # `import tools`: a module is no function
    return [".".join(p for p in (module, attr, rest) if p)]


def called_target(expr: Optional[cst.BaseExpression], imports: Mapping[str, Tuple[str, str]],
                  local: Mapping[str, object], defs: Collection[str]) -> Optional[str]:
    """`build_agent()`, or a name `local` binds to that call, of a function imported from a
    project module: "app.agents.build_agent()" (model.CALLED), the object it returns, which
    linking reads there (link/byref.factory_call); None for anything else, a call of one of
    the module's own `defs` included (it shadows a `from m import *`)."""
    value = local.get(expr.value) if isinstance(expr, cst.Name) else expr
    if not isinstance(value, cst.Call) or (isinstance(value.func, cst.Name) and value.func.value in defs):
        return None
    targets = imported_targets(value.func, imports, local)
    return targets[0] + CALLED if len(targets) == 1 and BOUND not in targets[0] else None


def foreign_targets(expr: Optional[cst.BaseExpression], imports: Mapping[str, Tuple[str, str]],
                    local: Mapping[str, object], looped: bool) -> List[str]:
    """imported_targets; and for the call a loop iterates (`for fn in registry.get_all_tools():`,
    extract/loops.py) "app.registry.get_all_tools()", the list that function returns
    (extract/returned.py), whose functions linking derives (link/byref.listed_defs)."""
    if isinstance(expr, cst.Call):
        target = called_target(expr, imports, local, ()) if looped else None
        return [target] if target is not None else []
    return imported_targets(expr, imports, local)


def _instance_method(made: object, method: str, imports: Mapping[str, Tuple[str, str]]) -> List[str]:
    """`svc.cancel` of a module-level `svc = OrderService()`, the class imported from a project
    module: "app.services.OrderService#cancel" (model.BOUND), for linking to find."""
    if not method or not isinstance(made, cst.Call) or not isinstance(made.func, cst.Name):
        return []
    module, attr = imports.get(made.func.value, ("", ""))
    return [f"{module}.{attr}{BOUND}{method}"] if attr and attr != "*" else []


def given_args(call: Optional[cst.Call], evaluator: Evaluator) -> Optional[Tuple[Tuple[str, Value], ...]]:
    """Each plain argument of the call, evaluated here: (keyword or "", value)."""
    if call is None:
        return None
    return tuple((arg.keyword.value if arg.keyword is not None else "", evaluator.eval(arg.value))
                 for arg in call.args if not arg.star)


def ref_tool(target: str, use: "Use", evaluator: Evaluator, span: Span) -> RefTool:
    return RefTool(target=target, framework=use.framework.name, method=use.method, span=span, params=use.params,
                   args=given_args(use.call, evaluator))
