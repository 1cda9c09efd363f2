"""Apply fixes to sources in memory: parse each file once, change the nodes, check the result.

A fix is applied whole or not at all: when one of its edits finds no node (the source
moved, or the literal is not the shape the rule assumed), the fix is dropped and the file
is transformed again without it. Fixes whose edits overlap one already taken wait for the
next round (the caller re-runs the rules). A file that does not parse, does not round-trip
byte for byte through libcst, or would no longer compile is left as it is.
"""
from __future__ import annotations

from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple

from toollint.fix import Edit, Fix

_MAX_RETRIES = 8


class Applied(NamedTuple):
    source: bytes  # the new bytes (the old ones when nothing applied)
    fixes: Tuple[Fix, ...]  # the fixes applied
    refused: Tuple[Tuple[Fix, str], ...] = ()  # the fixes that did not apply, each with why


# Why a fix did not apply, as --fix says it ("fix not applied: ...").
NO_PARSE = "the file does not parse"
NOT_KEPT = "libcst does not give the file back byte for byte"
MOVED = "the code is not what the rule saw (changed since?)"
BREAKS = "the result would not compile"


def _overlaps(a: Edit, b: Edit) -> bool:
    if a.span.path != b.span.path:
        return False
    sa, sb = a.span, b.span
    if a == b:
        return True
    return (sa.line, sa.col) < (sb.end_line, sb.end_col) and (sb.line, sb.col) < (sa.end_line, sa.end_col) \
        and not _siblings(a, b)


def _siblings(a: Edit, b: Edit) -> bool:
    """Edits of different items of one list, or one appended and one removed, do not clash."""
    return a.kind == b.kind == "remove-item" and a.span != b.span


def choose(fixes: Sequence[Fix]) -> List[Fix]:
    """Fixes that do not overlap, first come first served, duplicates once."""
    taken: List[Fix] = []
    edits: List[Edit] = []
    for fix in dict.fromkeys(fixes):
        if any(_overlaps(e, t) for e in fix.edits for t in edits):
            continue
        taken.append(fix)
        edits.extend(fix.edits)
    return taken


def apply_file(path: str, data: bytes, fixes: Sequence[Fix]) -> Applied:
    """The fixes' edits of `path` applied to `data` (the other files' edits are ignored here;
    apply_all keeps multi-file fixes whole)."""
    import libcst as cst

    try:
        module = cst.parse_module(data)
    except Exception:
        return Applied(data, (), tuple((f, NO_PARSE) for f in fixes))  # a syntax error: TL001, never fixed
    where = _layout(module)
    if where.code.encode(module.encoding) != data:
        return Applied(data, (), tuple((f, NOT_KEPT) for f in fixes))  # it would change bytes nobody asked to
    pending = list(fixes)
    refused: List[Tuple[Fix, str]] = []
    for _ in range(_MAX_RETRIES):
        if not pending:
            break
        new, failed = _transform(module, path, pending, where)
        if failed:
            refused.extend((f, MOVED) for f in pending if f in failed)
            pending = [f for f in pending if f not in failed]
            continue
        if new is not None and _compiles(new, path):
            return Applied(new.source, tuple(pending), tuple(refused))
        if len(pending) == 1:
            refused.append((pending[0], BREAKS))
            pending = []
            break
        # some fix breaks the file: keep the longest prefix that does not, one by one
        applied = _one_by_one(module, path, pending, data, where)
        return applied._replace(refused=tuple(refused) + applied.refused)
    return Applied(data, (), tuple(refused) + tuple((f, MOVED) for f in pending))


def _layout(module):
    from toollint.extract.positions import layout

    return layout(module)


class _New(NamedTuple):
    source: bytes
    changed: str  # the code of the top-level statements that changed: all libcst must parse again


def _transform(module, path: str, fixes: Sequence[Fix], where) -> Tuple[Optional[_New], Set[Fix]]:
    from toollint.fix.codemod import Codemod, new_code

    edits: Dict[int, Edit] = {}
    owner: Dict[int, Fix] = {}
    for fix in fixes:
        for e in fix.edits:
            if e.span.path == path:
                owner[len(edits)] = fix
                edits[len(edits)] = e
    mod = Codemod(module, edits, where)
    try:
        new = module.visit(mod)
    except Exception:  # libcst refused the result (a default before a non-default): as not compiling
        return None, set()
    failed = {owner[i] for i in edits if i not in mod.done}
    if failed:
        return None, failed
    code, changed = new_code(new, where)
    return _New(code.encode(new.encoding), "".join(changed)), failed


