"""Literal values of single libcst nodes: dotted names, strings, numbers, and the statement
blocks of an if/try. No evaluation of names: that is evaluate.Evaluator's job.
"""
from __future__ import annotations

from ast import PyCF_ONLY_AST, literal_eval
from typing import List, Mapping, Optional, Tuple

import libcst as cst

from toollint import SOURCE_NAME


def dotted(node: cst.BaseExpression) -> Optional[str]:
    """`a.b.c` as a string, or None for anything that is not a plain dotted name."""
    parts: List[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        parts.append(node.value)
        return ".".join(reversed(parts))
    return None


def literal_text(node: cst.SimpleString) -> Optional[str]:
    """The str a string literal stands for; None for bytes and invalid literals.

    An unprefixed literal with no backslash, CR or NUL means its own text. libcst's
    `evaluated_value` would ask `ast.literal_eval`, which costs a parse and leaves four
    reference cycles per call for the garbage collector; only the other literals need it.
    """
    raw = node.value
    if raw[:1] in ("'", '"'):
        quote = raw[:3] if raw[:3] in ('"""', "'''") else raw[0]
        body = raw[len(quote):-len(quote)]
        if "\\" not in body and "\r" not in body and "\0" not in body:
            return body
    try:
        value = literal_eval(compile(raw, SOURCE_NAME, "eval", flags=PyCF_ONLY_AST, dont_inherit=True))
    except Exception:  # invalid escapes and the like: not ours to judge
        return None
    return value if isinstance(value, str) else None


def number_value(node):
    """The int or float of an Integer or Float literal, as libcst's `evaluated_value` gives
    it, without its `ast.literal_eval` (int(x, 0) and float() read every such literal)."""
    try:
        return int(node.value, 0) if isinstance(node, cst.Integer) else float(node.value)
    except ValueError:
        return literal_eval(compile(node.value, SOURCE_NAME, "eval", flags=PyCF_ONLY_AST, dont_inherit=True))


def string_value(node: cst.BaseExpression) -> Optional[str]:
    """The value of a str literal or implicit concatenation; None otherwise.

    Concatenations nest to the right, one level per part: walk them with a stack so a
    10,000-part prompt costs no recursion.
    """
    parts: List[str] = []
    stack: List[cst.BaseExpression] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.ConcatenatedString):
            stack.append(current.right)
            stack.append(current.left)
        elif isinstance(current, cst.SimpleString):
            value = literal_text(current)
            if value is None:
                return None
            parts.append(value)
        else:
            return None
    return "".join(parts)


def blocks(stmt: cst.CSTNode):
    """The statement lists inside an `if`/`elif`/`else` or `try` statement."""
    if isinstance(stmt, cst.If):
        yield stmt.body.body
        if stmt.orelse is not None:
            if isinstance(stmt.orelse, cst.If):
                yield from blocks(stmt.orelse)
            else:
                yield stmt.orelse.body.body
    elif isinstance(stmt, cst.Try):
        yield stmt.body.body
        for handler in stmt.handlers:
            yield handler.body.body
        for extra in (stmt.orelse, stmt.finalbody):
            if extra is not None:
                yield extra.body.body


def qualified(expr: cst.BaseExpression, imports: Mapping[str, Tuple[str, str]]) -> Optional[str]:
    """The qualified name an expression written with imported names refers to."""
    name = dotted(expr)
    if name is None:
        return None
    head, _, rest = name.partition(".")
    if head not in imports:
        return None
    module, attr = imports[head]
    return ".".join(p for p in (module, attr, rest) if p)
