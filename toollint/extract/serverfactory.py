"""A project function that makes a server (held-out round 17, M3: mcp-server-kicad):
`def build_server(name, instructions) -> MCPServer: return MCPServer(name, ...)`, then
`mcp = build_server("sheets", "...")` and `@mcp.tool()`, in its module or in another.

Such a def is read as the server class it builds, the way frameworks/subclasses.py reads
a project's subclass: an import-table alias, so `build_server(...)` is that class's
constructor here, and an entry of ModuleFacts.servers, so linking settles an object
another module makes with it (an Instance, frameworks/subclasses.py). Precision first:
only when every return of the def builds a class of one framework that takes no agents
(`handoffs=`), and, where the class takes a tool list (`FastMCP(tools=[...])`), a def with
no parameter of that name nor `**kwargs`: the arguments of the factory's call are read
as the class's, and a factory's own `tools=` may be anything.
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.names import parameters_of
from toollint.extract.walk import walk
from toollint.frameworks.args import qualified
from toollint.frameworks.registry import CLASSES

Imports = Mapping[str, Tuple[str, str]]
# decorators that hand back what the function returns (a cached singleton getter)
_KEEPING = frozenset({"cache", "lru_cache", "functools.cache", "functools.lru_cache"})
# the packages of the classes a factory may build (not an agent handed others: `handoffs=`)
_SERVER_PACKAGES = frozenset(full.split(".")[0] for full, fw in CLASSES.items() if not fw.object_lists)


def server_factories(function_nodes: Sequence[Tuple[str, cst.FunctionDef]],
                     imports: Imports) -> Dict[str, Tuple[str, str]]:
    """def name -> (module, class) of the server class each of its returns builds."""
    if not any(module.split(".")[0] in _SERVER_PACKAGES for module, _ in imports.values()):
        return {}  # every module runs this: most import no server class to build
    counts: Dict[str, int] = {}
    for qualname, _ in function_nodes:
        counts[qualname] = counts.get(qualname, 0) + 1
    out: Dict[str, Tuple[str, str]] = {}
    for qualname, node in function_nodes:
        # a def bound twice (`if ...: def f` / `else: def f`) or also imported: which one runs is not known
        if "." in qualname or counts[qualname] > 1 or qualname in imports or node.asynchronous is not None:
            continue
        if not all(_keeps(d.decorator, imports) for d in node.decorators):
            continue
        made = _built_class(node, imports)
        if made is not None and not _takes_list(node, CLASSES[made].tool_list):
            module, _, attr = made.rpartition(".")
            out[qualname] = (module, attr)
    return out


def _takes_list(node: cst.FunctionDef, keyword: Optional[str]) -> bool:
    params = node.params
    return keyword is not None and (isinstance(params.star_kwarg, cst.Param)
                                    or any(p.name.value == keyword for p in parameters_of(params)))


def _keeps(expr: cst.BaseExpression, imports: Imports) -> bool:
    target = expr.func if isinstance(expr, cst.Call) else expr
    return (qualified(target, imports) or "") in _KEEPING


def _built_class(node: cst.FunctionDef, imports: Imports) -> Optional[str]:
    returns: List[Optional[cst.BaseExpression]] = []
    finder = _Returns(returns)
    walk(node.body, finder)
    if finder.yields or not returns:
        return None
    classes = set()
    for value in returns:
        if not isinstance(value, cst.Call) or any(a.star for a in value.args):
            return None
        func = value.func.value if isinstance(value.func, cst.Subscript) else value.func
        full = qualified(func, imports) or ""
        framework = CLASSES.get(full)
        if framework is None or framework.object_lists:
            return None
        classes.add(full)
    # two classes of one framework (FastMCP or MCPServer by a flag) are one framework's server
    frameworks = {CLASSES[c].name for c in classes}
    return sorted(classes)[0] if len(frameworks) == 1 else None


class _Returns(cst.CSTVisitor):
    """The values the def's own `return` statements give (not a nested def's or lambda's)."""

    def __init__(self, out: List[Optional[cst.BaseExpression]]) -> None:
        self.out = out
        self.yields = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Return(self, node: cst.Return) -> None:
        self.out.append(node.value)

    def visit_Yield(self, node: cst.Yield) -> None:
        self.yields = True
