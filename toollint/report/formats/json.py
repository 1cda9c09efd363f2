"""`json`: an array of findings with ruff's field names."""
from __future__ import annotations

from typing import Sequence

from toollint.model import Finding
from toollint.report.formats.base import Context, Emitter, count_codes
from toollint.report.formats.common import dump, severity
from toollint.report.formats.fixes import fix_object


class Json(Emitter):
    name = "json"
    reads_rule_docs = True  # each finding's url

    def emit(self, findings: Sequence[Finding], ctx: Context) -> str:
        rows = []
        files: dict = {}
        for f in findings:
            doc = ctx.docs.get(f.code)
            rows.append(
                {
                    "code": f.code,
                    "name": f.name,
                    "message": f.message,
                    "filename": f.span.path,
                    "location": {"row": f.span.line, "column": f.span.col},
                    "end_location": {"row": f.span.end_line, "column": f.span.end_col},
                    "noqa_row": f.noqa_line or f.span.line,
                    "url": doc.help_uri if doc is not None else None,
                    "severity": severity(f.code, "json"),
                    "fix": fix_object(f, files) if f.fix is not None else None,
                }
            )
        return dump(rows)

    def statistics(self, findings: Sequence[Finding], ctx: Context) -> str:
        return dump([{"code": c, "name": name, "count": n} for c, name, n in count_codes(findings, ctx.docs)])
