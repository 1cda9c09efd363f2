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
import re
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
                   evaluator: Evaluator, functions: Mapping[str, FunctionSig], span_of, text: str,
                   verdict=None) -> Dict[str, ClassFacts]:
    """Class name -> its facts, for every class extraction collects (module level, and in
    a module-level `if`/`try`)."""
    if not classes:
        return {}
    from toollint.front.parse import python_verdict
    from toollint.frameworks.crewai import class_reading, tool_chain

    tree = (verdict or python_verdict(text)).tree
    lines = _LINES.split(text)  # as Python counts them: the AST's line numbers
    real: Dict[Tuple[str, int], ast.ClassDef] = {}
    if tree is not None:
        _real_classes(tree.body, real)
    else:  # syntax newer than this Python's (`def f[T](...)`): text was not narrowed
        for name, node in classes.items():
            _real_class(name, span_of(node.name).line, span_of(node.body).end_line, lines, real)
    out: Dict[str, ClassFacts] = {}
    for name, node in classes.items():
        found = real.get((name, span_of(node.name).line))
        counts: Dict[str, int] = {}
        stored, dynamic = _stores(found, lines, counts) if found is not None else (frozenset(), True)
        bases = tuple("" if arg.star else dotted(arg.value) or "" for arg in node.bases)
        out[name] = ClassFacts(name, bases, bool(node.decorators), bool(node.keywords), stored, dynamic,
                               _bound(node), line=span_of(node.name).line,
                               init_args=_init_args(found, counts) if found is not None else ())
    given = None
    for name, facts in out.items():
        if tool_chain(name, out, imports)[1] is not None:  # a crewAI tool, or one if its base is
            found = real.get((name, span_of(classes[name].name).line))
            reading = class_reading(name, classes[name], names, targets, evaluator, functions, imports, span_of,
                                    lines, found.end_lineno if found is not None else None)
            if given is None:
                given = _given_at_construction(tree, text, classes)
            out[name] = replace(facts, values=reading[0], run_time=reading[1] | given.get(name, frozenset()),
                                run=reading[2], run_function=reading[3])
    return out


def _given_at_construction(tree, text: str, classes) -> Dict[str, FrozenSet[str]]:
    """Class -> the keywords its instances are made with in this module:
    `EvidenceSearchTool(name=f"search_{slug}_evidence", description=...)` sends those, not
    the class's defaults (held-out round 45, C), so the defaults are judged like values set
    at run time: not at all. Read off the real text's AST, since narrowing may have blanked
    the function that makes them."""
    made = [c for c in classes if re.search(r"\b%s\s*\(" % re.escape(c), text)]
    if tree is None or not made:
        return {}
    wanted = set(made)
    out: Dict[str, Set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.keywords:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if called in wanted:
                out.setdefault(called, set()).update(k.arg or "*" for k in node.keywords)
    return {c: frozenset(("name", "description", "args_schema") if "*" in k else k) for c, k in out.items()}


def _init_args(node: ast.ClassDef, stores: Mapping[str, int]) -> Tuple[Tuple[str, str, int], ...]:
    """`def __init__(self, tool_name): self.name = tool_name` (held-out round 43, M1): the
    attributes `__init__` sets from a parameter it never rebinds, where that is the class's
    only store to the attribute (`stores`: _stores' counts)."""
    init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None:
        return ()
    params = [a.arg for a in (*init.args.posonlyargs, *init.args.args)][1:]
    rebound = {n.id for n in ast.walk(init) if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))}
    out = []
    for stmt in init.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else \
            stmt.target if isinstance(stmt, ast.AnnAssign) else None
        value = stmt.value if target is not None else None
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self" \
                and isinstance(value, ast.Name) and value.id in params and value.id not in rebound \
                and stores.get(target.attr) == 1:
            out.append((target.attr, value.id, params.index(value.id)))
    return tuple(out)


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


def _real_class(name: str, line: int, end_line: int, lines, out: Dict[Tuple[str, int], ast.ClassDef]) -> None:
    """The class alone, when the module is not this Python's syntax: usually only a
    function elsewhere is. A class that is not either stays out, so it counts as dynamic."""
    import textwrap

    try:
        tree = ast.parse(textwrap.dedent("\n".join(lines[line - 1:end_line])))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    if len(tree.body) == 1 and isinstance(tree.body[0], ast.ClassDef) and tree.body[0].name == name:
        ast.increment_lineno(tree, line - 1)
        out[(name, line)] = tree.body[0]


