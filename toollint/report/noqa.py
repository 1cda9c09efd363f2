"""Suppression comments, parsed the way ruff parses them.

Two steps, so that parsing can happen where the comments are collected and applying where
the findings are known:

    directives = parse(facts.noqa, source=text)        # or own_line=...
    kept, unused = apply(findings, directives, path=facts.path, report_unused=...)

Inline (`# noqa`, on the reported line or on the finding's noqa_line):

- `# noqa`, `# NOQA`, `#noqa`, `# noqa # why`, `# noqa because ...`: blanket.
- `# noqa: TL104, TL203`, `# noqa:TL102,TL104`, `# noqa: TL102 TL104`, `# noqa : TL101`:
  those codes, matched exactly. A code is uppercase letters then digits; codes that do not
  start with "TL" belong to other linters and are ignored. Lexing stops at the first word
  that is not a code, so `# noqa: TL101 reason` and `# noqa: TL101 # reason` work.
- The directive may follow other comment text: `# type: ignore # noqa: TL101`.
- Malformed, warned about, suppressing nothing: `# noqa:` and `# noqa: ,` (no code),
  `#noqaTL101` / `# noqa; TL101` (bad suffix), `# noqa: TL101abc` (bad code).
  `# noqa: TL101,,TL102` and `# noqa: TL101TL102` warn but still apply.

File level, only in a comment that is alone on its line (a trailing one warns and is
ignored): `# toollint: noqa` (every finding in the file) and `# toollint: noqa: TL104`
(those codes), both words case-insensitive.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import (
    Callable,
    Container,
    Dict,
    FrozenSet,
    Iterable,
    List,
    Mapping,
    Optional,
    Sequence,
    Set,
    Tuple,
    Union,
)

from toollint.model import Finding, Span

CODE_PREFIX = "TL"
_TL_CODE = re.compile(CODE_PREFIX + r"[A-Z]*[0-9]+$")
UNUSED_CODE = "TL003"
UNUSED_NAME = "unused-noqa"

# (line, text) as ModuleFacts.noqa holds them, or (line, col, text) with the 1-based
# column of the comment's `#`, which makes own-line detection exact and places TL003.
Comment = Union[Tuple[int, str], Tuple[int, int, str]]
OwnLine = Union[Callable[[int], bool], Container[int]]


@dataclass(frozen=True)
class LineDirective:
    """One inline directive that names at least one TL code, or a blanket one."""

    line: int
    col: int  # 1-based column of the directive's `#`
    end_col: int  # exclusive: after `noqa` or after the last code
    codes: Optional[Tuple[str, ...]]  # None: blanket; else TL codes in written order


@dataclass(frozen=True)
class Directives:
    lines: Mapping[int, Optional[FrozenSet[str]]]  # line -> None (blanket) or TL codes
    file_all: bool  # an own-line `# toollint: noqa`
    file_codes: FrozenSet[str]  # own-line `# toollint: noqa: TL104, TL203`, merged
    warnings: Tuple[Tuple[int, str], ...]  # (line, message), sorted by line
    inline: Tuple[LineDirective, ...] = ()  # what `lines` was built from, for TL003


EMPTY = Directives(lines={}, file_all=False, file_codes=frozenset(), warnings=())


# --- lexing, after ruff's NoqaLexer -------------------------------------------------------

_EXAMPLE = "(e.g., `# noqa: TL101, TL104`)"
_MISSING_CODES = f"expected a comma-separated list of codes {_EXAMPLE}"
_INVALID_SUFFIX = f"expected `:` followed by a comma-separated list of codes {_EXAMPLE}"
_INVALID_CODE = "expected a code of uppercase letters followed by digits (e.g., `TL101`)"
_MISSING_ITEM = "expected a rule code between commas"
_MISSING_DELIMITER = "expected a comma or space between codes"


class _Malformed(Exception):
    pass


@dataclass
class _Lexed:
    start: int  # offset of the `#` in the comment text
    end: int
    codes: Optional[List[str]]  # None: blanket
    warnings: List[str]


def _is_upper(c: str) -> bool:
    return "A" <= c <= "Z"


def _is_digit(c: str) -> bool:
    return "0" <= c <= "9"


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def _word_at(text: str, i: int, word: str) -> bool:
    # ASCII-only folding: str.lower() would let non-ASCII look-alikes through.
    chunk = text[i : i + len(word)]
    return chunk.isascii() and chunk.lower() == word


def _lex_directive(text: str, start: int, pos: int) -> _Lexed:
    """`pos` is just past `noqa`: a blanket directive, a code list, or an error."""
    n = len(text)
    if pos >= n or text[pos] == "#":
        return _Lexed(start, pos, None, [])
    if text[pos] == ":":
        return _lex_codes(text, start, pos + 1)
    if text[pos].isspace():
        after = _skip_ws(text, pos)
        if after < n and text[after] == ":":
            return _lex_codes(text, start, after + 1)
        lexed = _Lexed(start, pos, None, [])
        if _looks_like_tl_code(text, after):
            # Blanket as ruff and flake8 read it, but surely meant as a code list.
            lexed.warnings.append(
                "blanket noqa followed by a code without `:` suppresses every rule; "
                f"write `# noqa: {_code_at(text, after)}` to suppress only that code"
            )
        return lexed
    raise _Malformed(_INVALID_SUFFIX)


def _code_at(text: str, i: int) -> str:
    j = i
    while j < len(text) and (_is_upper(text[j]) or _is_digit(text[j])):
        j += 1
    return text[i:j]


def _looks_like_tl_code(text: str, i: int) -> bool:
    return _TL_CODE.match(_code_at(text, i)) is not None


def _lex_codes(text: str, start: int, pos: int) -> _Lexed:
    n = len(text)
    codes: List[str] = []
    warnings: List[str] = []
    end = pos
    missing_delimiter = False
    # After `TL101 ` a comma still delimits (`TL101 , TL102`); ruff warns there, needlessly.
    comma_pending = False
    while pos < n:
        pos = _skip_ws(text, pos)
        if pos >= n:
            break
        if text[pos] == ",":
            if not comma_pending:
                warnings.append(_MISSING_ITEM)
            comma_pending = False
            pos += 1
            continue
        comma_pending = False
        if not _is_upper(text[pos]):
            break  # the first word that is not a code starts a free-text reason
        q = pos
        while q < n and _is_upper(text[q]):
            q += 1
        if q >= n or not _is_digit(text[q]):
            if missing_delimiter:
                raise _Malformed(_INVALID_CODE)
            break
        while q < n and _is_digit(text[q]):
            q += 1
        codes.append(text[pos:q])
        pos = end = q
        if pos >= n:
            break
        nxt = text[pos]
        if nxt == ",":
            pos += 1
            missing_delimiter = False
        elif nxt.isspace() or nxt == "#":
            missing_delimiter = False
            comma_pending = True
        elif _is_upper(nxt):
            warnings.append(_MISSING_DELIMITER)
            missing_delimiter = True
        else:
            raise _Malformed(_INVALID_CODE)
    if not codes:
        raise _Malformed(_MISSING_CODES)
    return _Lexed(start, end, codes, warnings)


def _lex_inline(text: str) -> Optional[_Lexed]:
    i = 0
    while True:
        j = text.find("#", i)
        if j < 0:
            return None
        k = _skip_ws(text, j + 1)
        if _word_at(text, k, "noqa"):
            return _lex_directive(text, j, k + 4)
        i = k


def _lex_file(text: str) -> Optional[_Lexed]:
    i = 0
    while True:
        j = text.find("#", i)
        if j < 0:
            return None
        k = _skip_ws(text, j + 1)
        i = k
        if not _word_at(text, k, "toollint"):
            continue
        k = _skip_ws(text, k + len("toollint"))
        if k >= len(text) or text[k] != ":":
            continue
        k = _skip_ws(text, k + 1)
        if not _word_at(text, k, "noqa"):
            continue
        return _lex_directive(text, j, k + 4)


# --- parse -------------------------------------------------------------------------------


def _split(comment: Comment) -> Tuple[int, Optional[int], str]:
    if len(comment) == 3:
        line, col, text = comment  # type: ignore[misc]
        return int(line), int(col), str(text)
    line, text = comment  # type: ignore[misc]
    return int(line), None, str(text)


class _Lines:
    def __init__(self, source: Optional[str]) -> None:
        self._lines: Optional[List[str]] = None
        if source is not None:
            # Python's own line breaks only: str.splitlines also splits on \f, \x1c, ...
            self._lines = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")

    def get(self, line: int) -> Optional[str]:
        if self._lines is None or not 1 <= line <= len(self._lines):
            return None
        return self._lines[line - 1]


def _comment_col(lines: _Lines, line: int, col: Optional[int], text: str) -> int:
    if col is not None:
        return col
    src = lines.get(line)
    body = text.rstrip()
    # A comment runs to the end of its line, so it is the line's tail.
    if src is not None and body and src.rstrip().endswith(body):
        return len(src.rstrip()) - len(body) + 1
    return 1


def _is_own_line(
    lines: _Lines, own_line: Optional[OwnLine], line: int, col: Optional[int], text: str
) -> bool:
    if own_line is not None:
        return bool(own_line(line)) if callable(own_line) else line in own_line
    src = lines.get(line)
    if src is None:
        # Nothing to tell by: the extractor is trusted to have passed real comments,
        # and a file-level directive is almost always written on its own line.
        return True
    if col is not None:
        return src[: col - 1].strip() == ""
    # The comment is the line's tail; if it is also the whole stripped line, nothing
    # precedes it. A string's continuation line that happens to start with `#` differs
    # from the real comment's text, so it cannot pass.
    return src.strip() == text.strip()


def _tl_codes(codes: Iterable[str]) -> Tuple[str, ...]:
    return tuple(dict.fromkeys(c for c in codes if c.startswith(CODE_PREFIX)))


def parse(
    comments: Sequence[Comment],
    *,
    source: Optional[str] = None,
    own_line: Optional[OwnLine] = None,
) -> Directives:
    """The directives in one file's comments.

    `comments` holds real comments only (never text inside strings), each starting with
    `#`: `(line, text)` or `(line, col, text)`. Whether a `# toollint: noqa` stands on its
    own line comes from `own_line` (a predicate or a set of line numbers) when given, else
    from `source`; with neither, it is assumed.
    """
    lines = _Lines(source)
    inline: Dict[int, LineDirective] = {}
    file_all = False
    file_codes: Set[str] = set()
    warnings: List[Tuple[int, str]] = []

    for comment in comments:
        line, col, text = _split(comment)
        directive = _inline_directive(line, _comment_col(lines, line, col, text), text, warnings)
        if directive is not None:
            inline[line] = _merge(inline.get(line), directive)
        exempt = _file_directive(lines, own_line, line, col, text, warnings)
        if exempt is None:
            continue
        if exempt.codes is None:
            file_all = True
        else:
            file_codes.update(_tl_codes(exempt.codes))

    ordered = tuple(inline[k] for k in sorted(inline))
    return Directives(
        lines={d.line: (None if d.codes is None else frozenset(d.codes)) for d in ordered},
        file_all=file_all,
        file_codes=frozenset(file_codes),
        warnings=tuple(sorted(warnings, key=lambda w: w[0])),
        inline=ordered,
    )


def _inline_directive(
    line: int, base: int, text: str, warnings: List[Tuple[int, str]]
) -> Optional[LineDirective]:
    """The `# noqa` in one comment, its warnings appended to `warnings`."""
    try:
        lexed = _lex_inline(text)
    except _Malformed as exc:
        warnings.append((line, f"invalid `# noqa` directive: {exc}"))
        return None
    if lexed is None:
        return None
    warnings.extend((line, f"`# noqa` directive: {w}") for w in lexed.warnings)
    codes = None if lexed.codes is None else _tl_codes(lexed.codes)
    if codes is not None and not codes:
        return None  # only other linters' codes: nothing of ours to suppress or report
    return LineDirective(line, base + lexed.start, base + lexed.end, codes)


def _file_directive(
    lines: _Lines,
    own_line: Optional[OwnLine],
    line: int,
    col: Optional[int],
    text: str,
    warnings: List[Tuple[int, str]],
) -> Optional[_Lexed]:
    """The `# toollint: noqa` in one comment if it counts, its warnings appended."""
    try:
        exempt = _lex_file(text)
    except _Malformed as exc:
        warnings.append((line, f"invalid `# toollint: noqa` directive: {exc}"))
        return None
    if exempt is None:
        return None
    if not _is_own_line(lines, own_line, line, col, text):
        warnings.append(
            (
                line,
                "`# toollint: noqa` applies to the file only on a line of its own; ignored "
                "(for this line alone, write `# noqa`)",
            )
        )
        return None
    warnings.extend((line, f"`# toollint: noqa` directive: {w}") for w in exempt.warnings)
    return exempt


def _merge(old: Optional[LineDirective], new: LineDirective) -> LineDirective:
    # One physical line holds one comment, so this only matters for odd callers.
    if old is None:
        return new
    if old.codes is None or new.codes is None:
        codes = None
    else:
        codes = tuple(dict.fromkeys(old.codes + new.codes))
    return LineDirective(old.line, min(old.col, new.col), max(old.end_col, new.end_col), codes)


# --- apply -------------------------------------------------------------------------------


def apply(
    findings: Iterable[Finding],
    directives: Directives,
    *,
    path: str,
    ignore_noqa: bool = False,
    report_unused: bool = False,
    enabled: Optional[Container[str]] = None,
    known: Optional[Container[str]] = None,
) -> Tuple[List[Finding], List[Finding]]:
    """(findings kept, TL003 findings for directives that suppressed nothing).

    `directives` belong to the file `path`; findings elsewhere pass through untouched. A
    finding is suppressed by a directive on its span.line or its noqa_line. With
    `report_unused`, each inline directive with codes that suppressed nothing gives one
    TL003 listing them; a code not in `enabled` (when given) is not reported, since the
    rule did not run; a code not in `known` (when given) is reported as unknown. A
    directive that names TL003 itself is never reported, as ruff does for RUF100.
    """
    findings = list(findings)
    if ignore_noqa:
        return findings, []
    if directives.file_all:
        return [f for f in findings if f.span.path != path], []
    kept, used, blanket_used = _suppress(findings, directives, path)
    if not report_unused or UNUSED_CODE in directives.file_codes:
        return kept, []
    return kept, _unused_directives(directives, path, used, blanket_used, enabled, known)


def _suppress(
    findings: List[Finding], directives: Directives, path: str
) -> Tuple[List[Finding], Dict[int, Set[str]], Set[int]]:
    """(findings kept, codes used per directive line, lines whose blanket was used)."""
    by_line = {d.line: d for d in directives.inline}
    used: Dict[int, Set[str]] = {}
    blanket_used: Set[int] = set()
    kept: List[Finding] = []
    for f in findings:
        if f.span.path != path:
            kept.append(f)
            continue
        if f.code in directives.file_codes:
            continue
        suppressed = False
        # Mark every directive that matches: either line is a legitimate place for it,
        # so neither should be reported as unused.
        for ln in dict.fromkeys((f.span.line, f.noqa_line or f.span.line)):
            d = by_line.get(ln)
            if d is None:
                continue
            if d.codes is None:
                blanket_used.add(ln)
                suppressed = True
            elif f.code in d.codes:
                used.setdefault(ln, set()).add(f.code)
                suppressed = True
        if not suppressed:
            kept.append(f)
    return kept, used, blanket_used


def _unused_directives(
    directives: Directives,
    path: str,
    used: Mapping[int, Set[str]],
    blanket_used: Set[int],
    enabled: Optional[Container[str]],
    known: Optional[Container[str]],
) -> List[Finding]:
    unused: List[Finding] = []
    for d in directives.inline:
        if d.codes is None:
            if d.line not in blanket_used:
                unused.append(_unused(path, d, "unused blanket noqa directive"))
            continue
        if UNUSED_CODE in d.codes:
            continue
        stale: List[str] = []
        for code in d.codes:
            if code in used.get(d.line, ()) or code in directives.file_codes:
                continue
            if known is not None and code not in known:
                stale.append(f"{code} (unknown code)")
            elif enabled is None or code in enabled:
                stale.append(code)
        if stale:
            unused.append(_unused(path, d, "unused noqa directive for " + ", ".join(stale)))
    return unused


def _unused(path: str, d: LineDirective, message: str) -> Finding:
    return Finding(
        code=UNUSED_CODE,
        name=UNUSED_NAME,
        message=message,
        span=Span(path, d.line, d.col, d.line, d.end_col),
        noqa_line=d.line,
    )
