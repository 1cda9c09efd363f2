"""A read-only walk of a libcst tree with a CSTVisitor: the same hooks in the same order
as `node.visit(visitor)`, without rebuilding the tree.

libcst's traversal is written for transformers: every node it passes through is built
again from its visited children, even for a visitor that changes nothing, and that
construction (dataclass init and validation) is most of a visit's cost (measured: 2.6x
slower than this walk over the benchmark's tool modules). Which attributes hold children,
and in what order, is libcst's own answer: each node class is asked once, by running its
`_visit_and_replace_children` with a probe that records the attributes it is given and
descends nowhere. tests/test_engine_perf.py checks that the visits are libcst's, node for
node, over every corpus.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

import libcst as cst

# class -> (attributes libcst visits, in order; the class's other attributes)
_CHILD_FIELDS: Dict[type, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {}


class _Probe(cst.CSTVisitor):
    def __init__(self, parent: cst.CSTNode) -> None:
        self.parent = parent
        self.fields: List[str] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        return False

    def on_leave(self, original_node: cst.CSTNode) -> None:
        pass

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        if node is self.parent:
            self.fields.append(attribute)

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        pass


def _holds_nodes(value) -> bool:
    return isinstance(value, cst.CSTNode) or (
        isinstance(value, (tuple, list)) and bool(value) and isinstance(value[0], cst.CSTNode))


def _child_fields(node: cst.CSTNode) -> Tuple[str, ...]:
    known = _CHILD_FIELDS.get(type(node))
    # A few classes visit an attribute only when it is set (FormattedStringExpression's
    # format_spec): a node holding nodes where the probed one held none is probed itself.
    if known is not None:
        for name in known[1]:
            if _holds_nodes(getattr(node, name)):
                break
        else:
            return known[0]
    probe = _Probe(node)
    node._visit_and_replace_children(probe)
    fields = tuple(probe.fields)
    if known is None or len(fields) > len(known[0]):
        others = tuple(name for name in node.__dataclass_fields__ if name not in fields)
        _CHILD_FIELDS[type(node)] = (fields, others)
    return fields


def walk(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """`node.visit(visitor)` for a visitor that only reads (attribute hooks are not called)."""
    if visitor.on_visit(node):
        for name in _child_fields(node):
            child = getattr(node, name)
            if isinstance(child, cst.CSTNode):
                walk(child, visitor)
            elif isinstance(child, (tuple, list)):
                for item in child:
                    walk(item, visitor)
    visitor.on_leave(node)


# --- the parts of a compound statement a scan of statements goes down


def headers(stmt: cst.CSTNode) -> List[cst.CSTNode]:
    if isinstance(stmt, (cst.If, cst.While)):
        return [stmt.test]
    if isinstance(stmt, cst.For):
        return [stmt.iter]
    if isinstance(stmt, cst.With):
        return list(stmt.items)
    if isinstance(stmt, cst.Match):
        return [stmt.subject]
    return []


def child_blocks(stmt: cst.CSTNode) -> List[cst.CSTNode]:
    out: List[cst.CSTNode] = []
    body = getattr(stmt, "body", None)
    if isinstance(body, cst.BaseSuite):
        out.append(body)
    for case in getattr(stmt, "cases", ()) or ():
        out.append(case.body)
    for handler in getattr(stmt, "handlers", ()) or ():
        out.append(handler.body)
    orelse = getattr(stmt, "orelse", None)
    if isinstance(orelse, cst.If):
        out.append(orelse)  # an elif is walked as an if of its own
    elif orelse is not None:
        out.append(orelse.body)
    final = getattr(stmt, "finalbody", None)
    if final is not None:
        out.append(final.body)
    return out
