"""Findings as LSP diagnostics: `code` the rule's code, `codeDescription` its page, the
severity SARIF gives it, the range the finding's span in the client's position units."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from lsprotocol import types

from toollint.model import Finding

SOURCE = "toollint"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # Python's own line breaks, as spans count them


def split_lines(text: str) -> List[str]:
    return _LINE_BREAK.split(text)


def rule_pages() -> Dict[str, str]:
    """Code -> the URI of the rule's page: the page the json format's `url` names."""
    from toollint.rulekit.registry import all_rules, doc_path

    out: Dict[str, str] = {}
    for code in all_rules():
        path = Path(doc_path(code))
        if path.is_file():
            out[code] = path.resolve().as_uri()
    return out


def to_diagnostic(f: Finding, lines: Sequence[str], units, pages: Dict[str, str]) -> types.Diagnostic:
    """`units(text)`: how many of the client's position units `text` takes (pygls' codec)."""
    from toollint.report.formats.common import ERROR_CODES

    href = pages.get(f.code)
    return types.Diagnostic(
        range=types.Range(start=_position(lines, f.span.line, f.span.col, units),
                          end=_position(lines, f.span.end_line, f.span.end_col, units)),
        message=f.message,
        severity=types.DiagnosticSeverity.Error if f.code in ERROR_CODES else types.DiagnosticSeverity.Warning,
        code=f.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        # where `# noqa` must go (the expression's last line) for the code action
        data={"noqa_line": f.noqa_line or f.span.line, "name": f.name},
    )


def _position(lines: Sequence[str], line: int, col: int, units) -> types.Position:
    """A 1-based line and 1-based character column as a 0-based LSP position."""
    row = min(max(line, 1), max(len(lines), 1)) - 1
    text = lines[row] if row < len(lines) else ""
    chars = min(max(col, 1) - 1, len(text))
    return types.Position(line=row, character=units(text[:chars]))


def noqa_line(diagnostic: types.Diagnostic) -> Optional[int]:
    """The 1-based line the diagnostic's `# noqa` goes on, from what the client echoed back."""
    data = diagnostic.data
    if isinstance(data, dict) and isinstance(data.get("noqa_line"), int):
        return data["noqa_line"]
    return None
