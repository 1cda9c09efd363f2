"""The common base of the output formats, as ruff's per-format emitters: one subclass per
format, each in its own module, registered in formats/__init__.py."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar, Dict, List, Mapping, Optional, Sequence, Tuple

from toollint.model import Finding
from toollint.report.formats.common import RuleDoc, defuse_ci_commands, sanitize


@dataclass(frozen=True)
class Context:
    """What an emitter may read besides the findings."""

    sources: Mapping[str, str]  # span.path -> the file's text (only `full` reads it)
    color: bool
    docs: Mapping[str, RuleDoc]  # code -> RuleDoc
    root: str  # what machine-read paths are made relative to
    counts: Optional[Mapping[str, int]] = None  # what the run checked (files, tools, groups)
    unsafe_fixes: bool = False  # unsafe fixes are enabled: their findings are marked fixable too

    def fixable(self, f: Finding) -> bool:
        """Whether the text formats mark `f` with [*] (ruff: a fix that --fix would apply)."""
        return f.fix is not None and (f.fix.applicability == "safe" or self.unsafe_fixes)


class Emitter:
    """One output format: the whole output for findings already sorted, deterministic
    (same findings, same bytes), ending in a newline unless empty."""

    name: ClassVar[str]
    reads_rule_docs: ClassVar[bool] = False  # building docs imports every rule

    def emit(self, findings: Sequence[Finding], ctx: Context) -> str:
        raise NotImplementedError

    def statistics(self, findings: Sequence[Finding], ctx: Context) -> str:
        """`--statistics`: an aligned per-code table, most frequent first."""
        rows = count_codes(findings, ctx.docs)
        if not rows:
            return ""
        count_w = max(len(str(n)) for _, _, n in rows)
        code_w = max(len(sanitize(c)) for c, _, _ in rows)
        lines = [f"{str(n).rjust(count_w)}  {sanitize(c).ljust(code_w)}  {sanitize(name)}" for c, name, n in rows]
        return defuse_ci_commands("".join(line + "\n" for line in lines))


def count_codes(findings: Sequence[Finding], docs: Mapping[str, RuleDoc]) -> List[Tuple[str, str, int]]:
    """(code, rule name, count), most frequent first; a rule doc's name wins over a finding's."""
    counts: Counter = Counter(f.code for f in findings)
    names: Dict[str, str] = {}
    for f in findings:
        names.setdefault(f.code, f.name)
    for code in counts:
        if code in docs:
            names[code] = docs[code].name
    return [(c, names[c], n) for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
