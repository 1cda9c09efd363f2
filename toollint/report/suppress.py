"""Drop what the user asked not to see: per-file-ignores, file-level and inline noqa."""
from __future__ import annotations

import tokenize
from typing import Dict, List, Tuple

from toollint.config.settings import Settings
from toollint.model import Finding


def suppress(findings: List[Finding], project, settings: Settings, requested,
             ignore_noqa: bool = False, report_unused: bool = True) -> Tuple[List[Finding], List[str]]:
    """(findings kept, warnings about malformed directives). With `report_unused` (and TL003
    enabled), a directive that suppressed nothing gives a TL003: off for a caller that ran
    only some rules, to whose findings the other directives do not answer."""
    from toollint.config.select import selection
    from toollint.report import noqa
    from toollint.rulekit.registry import all_rules

    chosen = selection(settings)
    by_path: Dict[str, List[Finding]] = {}
    for f in findings:
        if not chosen.ignores(f.code, f.span.path):
            by_path.setdefault(f.span.path, []).append(f)

    kept: List[Finding] = []
    warnings: List[str] = []
    report_unused = report_unused and chosen.decision_for("TL003")
    for path in sorted(set(by_path) | {p for p, m in project.modules.items() if m.comments and p in requested}):
        facts = project.modules.get(path)
        items = by_path.get(path, [])
        if facts is None or not facts.comments:
            kept.extend(items)
            continue
        items = _past_strings(path, items, facts.comments)
        directives = noqa.parse(
            [(line, col, text) for line, col, text, _ in facts.comments],
            own_line={line for line, _, _, own in facts.comments if own},
        )
        warnings.extend(f"{path}:{line}: {message}" for line, message in directives.warnings)
        items, unused = noqa.apply(items, directives, path=path, ignore_noqa=ignore_noqa,
                                   report_unused=report_unused, enabled=chosen.enabled, known=all_rules())
        kept.extend(items)
        # A blanket `# noqa` may serve flake8 or ruff, whose findings toollint cannot see.
        unused = [u for u in unused if "blanket" not in u.message and not chosen.ignores(u.code, path)]
        kept.extend(_with_fix(u, facts.comments) for u in unused)
    return kept, warnings


def _past_strings(path: str, items: List[Finding], comments) -> List[Finding]:
    """`items` with the noqa line of a finding reported inside a multi-line string (a
    docstring's Args section) moved to the string's last row when a directive is there:
    no comment can stand inside the string, and its closing quotes are where README says a
    multi-line description's `# noqa` goes. The file is read again only for such a case,
    and used only if its noqa comments are where extraction saw them (else it is not the
    text that was linted: an editor's buffer)."""
    rows = {line for line, _, _, _ in comments}
    candidates = [f for f in items if not {f.span.line, f.noqa_line or f.span.line} & rows]
    if not candidates or not any(r > f.span.line for f in candidates for r in rows):
        return items
    from dataclasses import replace

    from toollint.front.read import decode, read_source
    from toollint.report.layout import layout

    data = read_source(path)
    text = decode(path, data) if isinstance(data, bytes) else None
    try:
        shape = layout(text) if isinstance(text, str) else None
    except (SyntaxError, ValueError, tokenize.TokenError):
        shape = None
    if shape is None or any(shape.comments.get(line, (None, None))[1] != body
                            for line, _, body, _ in comments):
        return items
    moved = []
    for f in items:
        end = shape.string_end.get(f.noqa_line or f.span.line)
        moved.append(replace(f, noqa_line=end) if f in candidates and end in rows else f)
    return moved


def _with_fix(finding: Finding, comments) -> Finding:
    from dataclasses import replace

    from toollint.fix.noqa import unused_noqa_fix

    fix = unused_noqa_fix(finding, comments)
    return replace(finding, fix=fix) if fix is not None else finding
