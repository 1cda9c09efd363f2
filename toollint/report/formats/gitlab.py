"""`gitlab`: a GitLab Code Quality report."""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Sequence

from toollint.model import Finding
from toollint.report.formats.base import Context, Emitter
from toollint.report.formats.common import dump, relpath, severity


class Gitlab(Emitter):
    name = "gitlab"

    def emit(self, findings: Sequence[Finding], ctx: Context) -> str:
        seen: Counter = Counter()
        rows = []
        for f in findings:
            path, _ = relpath(f.span.path, ctx.root)
            # Line numbers stay out of the hash so a finding keeps its identity when
            # unrelated lines move; the occurrence index keeps identical findings apart.
            key = (path, f.code, f.message)
            occurrence = seen[key]
            seen[key] += 1
            payload = json.dumps([path, f.code, f.message, occurrence], ensure_ascii=True)
            rows.append(
                {
                    "description": f"{f.code} {f.message}",
                    "check_name": f.code,
                    "fingerprint": hashlib.sha256(payload.encode("utf-8")).hexdigest(),
                    "severity": severity(f.code, "gitlab"),
                    "location": {
                        "path": path,
                        "lines": {"begin": f.span.line, "end": max(f.span.end_line, f.span.line)},
                    },
                }
            )
        return dump(rows)
