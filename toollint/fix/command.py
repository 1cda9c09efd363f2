"""`toollint check --fix / --diff / --fix-only / --show-fixes` (issue 20).

--fix applies the enabled fixes, re-runs the rules on the result and repeats (a fix may
make another possible, or an overlapping one had to wait), at most MAX_ROUNDS times, then
prints what remains. --diff computes the first round in memory and prints it as a unified
diff; nothing is written. With --stdin-filename the fixed source goes to stdout and the
findings to stderr, for editors.
"""
from __future__ import annotations

import difflib
import sys
from collections import Counter
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from toollint.fix.apply import apply_all
from toollint.fix.files import refusal, write_atomic
from toollint.fix.policy import applicable, summary, with_fixes_allowed
from toollint.model import Finding

MAX_ROUNDS = 10

RunOnce = Callable[[Optional[Tuple[str, bytes]]], object]  # stdin -> engine Result


class Outcome(NamedTuple):
    result: object  # the last engine Result: what remains
    fixed: Counter  # (path, code, name) -> fixes applied
    sources: Dict[str, Tuple[bytes, bytes]]  # path -> (before, after) of the changed files
    warnings: List[str]


def fixes_to_apply(findings: Sequence[Finding], settings) -> List[Finding]:
    return [f for f in with_fixes_allowed(findings, settings) if applicable(f, settings.unsafe_fixes)]


def fix_loop(run_once: RunOnce, settings, write: bool, stdin: Optional[Tuple[str, bytes]] = None,
             rounds: int = MAX_ROUNDS) -> Outcome:
    fixed: Counter = Counter()
    first: Dict[str, bytes] = {}
    current: Dict[str, bytes] = {}
    warnings: List[str] = []
    refused: List[str] = []  # the last round's refusals: what a next round tries again stands
    for n in range(rounds + 1):
        result = run_once(stdin)
        todo = fixes_to_apply(result.findings, settings)  # type: ignore[attr-defined]
        if not todo:
            refused = []
            break
        if n == rounds:
            break
        sources = _sources(todo, settings, stdin, warnings)
        applied = apply_all(sources, [f.fix for f in todo])
        refused = _refusals(todo, applied)
        changed = {p: a.source for p, a in applied.items() if a.source != sources[p]}
        if not changed:
            break
        done = {fix for a in applied.values() for fix in a.fixes}
        fixed.update((f.span.path, f.code, f.name) for f in todo if f.fix in done)
        for path, data in changed.items():
            first.setdefault(path, sources[path])
            current[path] = data
            if stdin is not None:
                stdin = (stdin[0], data)
            elif write:
                write_atomic(path, data)
        if not write and stdin is None:
            break  # --diff: one round, in memory
    warnings.extend(refused)
    return Outcome(result, fixed, {p: (first[p], current[p]) for p in current}, warnings)


def _refusals(todo: Sequence[Finding], applied) -> List[str]:
    """The warnings for the fixes a file refused: `[*]` marks a fix before anything applies
    it (as ruff's), so --fix says which did not apply and why."""
    why = {fix: reason for a in applied.values() for fix, reason in a.refused}
    return [f"{f.span.path}:{f.span.line}:{f.span.col}: {f.code} fix not applied: {why[f.fix]}"
            for f in todo if f.fix in why]


def _sources(todo: Sequence[Finding], settings, stdin, warnings: List[str]) -> Dict[str, bytes]:
    out: Dict[str, bytes] = {}
    for f in todo:
        for path in f.fix.paths:
            if path in out:
                continue
            if stdin is not None:
                if path == stdin[0]:
                    out[path] = stdin[1]
                continue
            why = refusal(path, settings.root)
            if why is not None:
                if why not in warnings:
                    warnings.append(why)
                continue
            try:
                with open(path, "rb") as fh:
                    out[path] = fh.read()
            except OSError as e:
                warnings.append(f"{path}: not fixed: {e.strerror or e}")
    return out


def unified_diff(path: str, before: bytes, after: bytes) -> str:
    """A diff `patch -p1` applies: `--- a/path`, `+++ b/path`."""
    a = before.decode("utf-8", "surrogateescape").splitlines(keepends=True)
    b = after.decode("utf-8", "surrogateescape").splitlines(keepends=True)
    out = []
    for line in difflib.unified_diff(a, b, f"a/{path}", f"b/{path}"):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def fixed_table(fixed: Counter) -> str:
    """--show-fixes, as ruff prints it."""
    total = sum(fixed.values())
    if not total:
        return ""
    lines = [f"Fixed {total} error{'' if total == 1 else 's'}:"]
    by_path: Dict[str, List[Tuple[str, str, int]]] = {}
    for (path, code, name), n in sorted(fixed.items()):
        by_path.setdefault(path, []).append((code, name, n))
    for path, rows in by_path.items():
        lines.append(f"- {path}:")
        lines.extend(f"    {n} × {code} ({name})" for code, name, n in rows)
    return "\n".join(lines) + "\n"


def write_bytes(data: Union[str, bytes], stream=None) -> None:
    """Text or a source's own bytes, as they are (a file name or source that is not UTF-8
    goes through unchanged)."""
    stream = stream or sys.stdout
    raw = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
    stream.flush()
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(raw.decode("utf-8", "surrogateescape"))
    else:
        buffer.write(raw)
        buffer.flush()


def fix_summary(outcome: Outcome, remaining: int) -> str:
    fixed = sum(outcome.fixed.values())
    if not fixed:
        return ""
    total = fixed + remaining
    return f"Found {total} error{'' if total == 1 else 's'} ({fixed} fixed, {remaining} remaining)."


__all__ = ["add_arguments", "overrides", "wanted", "fix_loop", "unified_diff", "fixed_table", "summary"]
