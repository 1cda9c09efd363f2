"""`tools=[...]` given to a call in a module's own statements, outside any function.

Scripts and examples call the API at module level (`response = client.messages.create(
..., tools=[{...}])`, the same under `if __name__ == "__main__":`); inside a function
discovery.FunctionScan reads that argument, here the module's statements get the same
(issue 18, M1). Only a list that holds a definition toollint recognises is taken: a
module-level `Agent(tools=[fn])` is the framework readers' (extract/decorated.py).
"""
from __future__ import annotations

import re
from typing import Callable, List, Optional

import libcst as cst

from toollint.extract.choices import NOT_DEFINITIONS
from toollint.extract.registryshapes import is_model_list, is_tool_list
from toollint.extract.evaluate import Evaluator, dotted
from toollint.extract.walk import walk
from toollint.model import RegistryDecl, Span

_TOOLS_ARG = re.compile(r"\btools\s*=")


def module_calls(tree: cst.Module, text: str, evaluator: Evaluator,
                 span_of: Callable[[cst.CSTNode], Span]) -> List[RegistryDecl]:
    if "tools" not in text or not _TOOLS_ARG.search(text):  # the `in` test: a regex with \b is slow
        return []
    scan = _Statements(evaluator, span_of)
    for stmt in tree.body:
        if not isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            try:
                walk(stmt, scan)
            except RecursionError:
                continue
    return scan.found


class _Statements(cst.CSTVisitor):
    def __init__(self, evaluator: Evaluator, span_of) -> None:
        self.evaluator = evaluator
        self.span_of = span_of
        self.found: List[RegistryDecl] = []
        self._target: Optional[cst.BaseExpression] = None  # what the call's result is bound to

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # a def under `if`/`try`: FunctionScan's

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Assign(self, node: cst.Assign) -> bool:
        self._target = node.targets[0].target
        return True

    def leave_Assign(self, node: cst.Assign) -> None:
        self._target = None

    def visit_Arg(self, node: cst.Arg) -> bool:
        if node.keyword is None:
            return True
        if node.keyword.value in NOT_DEFINITIONS:
            return False  # `tool_choice={"type": "function", "function": {"name": ...}}`
        if node.keyword.value != "tools":
            return True
        value = self.evaluator.eval(node.value)
        if not (is_tool_list(value) or is_model_list(value)):
            return True
        target = self._target if isinstance(self._target, cst.Name) else None
        label = f"{dotted(target)}:tools=" if target is not None else f"<module>:{self.span_of(node.value).line}:tools="
        self.found.append(RegistryDecl("definitions", label, value, self.span_of(target or node.value)))
        return False
