"""Tool lists a module sends one tool at a time (held-out round 53, G and H: 19 findings).

`for tool in ALL_TOOLS: client.messages.create(tools=[tool], tool_choice=...)` offers each
definition alone, usually forced, for structured output: no turn offers two of them
together, and a required-and-nullable field there means "say null when it is unknown".
The list is then no turn (RegistryDecl.alone, rulekit/turn.py): rules about neighbours or
the model's free choice say nothing about its tools. Precision first: only when every
mention of the list in its module is the definition and such loops.
"""
from __future__ import annotations

import re
from typing import Dict, Set

import libcst as cst

from toollint.extract.walk import walk


def sent_one_by_one(tree: cst.Module, text: str, lists: Set[str]) -> Set[str]:
    """The names of `lists` (module-level definitions) only ever iterated into `tools=[t]`."""
    if "tools" not in text or not lists:
        return set()
    loops = _Loops(lists)
    walk(tree, loops)
    return {name for name, count in loops.found.items()
            if len(re.findall(rf"(?<![\w.]){re.escape(name)}\b", text)) == count + 1}


class _Loops(cst.CSTVisitor):
    def __init__(self, lists: Set[str]) -> None:
        self.lists = lists
        self.found: Dict[str, int] = {}

    def visit_For(self, node: cst.For) -> None:
        if isinstance(node.iter, cst.Name) and node.iter.value in self.lists and isinstance(node.target, cst.Name):
            sends = _SendsAlone(node.target.value)
            node.body.visit(sends)
            if sends.found:
                self.found[node.iter.value] = self.found.get(node.iter.value, 0) + 1


class _SendsAlone(cst.CSTVisitor):
    """Whether a loop body hands `[variable]` as the tools: `tools=[tool]`, `"tools": [tool]`."""

    def __init__(self, variable: str) -> None:
        self.variable = variable
        self.found = False

    def _alone(self, value: cst.BaseExpression) -> bool:
        return isinstance(value, cst.List) and len(value.elements) == 1 \
            and isinstance(value.elements[0], cst.Element) \
            and isinstance(value.elements[0].value, cst.Name) and value.elements[0].value.value == self.variable

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None and node.keyword.value == "tools" and self._alone(node.value):
            self.found = True

    def visit_DictElement(self, node: cst.DictElement) -> None:
        if isinstance(node.key, cst.SimpleString) and node.key.value[1:-1] == "tools" and self._alone(node.value):
            self.found = True