def _one_by_one(module, path: str, fixes: Sequence[Fix], data: bytes, where) -> Applied:
    kept: List[Fix] = []
    refused: List[Tuple[Fix, str]] = []
    best = data
    for fix in fixes:
        new, failed = _transform(module, path, kept + [fix], where)
        if not failed and new is not None and _compiles(new, path):
            kept.append(fix)
            best = new.source
        else:
            refused.append((fix, MOVED if failed else BREAKS))
    return Applied(best, tuple(kept), tuple(refused))


def _compiles(new: _New, path: str) -> bool:
    """True when Python itself accepts the result (libcst accepts a little more, such as
    a parameter without a default after one with), and libcst its changed statements (the
    others parsed before: a module's top-level statements parse each on its own)."""
    import ast

    from toollint import SOURCE_NAME

    try:  # under SOURCE_NAME: CPython's warnings about the user's code stay unprinted
        compile(new.source, SOURCE_NAME, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    import libcst as cst

    try:
        cst.parse_module(new.changed)
    except Exception:
        return False
    return True


def apply_all(sources: Dict[str, bytes], fixes: Sequence[Fix]) -> Dict[str, Applied]:
    """Every file's new source. A fix touching several files is kept only where all of
    its files took it; files are redone until that holds."""
    chosen = choose([f for f in fixes if all(p in sources for p in f.paths)])
    torn: Dict[Fix, str] = {}
    for _ in range(_MAX_RETRIES):
        by_path: Dict[str, List[Fix]] = {}
        for fix in chosen:
            for p in fix.paths:
                by_path.setdefault(p, []).append(fix)
        out = {p: apply_file(p, sources[p], fs) for p, fs in by_path.items()}
        why = {f: reason for a in out.values() for f, reason in a.refused}
        now = {f: why.get(f, MOVED) for f in chosen
               if len(f.paths) > 1 and not all(f in out[p].fixes for p in f.paths)}
        if not now:
            return _with_refusals(out, sources, torn)
        torn.update(now)
        chosen = [f for f in chosen if f not in now]
    return {}


def _with_refusals(out: Dict[str, Applied], sources: Dict[str, bytes], torn: Dict[Fix, str]) -> Dict[str, Applied]:
    """`out`, each fix that one of its files refused (then none took it) named in its first file."""
    for fix, reason in torn.items():
        first = fix.paths[0]
        was = out.get(first, Applied(sources[first], ()))
        out[first] = was._replace(refused=was.refused + ((fix, reason),))
    return out


def workable(fixes: Sequence[Fix], read: Callable[[str], Optional[bytes]]) -> Set[Fix]:
    """The fixes that apply, each on its own, to the files as `read` gives them (a fix of
    two files applies when it applies to both). Each file is parsed once."""
    by_path: Dict[str, List[Fix]] = {}
    for fix in dict.fromkeys(fixes):
        for path in fix.paths:
            by_path.setdefault(path, []).append(fix)
    done = {path: _workable_in_file(path, on, read) for path, on in by_path.items()}
    return {fix for fix in dict.fromkeys(fixes) if all(fix in done[p] for p in fix.paths)}


def _workable_in_file(path: str, fixes: Sequence[Fix], read: Callable[[str], Optional[bytes]]) -> Set[Fix]:
    """The fixes whose edits of `path` apply to it, each on its own."""
    import libcst as cst

    data = read(path)
    try:
        tree = cst.parse_module(data) if data is not None else None
    except Exception:
        return set()
    if tree is None:
        return set()
    where = _layout(tree)
    if where.code.encode(tree.encoding) != data:
        return set()
    ok: Set[Fix] = set()
    for fix in fixes:
        new, failed = _transform(tree, path, [fix], where)
        if not failed and new is not None and _compiles(new, path):
            ok.add(fix)
    return ok
