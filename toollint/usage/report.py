"""What usage says about a sample: each tool's claim and repair, the summary, the table
and the JSON report, and the warnings for skipped records.

Every claim is bounded by the sample ("never called in 412 offered turns"), because a
log can only show what happened in it.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from toollint.rules.tl404_orphan_call import OrphanCall
from toollint.usage.analysis import CALLED, RULE, TOO_SMALL, Orphan, Report, ToolStats
from toollint.usage.payloads import Where
from toollint.usage.problems import Problem
from toollint.usage.read import Sample
from toollint.usage.words import pct, plural, rare_text

_SHOWN_PROBLEMS = 20  # per kind; the count is always exact
_REPAIR = {TOO_SMALL: "collect more payloads, or lower --min-offered to judge on fewer turns", CALLED: ""}


def repair(state: str) -> str:
    rule = RULE.get(state)
    return rule.repair if rule is not None else _REPAIR[state]


def claim(s: ToolStats, report: Report) -> str:
    """What the sample shows about the tool, bounded by the sample, in one clause."""
    rule = RULE.get(s.state)
    if rule is not None:
        fields = {"declared_turns": plural(s.declared, "sampled turn"), "offered_turns": plural(s.offered, "offered turn"),
                  "called_turns": f"{s.called_turns:,}", "size": f"{s.size:,}", "share": pct(s.rate),
                  "rare": rare_text(report.rare), "calls": plural(s.calls, "time")}
        yet = getattr(rule, "yet_called", "")
        return rule.claim.format(**fields) + (yet.format(**fields) if yet and s.calls else "")
    if s.state == TOO_SMALL:
        if s.offered == 0:
            return (f"was declared in {plural(s.declared, 'sampled turn')} and offered in none, fewer than "
                    f"--min-offered {report.min_offered}: too small a sample to judge")
        return (f"was offered in {plural(s.offered, 'sampled turn')} and never called, fewer than "
                f"--min-offered {report.min_offered}: too small a sample to judge")
    return f"was called in {s.called_turns:,} of {plural(s.offered, 'offered turn')} of the sample ({pct(s.rate)})"


def orphan_message(o: Orphan) -> str:
    return OrphanCall.message.format(name=o.name, calls=plural(o.calls, "time"), turns=plural(o.turns, "sampled turn"))


def summary_lines(report: Report, sample: Sample, orphans: bool = True) -> List[str]:
    """The sample, dead weight, crowding and orphan calls, one line each."""
    by = ", ".join(f"{p} {n:,}" for p, n in report.providers.items())
    lines = [f"sample: {plural(report.turns, 'turn')} from {plural(len(report.files), 'file')}"
             + (f" ({by})" if by else "")
             + f"; --min-offered {report.min_offered}, --rare {rare_text(report.rare)}"]
    if sample.aggregated:
        lines[0] = (f"sample: per-tool counts of {plural(len(report.tools), 'tool')} from {', '.join(report.files)}"
                    f"; --min-offered {report.min_offered}, --rare {rare_text(report.rare)}")
    skipped = sample.problems.kind_counts()
    if skipped:
        lines[0] += f"; skipped: {skipped}"
    seen = sample.tally.seen
    if seen.forgotten:
        lines[0] += (f"; {seen.forgotten:,} response ids forgotten (deduplication remembers the last "
                     f"{seen.window:,} to {2 * seen.window:,}; a response logged again further apart counts again; "
                     f"--engine duckdb deduplicates exactly)")
    if report.total_chars:
        share = report.dead_chars / report.total_chars
        lines.append(f"dead weight: {pct(share)} of the tool-definition characters sent in the sample "
                     f"({report.dead_chars:,} of {report.total_chars:,}) belong to tools never called in it")
    if report.widest_at is not None:
        if report.widest > report.max_tools:
            lines.append(f"crowding: the widest turn offers {report.widest} tools ({report.widest_at}), more "
                         f"than {report.max_tools}: the model chooses worse among many; send fewer per turn")
        else:
            lines.append(f"crowding: the widest turn offers {report.widest} tools ({report.widest_at}), "
                         f"within {report.max_tools}")
    for o in report.orphans if orphans else ():
        lines.append(f"warning: {o.first}: {orphan_message(o)}")
    return lines


def text_table(report: Report, sample: Sample, where: Optional[Dict[str, List[str]]] = None) -> str:
    """The summary's first line, one row per tool (with DEFINED AT when PATHs were given),
    each verdict's claim and repair, then the rest of the summary."""
    from toollint.report.format import sanitize

    head = ["STATE", "TOOL", "DECLARED", "OFFERED", "CALLED", "RATE", "SIZE"]
    if where is not None:
        head.append("DEFINED AT")
    rows = []
    for s in report.tools:
        row = [s.state, sanitize(s.name), f"{s.declared:,}", f"{s.offered:,}", f"{s.called_turns:,}",
               pct(s.rate) if s.offered else "-", f"{s.size:,}"]
        if where is not None:
            row.append(", ".join(sanitize(w) for w in where.get(s.name, [])) or "(not found)")
        rows.append(row)
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    numeric = {2, 3, 4, 5, 6}
    summary = [sanitize(line) for line in summary_lines(report, sample)]

    def fmt(row: List[str]) -> str:
        cells = [c.rjust(widths[i]) if i in numeric else c.ljust(widths[i]) for i, c in enumerate(row)]
        return "  ".join(cells).rstrip()

    out = summary[:1] + ["", fmt(head)] + [fmt(r) for r in rows]
    notes = [s for s in report.tools if s.state != CALLED]
    if notes:
        out.append("")
    for s in notes:
        out.append(sanitize(f"{s.name}: {s.state}: {claim(s, report)}"))
        out.append(sanitize(f"  repair: {repair(s.state)}"))
    if summary[1:]:
        out.append("")
        out.extend(summary[1:])
    return "\n".join(out) + "\n"


