"""`toollint check --add-noqa`: a `# noqa: CODE` on each line a finding can be suppressed
on, so that a codebase with many findings can adopt toollint and then hold the line.

Only the edited lines change, and only by what is inserted: a new directive goes at the
end of the line (`  # noqa: TL101`, after any comment already there), and codes missing
from an existing directive are appended to its list (`# noqa: TL101` -> `# noqa: TL101,
TL205`). Line endings, encoding, BOM and every other byte stay as they were. A file that
does not parse is never touched; nor is one whose edit would not parse, or would not
suppress what it was made for (checked by parsing the result as suppression does), so a
second run finds nothing to add. The new file replaces the old one atomically, with its
permission bits.
"""
from __future__ import annotations

import ast
import io
import os
import re
import tokenize
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple

from toollint import SOURCE_NAME
from toollint.fix.files import write_atomic
from toollint.model import Finding
from toollint.report import noqa
from toollint.report.layout import layout

# TL001: a file that does not parse has no trustworthy comments (and is never edited);
# TL003 names a directive to delete, and suppressing it would hide that.
NOT_INLINE = frozenset({"TL001", noqa.UNUSED_CODE})

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")  # Python's own line breaks


@dataclass
class Added:
    directives: int = 0  # lines given a directive or more codes in one
    files: int = 0
    left: List[Finding] = field(default_factory=list)  # findings no directive was added for
    warnings: List[str] = field(default_factory=list)


def add_noqa(findings: Sequence[Finding]) -> Added:
    """Add the directives that suppress `findings` (as reported: already suppressed ones
    are not among them), file by file."""
    result = Added()
    broken = {f.span.path for f in findings if f.code == "TL001"}
    wanted: Dict[str, Dict[int, List[str]]] = {}
    for f in findings:
        if f.code in NOT_INLINE or f.span.path in broken:
            result.left.append(f)
            continue
        codes = wanted.setdefault(f.span.path, {}).setdefault(f.noqa_line or f.span.line, [])
        if f.code not in codes:
            codes.append(f.code)
    for path in sorted(wanted):
        edited, covered, warnings = _add_to_file(path, wanted[path])
        result.warnings.extend(warnings)
        if edited:
            result.directives += edited
            result.files += 1
        result.left.extend(f for f in findings
                           if f.span.path == path and (f.noqa_line or f.span.line) not in covered)
    result.left.sort(key=Finding.sort_key)
    return result


def _add_to_file(path: str, asked: Dict[int, List[str]]) -> Tuple[int, Set[int], List[str]]:
    """(lines edited, rows of `asked` now covered, warnings); the file is rewritten only if
    every edit checks out."""
    real = os.path.realpath(path)  # a symlink keeps pointing at the edited file
    try:
        with open(real, "rb") as f:
            data = f.read()
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
        ast.parse(data, SOURCE_NAME)
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError) as exc:
        return 0, set(), [f"{path}: no noqa directive added: {type(exc).__name__}: {exc}"]
    lines = _LINE.findall(text)
    try:
        shape = layout(text)
    except (SyntaxError, tokenize.TokenError) as exc:
        return 0, set(), [f"{path}: no noqa directive added: {type(exc).__name__}: {exc}"]
    wanted = _at_string_ends(asked, shape.string_end)
    done: Set[int] = set()
    warnings: List[str] = []
    for row in sorted(wanted):
        if row > len(lines) or row not in shape.open_rows:
            warnings.append(f"{path}:{row}: no noqa directive added: the line cannot end in a comment"
                            " (inside a string, or continued with a backslash)")
            continue
        edited = _edit_line(lines[row - 1], shape.comments.get(row), wanted[row])
        if edited is None:
            warnings.append(f"{path}:{row}: no noqa directive added: the line's `# noqa` is malformed")
            continue
        if edited != lines[row - 1]:
            lines[row - 1] = edited
            done.add(row)
    if not done:
        return 0, set(), warnings
    new = "".join(lines)
    if not _suppresses(new, {row: wanted[row] for row in done}):
        return 0, set(), warnings + [f"{path}: no noqa directive added: the edited file would not parse"
                                     " or not suppress its findings (please report this)"]
    write_atomic(real, new.encode(encoding))  # as --fix writes: temp file, rename, mode kept
    return len(done), {row for row in asked if shape.string_end.get(row, row) in done}, warnings


def _at_string_ends(wanted: Dict[int, List[str]], string_end: Dict[int, int]) -> Dict[int, List[str]]:
    """`wanted` with a row inside a multi-line string moved to the string's last row,
    where suppression reads a directive for it (a docstring's closing quotes)."""
    moved: Dict[int, List[str]] = {}
    for row in sorted(wanted):
        codes = moved.setdefault(string_end.get(row, row), [])
        codes.extend(c for c in wanted[row] if c not in codes)
    return moved


def _edit_line(line: str, comment: Optional[Tuple[int, str]], codes: List[str]) -> Optional[str]:
    """`line` with a directive for `codes`; None when its own directive is malformed."""
    body = line.rstrip("\r\n")
    ending = line[len(body):]
    lexed = None
    if comment is not None:
        try:
            lexed = noqa._lex_inline(comment[1])
        except noqa._Malformed:
            return None
    if lexed is None:
        return body.rstrip(" \t") + "  # noqa: " + ", ".join(codes) + ending
    if lexed.codes is None:  # a blanket directive already suppresses every code
        return line
    missing = [c for c in codes if c not in lexed.codes]
    if not missing:
        return line
    at = comment[0] + lexed.end  # just after the directive's last code
    return f"{body[:at]}, {', '.join(missing)}{body[at:]}{ending}"


def _suppresses(text: str, wanted: Dict[int, List[str]]) -> bool:
    """Whether `text` parses and its directives, read as suppression reads them, cover
    `wanted` on each line."""
    try:
        ast.parse(text, SOURCE_NAME)
        comments = layout(text).comments
    except (SyntaxError, ValueError, tokenize.TokenError):
        return False
    directives = noqa.parse([(row, col + 1, body) for row, (col, body) in comments.items()], source=text)
    for row, codes in wanted.items():
        if row not in directives.lines:
            return False
        have = directives.lines[row]
        if have is not None and not set(codes) <= have:
            return False
    return True
