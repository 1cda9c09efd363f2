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
import stat
import tempfile
import tokenize
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple

from toollint.model import Finding
from toollint.report import noqa

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
        done, warnings = _add_to_file(path, wanted[path])
        result.warnings.extend(warnings)
        if done:
            result.directives += len(done)
            result.files += 1
        result.left.extend(f for f in findings
                           if f.span.path == path and (f.noqa_line or f.span.line) not in done)
    result.left.sort(key=Finding.sort_key)
    return result


def _add_to_file(path: str, wanted: Dict[int, List[str]]) -> Tuple[Set[int], List[str]]:
    """(lines edited, warnings); the file is rewritten only if every edit checks out."""
    real = os.path.realpath(path)  # a symlink keeps pointing at the edited file
    try:
        with open(real, "rb") as f:
            data = f.read()
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
        ast.parse(data)
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError) as exc:
        return set(), [f"{path}: no noqa directive added: {type(exc).__name__}: {exc}"]
    lines = _LINE.findall(text)
    open_rows, comments = _comments(text)
    done: Set[int] = set()
    warnings: List[str] = []
    for row in sorted(wanted):
        if row > len(lines) or row not in open_rows:
            warnings.append(f"{path}:{row}: no noqa directive added: the line cannot end in a comment"
                            " (inside a string, or continued with a backslash)")
            continue
        edited = _edit_line(lines[row - 1], comments.get(row), wanted[row])
        if edited is None:
            warnings.append(f"{path}:{row}: no noqa directive added: the line's `# noqa` is malformed")
            continue
        if edited != lines[row - 1]:
            lines[row - 1] = edited
            done.add(row)
    if not done:
        return done, warnings
    new = "".join(lines)
    if not _suppresses(new, {row: wanted[row] for row in done}):
        return set(), warnings + [f"{path}: no noqa directive added: the edited file would not parse"
                                  " or not suppress its findings (please report this)"]
    _replace(real, new.encode(encoding))
    return done, warnings


def _comments(text: str) -> Tuple[Set[int], Dict[int, Tuple[int, str]]]:
    """(rows that may end in a comment, row -> (column, text) of the comment on it).

    A row that ends a logical or bracketed line, or holds a comment, may take one; a row
    inside a string or ended by a backslash gives no token there and may not. Line breaks
    are made `\\n` first: tokenize splits on nothing else, and Python counts `\\r` too.
    """
    normalized = text.replace("\r\n", "\n").replace("\r", "\n")
    rows: Set[int] = set()
    comments: Dict[int, Tuple[int, str]] = {}
    for tok in tokenize.generate_tokens(io.StringIO(normalized).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = (tok.start[1], tok.string)
            rows.add(tok.start[0])
        elif tok.type in (tokenize.NEWLINE, tokenize.NL):
            rows.add(tok.start[0])
    return rows, comments


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
        ast.parse(text)
        _, comments = _comments(text)
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


def _replace(path: str, data: bytes) -> None:
    """Write `data` to `path` atomically, keeping its permission bits."""
    mode = stat.S_IMODE(os.stat(path).st_mode)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix=".toollint-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
