"""Which fixes apply, with ruff's semantics: a rule's fixes are enabled when the longest
`fixable` prefix matching its code (default: every rule) is longer than any matching
`unfixable` one (a tie goes to `unfixable`); an unsafe fix needs `--unsafe-fixes`."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, List, Optional, Tuple

from toollint.model import Finding


def _longest(code: str, prefixes: Iterable[str]) -> int:
    return max((0 if p == "ALL" else len(p) for p in prefixes if p == "ALL" or code.startswith(p)), default=-1)


def rule_fixable(code: str, settings) -> bool:
    on = _longest(code, settings.fixable or ("ALL",))
    return on >= 0 and on > _longest(code, settings.unfixable)


def with_fixes_allowed(findings: Iterable[Finding], settings) -> List[Finding]:
    """The findings, without the fixes of rules that `fixable`/`unfixable` turn off."""
    return [f if f.fix is None or rule_fixable(f.code, settings) else replace(f, fix=None) for f in findings]


def verified(findings: List[Finding], stdin: Optional[Tuple[str, bytes]] = None) -> List[Finding]:
    """The findings, without the fixes that do not apply to the files as they are (a
    `dict(...)` where the rule saw a schema, a file changed since): what --fix prints as
    remaining, after it said which fixes it could not apply. Costs a parse of each file
    that has a fix, and nothing otherwise.
    A plain `check` does not call it: `[*]` marks every enabled fix there, as ruff's."""
    fixes = [f.fix for f in findings if f.fix is not None]
    if not fixes:
        return findings
    from toollint.fix.apply import workable

    def read(path: str) -> Optional[bytes]:
        if stdin is not None and path == stdin[0]:
            return stdin[1]
        try:
            with open(path, "rb") as fh:
                return fh.read()
        except OSError:
            return None

    ok = workable(fixes, read)
    return [f if f.fix is None or f.fix in ok else replace(f, fix=None) for f in findings]


def applicable(f: Finding, unsafe: bool) -> bool:
    return f.fix is not None and (f.fix.applicability == "safe" or unsafe)


def counts(findings: Iterable[Finding], unsafe: bool) -> Tuple[int, int]:
    """(fixable now, hidden behind --unsafe-fixes)."""
    now = hidden = 0
    for f in findings:
        if applicable(f, unsafe):
            now += 1
        elif f.fix is not None:
            hidden += 1
    return now, hidden


def summary(findings: Iterable[Finding], unsafe: bool) -> str:
    """The fix lines ruff ends its text output with; "" when there is no fix."""
    now, hidden = counts(findings, unsafe)
    tail = ""
    if hidden:
        tail = f" ({hidden} hidden fix{'' if hidden == 1 else 'es'} can be enabled with the `--unsafe-fixes` option)"
    if now:
        return f"[*] {now} fixable with the `--fix` option{tail}."
    return f"No fixes available{tail}." if hidden else ""
