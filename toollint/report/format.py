"""Render findings in every output format `toollint check --output-format` offers.

The public entry: `render`, `needs_rule_docs`, and the helpers other stages print with.
Each format is its own emitter in toollint/report/formats/.
"""
from __future__ import annotations

from typing import Mapping, Optional, Sequence

from toollint.model import Finding
from toollint.report.formats import EMITTERS, FORMATS
from toollint.report.formats.base import Context
from toollint.report.formats.common import (  # noqa: F401 - re-exported for callers
    ANY_UNSAFE as _ANY_UNSAFE,
    RuleDoc,
    count_line,
    defuse_ci_commands,
    excerpt,
    is_unsafe as _is_unsafe,
    sanitize,
)


def render(
    findings: Sequence[Finding],
    fmt: str = "concise",
    *,
    sources: Optional[Mapping[str, str]] = None,
    color: bool = False,
    rule_docs: Optional[Mapping[str, RuleDoc]] = None,
    root: str = ".",
    statistics: bool = False,
    counts: Optional[Mapping[str, int]] = None,
    unsafe_fixes: bool = False,
) -> str:
    """The whole output for `findings` (already sorted), ending in a newline unless empty.

    `sources` maps a finding's span.path to the file's text (only `full` reads it);
    `rule_docs` maps code -> RuleDoc; `root` is what SARIF, GitLab and GitHub paths are
    made relative to. With `statistics`, a per-code count replaces the findings (a JSON
    array for `json`, an aligned table otherwise). `counts` (what the run checked) goes
    into the SARIF run's properties.
    """
    emitter = EMITTERS.get(fmt)
    if emitter is None:
        raise ValueError(f"unknown output format {fmt!r}; expected one of: {', '.join(FORMATS)}")
    ctx = Context(sources=sources or {}, color=color, docs=rule_docs or {}, root=root, counts=counts,
                  unsafe_fixes=unsafe_fixes)
    return emitter.statistics(findings, ctx) if statistics else emitter.emit(findings, ctx)


def needs_rule_docs(fmt: str, statistics: bool) -> bool:
    """Whether render() reads `rule_docs` (building them imports every rule)."""
    emitter = EMITTERS.get(fmt)
    return statistics or (emitter is not None and emitter.reads_rule_docs)
