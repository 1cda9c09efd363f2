"""Mapping the sample back to source: a finding at the line of each tool's definition
(or at the payload, for a tool no PATH defines and for an orphan call), kept or dropped
as `check` keeps or drops its own, and rendered in check's formats."""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from toollint.rules.tl404_orphan_call import OrphanCall
from toollint.usage.analysis import RULE, Report
from toollint.usage.report import claim, orphan_message, repair


def project(paths: Sequence[str], settings, verbose: bool = False) -> Tuple[Any, List[Any], List[Any], List[str]]:
    """(linked Project, the tools in the requested files' groups, TL001 findings, with
    `verbose` the tracebacks of our own bugs), as `toollint check` builds them before its
    rules run."""
    from toollint.commands.common import linked_project

    linked = linked_project(paths, settings, verbose)
    tools = []
    for group in linked.project.groups:
        touched = bool(group.paths & linked.requested)
        tools.extend(t for t in group.tools if touched or t.name.span.path in linked.requested)
    return linked.project, tools, linked.errors, linked.internal


def findings(report: Report, tools: Sequence[Any]) -> Tuple[List[Any], Dict[str, List[str]]]:
    """(findings at each definition, or at the payload for a tool no PATH defines; name ->
    "path:line" of its definitions)."""
    from toollint.model import Finding, Span

    defined: Dict[str, List[Any]] = {}
    for tool in tools:
        if tool.name.value is not None:
            defined.setdefault(tool.name.value, []).append(tool)
    where = {name: sorted({f"{t.name.span.path}:{t.name.span.line}" for t in ts}) for name, ts in defined.items()}
    out: List[Finding] = []
    for s in report.tools:
        rule = RULE.get(s.state)
        if rule is None:
            continue
        if s.name in defined:
            message = f"tool '{s.name}' {claim(s, report)}; {repair(s.state)}"
            for tool in defined[s.name]:
                span = tool.name.span
                out.append(Finding(rule.code, rule.name, message, span, noqa_line=span.end_line))
        elif s.first is not None:
            # No definition to point at: the first payload that declared it stands in.
            span = Span(s.first.path, s.first.line, 1, s.first.line, 1)
            message = f"tool '{s.name}' (defined under none of the given paths) {claim(s, report)}; {repair(s.state)}"
            out.append(Finding(rule.code, rule.name, message, span, noqa_line=s.first.line))
    for o in report.orphans:
        span = Span(o.first.path, o.first.line, 1, o.first.line, 1)
        out.append(Finding(OrphanCall.code, OrphanCall.name, orphan_message(o), span, noqa_line=o.first.line))
    return out, where


def keep(found: List[Any], linked: Any, settings, ignore_noqa: bool) -> Tuple[List[Any], List[str]]:
    """Selection, per-file-ignores and noqa, as check applies them. No TL003: the static
    rules, which other noqa comments answer to, did not run."""
    from toollint.config.select import enabled
    from toollint.report.suppress import suppress

    on = enabled(settings)
    selected = [f for f in found if f.code in on]
    kept, warnings = suppress(selected, linked, settings, set(), ignore_noqa=ignore_noqa, report_unused=False)
    kept.sort(key=lambda f: f.sort_key())
    return kept, warnings


def render(found: Sequence[Any], settings, color: bool) -> str:
    from toollint.front.read import decode, read_source
    from toollint.report.docs import rule_docs
    from toollint.report.format import render as render_findings

    docs = rule_docs()
    sources: Dict[str, str] = {}
    if settings.output_format == "full":
        # Excerpts of the definitions only: a payload line can be megabytes of JSON.
        for path in sorted({f.span.path for f in found if f.code != OrphanCall.code and f.span.path.endswith(".py")}):
            data = read_source(path)
            if isinstance(data, bytes):
                text = decode(path, data)
                if isinstance(text, str):
                    sources[path] = text
    from toollint.commands.common import report_root

    return render_findings(found, settings.output_format, sources=sources, color=color,
                           rule_docs=docs, root=report_root())
