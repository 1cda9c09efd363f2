"""The fix of a finding as json (ruff's `fix` object) and SARIF (`fixes`) carry it."""
from __future__ import annotations

from typing import Dict, List, Optional

from toollint.model import Finding

Files = Dict[str, Optional[bytes]]  # each file read once per output


def _edits(f: Finding, files: Files):
    from toollint.fix.edits import text_edits

    return text_edits(f.fix, files) if f.fix is not None else None


def fix_object(f: Finding, files: Files) -> Optional[Dict[str, object]]:
    edits = _edits(f, files)
    if edits is None:
        return None
    return {
        "applicability": f.fix.applicability,
        "message": f.fix.message,
        "edits": [{"content": e.content, "location": {"row": e.start[0], "column": e.start[1]},
                   "end_location": {"row": e.end[0], "column": e.end[1]}} for e in edits],
    }


def sarif_fixes(f: Finding, artifact, files: Files) -> Optional[List[Dict[str, object]]]:
    """SARIF 2.1.0 §3.55: one fix, its replacements grouped by file."""
    edits = _edits(f, files)
    if edits is None:
        return None
    changes = [{
        "artifactLocation": artifact(e.path),
        "replacements": [{
            "deletedRegion": {"startLine": e.start[0], "startColumn": e.start[1],
                              "endLine": e.end[0], "endColumn": e.end[1]},
            "insertedContent": {"text": e.content},
        }],
    } for e in edits]
    return [{"description": {"text": f.fix.message}, "artifactChanges": changes}]
