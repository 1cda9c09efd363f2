"""Tool lists sent one tool at a time (held-out round 53, G and H: 19 findings).

`for tool in ALL_TOOLS: client.messages.create(tools=[tool], tool_choice=...)` offers each
definition alone, usually forced, for structured output: no turn offers two of them
together, and a required-and-nullable field there means "say null when it is unknown".
Such a list is no turn (Registry.alone, rulekit/turn.py): rules about neighbours or the
model's free choice say nothing about its tools. The loop is often in another module
than the list (`from tools_schema import ALL_TOOLS`), so each module reports, by qualified
name, the lists it sends one by one and the lists it sends whole (`tools=ALL_TOOLS`,
`"tools": [*ALL_TOOLS, extra]`); linking makes a list alone when some module sends it one
by one and none whole (link/project.py). Precision first: a module that mentions the list
in any other way than such loops, `len(LIST)`, its definition or its import sends nothing
one by one.
"""
from __future__ import annotations

import re
from typing import Dict, List, Mapping, Optional, Set, Tuple

import libcst as cst

from toollint.extract.walk import walk

Turns = Tuple[Tuple[str, bool], ...]  # (module.list, whole)
_SENDS = re.compile(r"\btools[\"']?\s*[=:]")


def list_turns(tree: cst.Module, text: str, module: str, imports: Mapping[str, Tuple[str, str]]) -> Turns:
    """(qualified list name, sent whole) for each list this module sends one by one or whole."""
    if "tools" not in text or not _SENDS.search(text):
        return ()  # no `tools=` nor `"tools":`: nothing sent here, no walk
    found = _Loops()
    walk(tree, found)
    out: Dict[str, bool] = {}

    def qualified(name: str) -> str:
        origin = imports.get(name)
        return f"{origin[0]}.{origin[1]}" if origin is not None and origin[1] else f"{module}.{name}"

    for name in found.whole:
        out[qualified(name)] = True
    for name, count in found.loops.items():
        mentions = len(re.findall(rf"(?<![\w.]){re.escape(name)}\b", text))
        lengths = len(re.findall(rf"\blen\(\s*{re.escape(name)}\s*\)", text))
        if mentions == count + lengths + 1:  # its definition or its import, the loops, len()
            out.setdefault(qualified(name), False)
    return tuple(sorted(out.items()))


class _Loops(cst.CSTVisitor):
    """One walk: the `for v in LIST:` loops that send `tools=[v]` (counted once each), and the
    names any other `tools=` / `"tools":` value holds."""

    def __init__(self) -> None:
        self.loops: Dict[str, int] = {}
        self.whole: Set[str] = set()
        self._open: List[List] = []  # enclosing loops: [variable, list, counted yet]

    def visit_For(self, node: cst.For) -> None:
        if isinstance(node.iter, cst.Name) and isinstance(node.target, cst.Name):
            self._open.append([node.target.value, node.iter.value, False])
        else:
            self._open.append([None, None, False])

    def leave_For(self, original_node: cst.For) -> None:
        self._open.pop()

    def _tools(self, value: cst.BaseExpression) -> None:
        alone = _alone(value)
        loop = next((entry for entry in reversed(self._open) if alone is not None and entry[0] == alone), None)
        if loop is not None:
            if not loop[2]:
                loop[2] = True
                self.loops[loop[1]] = self.loops.get(loop[1], 0) + 1
            return
        names = _Names()
        walk(value, names)
        self.whole |= names.found

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None and node.keyword.value == "tools":
            self._tools(node.value)

    def visit_DictElement(self, node: cst.DictElement) -> None:
        if isinstance(node.key, cst.SimpleString) and node.key.value[1:-1] == "tools":
            self._tools(node.value)


def _alone(value: cst.BaseExpression) -> Optional[str]:
    """`v` of `[v]`."""
    if isinstance(value, cst.List) and len(value.elements) == 1 and isinstance(value.elements[0], cst.Element) \
            and isinstance(value.elements[0].value, cst.Name):
        return value.elements[0].value.value
    return None


class _Names(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found: Set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.found.add(node.value)
