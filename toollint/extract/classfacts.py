"""The ClassFacts of a module's classes (toollint.classfacts), made once at extraction so
that linking settles a subclass in another module over facts alone.

What a class may set is read from CPython's AST of the real text: narrowing blanks the
method bodies extraction does not read (front/narrow.py), and a store in one of them
(`self.name = ...` in a base's `__init__`) must still count. Precision first, every
rule of extract/inherited.py's docstring over-counts: a store to `<anything>.<attr>`, in
any statement of the class, and any name that may set attributes dynamically.
"""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import Dict, FrozenSet, Mapping, Optional, Set, Tuple

import libcst as cst

from toollint.classfacts import ClassFacts
from toollint.extract.evaluate import Evaluator, dotted
from toollint.model import FunctionSig

DYNAMIC = frozenset({"setattr", "vars", "exec", "__dict__", "__setattr__", "__init_subclass__", "__new__",
                     "__getattribute__"})
_LITERALS = (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def module_classes(classes: Mapping[str, cst.ClassDef], imports: Mapping[str, Tuple[str, str]],
                   names: Mapping[str, cst.BaseExpression], targets: Mapping[str, cst.CSTNode],
                   evaluator: Evaluator, functions: Mapping[str, FunctionSig], span_of, text: str
                   ) -> Dict[str, ClassFacts]:
    """Class name -> its facts, for every class extraction collects (module level, and in
    a module-level `if`/`try`)."""
    if not classes:
        return {}
    from toollint.front.parse import python_tree
    from toollint.frameworks.crewai import class_reading, tool_chain

    tree = python_tree(text)
    real: Optional[Dict[Tuple[str, int], ast.ClassDef]] = None
    if tree is not None:
        real = {}
        _real_classes(tree.body, real)
    out: Dict[str, ClassFacts] = {}
    for name, node in classes.items():
        found = real.get((name, span_of(node.name).line)) if real is not None else None
        stored, dynamic = _stores(found) if found is not None else (frozenset(), True)
        bases = tuple("" if arg.star else dotted(arg.value) or "" for arg in node.bases)
        out[name] = ClassFacts(name, bases, bool(node.decorators), bool(node.keywords), stored, dynamic,
                               _bound(node))
    lines = text.splitlines()
    for name, facts in out.items():
        if tool_chain(name, out, imports)[1] is not None:  # a crewAI tool, or one if its base is
            reading = class_reading(name, classes[name], names, targets, evaluator, functions, imports, span_of,
                                    lines)
            out[name] = replace(facts, values=reading[0], run_time=reading[1], run=reading[2],
                                run_function=reading[3])
    return out


def _real_classes(statements, out: Dict[Tuple[str, int], ast.ClassDef]) -> None:
    """The classes extraction's `collect` walks to: module level, and in if/try blocks."""
    for stmt in statements:
        if isinstance(stmt, ast.ClassDef):
            out[(stmt.name, stmt.lineno)] = stmt
        elif isinstance(stmt, ast.If):
            _real_classes(stmt.body, out)
            _real_classes(stmt.orelse, out)
        elif isinstance(stmt, getattr(ast, "TryStar", ast.Try)) or isinstance(stmt, ast.Try):
            for block in (stmt.body, stmt.orelse, stmt.finalbody, *(h.body for h in stmt.handlers)):
                _real_classes(block, out)


def _stores(node: ast.ClassDef) -> Tuple[FrozenSet[str], bool]:
    """(every attribute a statement of the class body stores to or deletes, whether any
    name there may set attributes dynamically)."""
    stored: Set[str] = set()
    words: Set[str] = set()
    for stmt in node.body:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Attribute):
                words.add(n.attr)
                if not isinstance(n.ctx, ast.Load):
                    stored.add(n.attr)
            elif isinstance(n, ast.Name):
                words.add(n.id)
            elif isinstance(n, _SCOPES):
                words.add(n.name)
            elif isinstance(n, ast.arg):
                words.add(n.arg)
            elif isinstance(n, ast.keyword) and n.arg:
                words.add(n.arg)
            elif isinstance(n, ast.alias):
                words.update(n.name.split("."))
                if n.asname:
                    words.add(n.asname)
            elif isinstance(n, (ast.Global, ast.Nonlocal)):
                words.update(n.names)
    return frozenset(stored), not words.isdisjoint(DYNAMIC)


def _bound(node: cst.ClassDef) -> FrozenSet[str]:
    """The names the class body defines other than as a literal (`name: str = ""` is fine:
    a subclass's own value hides it; a property or a descriptor is not)."""
    out: Set[str] = set()
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    for stmt in body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            out.add(stmt.name.value)
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign) and not _literal(small.value):
                out.update(t.target.value for t in small.targets if isinstance(t.target, cst.Name))
            elif isinstance(small, cst.AnnAssign) and small.value is not None and not _literal(small.value):
                if isinstance(small.target, cst.Name):
                    out.add(small.target.value)
    return frozenset(out)


def _literal(value: cst.BaseExpression) -> bool:
    return isinstance(value, _LITERALS) or (isinstance(value, cst.Name) and value.value == "None")