def _where_json(w: Optional[Where]) -> Optional[Dict[str, Any]]:
    return None if w is None else {"file": w.path, "line": w.line}


def _tool_json(s: ToolStats, report: Report, where: Optional[Dict[str, List[str]]]) -> Dict[str, Any]:
    row: Dict[str, Any] = {
        "name": s.name, "state": s.state, "declared": s.declared, "offered": s.offered,
        "called_turns": s.called_turns, "calls": s.calls, "rate": round(s.rate, 6) if s.offered else None,
        "size": s.size, "characters_sent": s.chars, "claim": f"{s.name} {claim(s, report)}",
        "repair": repair(s.state) or None, "first_declared": _where_json(s.first),
    }
    if where is not None:
        row["defined_at"] = where.get(s.name, [])
    return row


def json_report(report: Report, sample: Sample, where: Optional[Dict[str, List[str]]] = None) -> str:
    import json

    data = {
        "sample": {
            "turns": None if sample.aggregated else report.turns,
            "files": report.files,
            "providers": report.providers,
            "skipped": [{"file": p.where.path, "line": p.where.line, "kind": p.kind, "detail": p.detail}
                        for p in sorted(sample.problems, key=lambda p: (p.where, p.kind))],
            # "skipped" lists the first KEPT of each kind; these count every one.
            "skipped_counts": dict(sorted(sample.problems.totals.items())),
            "response_ids_forgotten": sample.tally.seen.forgotten,
        },
        "thresholds": {"min_offered": report.min_offered, "rare": report.rare, "max_tools_per_turn": report.max_tools},
        "tools": [_tool_json(s, report, where) for s in report.tools],
        "dead_weight": {"characters": report.dead_chars, "of": report.total_chars,
                        "share": round(report.dead_chars / report.total_chars, 6) if report.total_chars else 0.0},
        "crowding": {"widest_turn": report.widest, "limit": report.max_tools, "at": _where_json(report.widest_at)},
        "orphan_calls": [{"name": o.name, "calls": o.calls, "turns": o.turns, "first": _where_json(o.first),
                          "message": orphan_message(o)} for o in report.orphans],
    }
    return json.dumps(data, indent=2, ensure_ascii=True) + "\n"


_LABEL = {"malformed": "malformed JSON line skipped", "unusable": "payload skipped", "duplicate": "counted once",
          "invalid-id": "invalid id", "expired": "not fetched", "failed": "not fetched",
          "cut-short": "stopped reading"}


def problem_warnings(sample: Sample) -> List[str]:
    """One line per skipped record, at most _SHOWN_PROBLEMS of each kind, then a count."""
    from toollint.report.format import sanitize

    out: List[str] = []
    by_kind: Dict[str, List[Problem]] = {}
    for p in sorted(sample.problems, key=lambda p: (p.where, p.kind)):
        by_kind.setdefault(p.kind, []).append(p)
    for kind, label in _LABEL.items():
        items = by_kind.get(kind, [])
        for p in items[:_SHOWN_PROBLEMS]:
            out.append(sanitize(f"{p.where}: {label}: {p.detail}"))
        total = sample.problems.totals.get(kind, 0)
        if total > _SHOWN_PROBLEMS:
            out.append(f"... and {total - _SHOWN_PROBLEMS} more ({plural(total, kind + ' record')} in all)")
    return out