def _stores(node: ast.ClassDef, lines, counts: Dict[str, int]) -> Tuple[FrozenSet[str], bool]:
    """(every attribute a statement of the class stores to or deletes, whether a name there
    may set attributes dynamically); `counts` gets how many times each is. Statements only: a comprehension's `for x.attr in`
    target is read off the text, and the text says when names are worth a walk."""
    _statement_stores(node.body, counts)
    text = "\n".join(lines[node.lineno - 1:node.end_lineno])
    for target in _FOR_TARGET.finditer(text):
        for attr in _ATTR.findall(target.group(1)):
            counts[attr] = counts.get(attr, 0) + 1
    if not _DYNAMIC_WORD.search(text):
        return frozenset(counts), False
    words, named = _words(node)
    for attr in named:  # `object.__setattr__(self, "_token", token)` stores that one attribute
        counts[attr] = counts.get(attr, 0) + 1
    return frozenset(counts), not words.isdisjoint(DYNAMIC)


# no leading \b: it stops re from skipping ahead to the literal (7x slower per class);
# a word ending in "for" only adds a store, which errs on the side the module allows
_FOR_TARGET = re.compile(r"for\b([^\n]*?)\bin\b")
_ATTR = re.compile(r"\.\s*(\w+)")
_DYNAMIC_WORD = re.compile(r"(?:%s)\b" % "|".join(sorted(DYNAMIC)))  # a gate: _words confirms
_LINES = re.compile(r"\r\n|\r|\n")
_BODIES = ("body", "orelse", "finalbody")


def _statement_stores(statements, out: Dict[str, int]) -> None:
    for stmt in statements:
        if isinstance(stmt, (ast.Assign, ast.Delete)):
            for target in stmt.targets:
                _targets(target, out)
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            _targets(stmt.target, out)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                if item.optional_vars is not None:
                    _targets(item.optional_vars, out)
        for field in _BODIES:
            _statement_stores(getattr(stmt, field, ()), out)
        for handler in getattr(stmt, "handlers", ()):
            _statement_stores(handler.body, out)
        for case in getattr(stmt, "cases", ()):
            _statement_stores(case.body, out)


def _targets(target: ast.AST, out: Dict[str, int]) -> None:
    if isinstance(target, ast.Attribute):
        out[target.attr] = out.get(target.attr, 0) + 1
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            _targets(element, out)
    elif isinstance(target, ast.Starred):
        _targets(target.value, out)


def _words(node: ast.ClassDef) -> Tuple[Set[str], Set[str]]:
    """(every identifier of the class body: names, defs, parameters, keywords, and the
    attributes that can be the builtins (`x.__dict__`, `object.__setattr__`,
    `builtins.setattr`), not any other object's (`sandbox.process.exec(...)` runs a command);
    the attributes a setattr names by a literal, which sets that one only (held-out round
    107, M2: a crewAI tool's `object.__setattr__(self, "_token", token)` hid the tool))."""
    words: Set[str] = set()
    named: Set[str] = set()
    literal_calls: Set[int] = set()
    for stmt in node.body:
        for n in ast.walk(stmt):  # breadth first: a call before its callee
            if isinstance(n, ast.Call) and (attr := _named_setattr(n)) is not None:
                named.add(attr)
                literal_calls.add(id(n.func))
                continue
            if id(n) in literal_calls:
                continue
            if isinstance(n, ast.Attribute):
                if n.attr.startswith("__") or (isinstance(n.value, ast.Name) and n.value.id == "builtins"):
                    words.add(n.attr)
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
    return words, named


def _named_setattr(call: ast.Call) -> Optional[str]:
    """The attribute `setattr(self, "x", v)`, `object.__setattr__(self, "x", v)` or
    `super().__setattr__("x", v)` sets, when a literal names it."""
    func, args = call.func, call.args
    if isinstance(func, ast.Name) and func.id == "setattr":
        index = 1
    elif isinstance(func, ast.Attribute) and func.attr == "__setattr__" and isinstance(func.value, ast.Name) \
            and func.value.id == "object":
        index = 1
    elif isinstance(func, ast.Attribute) and func.attr == "__setattr__" and isinstance(func.value, ast.Call) \
            and isinstance(func.value.func, ast.Name) and func.value.func.id == "super":
        index = 0
    else:
        return None
    if len(args) > index and isinstance(args[index], ast.Constant) and isinstance(args[index].value, str):
        return args[index].value
    return None


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

