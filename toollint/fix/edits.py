"""A fix as text edits, for the machine-read formats (ruff's json `edits`, SARIF
`replacements`): the fix is applied to the file as it is on disk and the changed region
found by comparing the two texts. Only json and sarif output ask for this."""
from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Tuple

from toollint.fix import Fix


class TextEdit(NamedTuple):
    path: str
    content: str
    start: Tuple[int, int]  # (row, column), 1-based, columns in characters
    end: Tuple[int, int]


def text_edits(fix: Fix, cache: Dict[str, Optional[bytes]]) -> Optional[List[TextEdit]]:
    """The edits, or None when the fix does not apply to the files as they are."""
    from toollint.fix.apply import apply_file

    out: List[TextEdit] = []
    for path in fix.paths:
        if path not in cache:
            try:
                with open(path, "rb") as fh:
                    cache[path] = fh.read()
            except OSError:
                cache[path] = None
        data = cache[path]
        if data is None:
            return None
        applied = apply_file(path, data, [fix])
        if not applied.fixes:
            return None
        out.append(_edit(path, data.decode("utf-8", "surrogateescape"),
                         applied.source.decode("utf-8", "surrogateescape")))
    return out


def _edit(path: str, old: str, new: str) -> TextEdit:
    start = 0
    limit = min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return TextEdit(path, new[start:end_new], _row_col(old, start), _row_col(old, end_old))


def _row_col(text: str, offset: int) -> Tuple[int, int]:
    line_start = max(text.rfind("\n", 0, offset) + 1, 0)
    return text.count("\n", 0, offset) + 1, offset - line_start + 1
