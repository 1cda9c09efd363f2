"""Valid Python that libcst's parser refuses: rewrite the text, keeping every line and every
reported position, until libcst takes it.

Two things CPython accepts and libcst 1.x does not:
- an implicitly concatenated string of more than 3,000 parts (the native parser's
  recursion cap), which is how a long prompt is often written;
- a few rare forms (`(x): int = 1`, a parenthesised annotated target).

A text mixing line endings (`\r\n` then a blank line ending in `\n`) can trip libcst's
whitespace parser too; the same text with `\n` endings has the same lines and columns.

Concatenations are shortened by merging runs of alike parts into one literal with the
same value; whatever still fails is blanked statement by statement (innermost first), so
the rest of the file is linted rather than the whole file being reported as TL001.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from typing import Callable, List, Optional, Sequence, Set, Tuple

_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")  # as Python counts lines, not str.splitlines
_STRING_PREFIX = re.compile(r"^([A-Za-z]*)(['\"])")
_MAX_BLANKED = 10  # each try is a full libcst parse: give up on a file this broken


def recover(text: str, parse: Callable[[str], object], error_line: int,
            tree: Optional[ast.Module]) -> Optional[object]:
    """A libcst Module for `text` rewritten so libcst accepts it, or None.

    `parse` is libcst's parse (raising its ParserSyntaxError); `tree` is CPython's AST of
    `text`, which accepted it; `error_line` is where libcst failed.
    """
    import libcst

    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        try:
            return parse(text)
        except libcst.ParserSyntaxError as exc:
            error_line = exc.raw_line
    merged = merge_concatenations(text)
    current = merged if merged is not None else text
    if merged is not None:
        try:
            return parse(current)
        except libcst.ParserSyntaxError as exc:
            error_line = exc.raw_line
    if tree is None:
        return None
    statements = _statements(tree, current)
    blanked: Set[Tuple[int, int]] = set()
    for _ in range(_MAX_BLANKED):
        target = _innermost(statements, error_line, blanked)
        if target is None:
            return None
        blanked.add(target)
        current = _blank(current, target)
        try:
            return parse(current)
        except libcst.ParserSyntaxError as exc:
            error_line = exc.raw_line
    return None


# --- implicit concatenation --------------------------------------------------------------


def merge_concatenations(text: str) -> Optional[str]:
    """`text` with each run of three or more alike adjacent string literals merged into
    one literal of the same value, or None when there is no such run.

    The merged literal takes the first part's place and the run's last part stays where
    it was, so the concatenation starts and ends where it did and every line keeps its
    number: what follows on the last line keeps its column, and a description finding
    still points at the whole concatenation.
    """
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text, newline="").readline))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None
    starts = _line_starts(text)
    edits: List[Tuple[int, int, str]] = []
    for run in _string_runs(tokens):
        for sub in _alike(run):
            if len(sub) >= 3:
                edits.append(_merge(text, starts, sub, tokens))
    if not edits:
        return None
    out = text
    for a, b, replacement in sorted(edits, reverse=True):
        out = out[:a] + replacement + out[b:]
    return out


def _line_starts(text: str) -> List[int]:
    starts = [0, 0]  # 1-based: starts[line]
    for match in _LINE_BREAK.finditer(text):
        starts.append(match.end())
    return starts


def _string_runs(tokens: Sequence[tokenize.TokenInfo]) -> List[List[tokenize.TokenInfo]]:
    runs: List[List[tokenize.TokenInfo]] = []
    current: List[tokenize.TokenInfo] = []
    for tok in tokens:
        if tok.type == tokenize.STRING:
            current.append(tok)
        elif tok.type in (tokenize.NL, tokenize.COMMENT):
            continue  # a concatenation may span lines and carry comments
        else:
            if len(current) >= 3:
                runs.append(current)
            current = []
    if len(current) >= 3:
        runs.append(current)
    return runs


def _kind(tok: tokenize.TokenInfo) -> Optional[Tuple[str, str]]:
    """(normalised prefix, quote) of a literal that can be merged textually, else None."""
    if tok.start[0] != tok.end[0]:
        return None  # a triple-quoted or backslash-continued literal: left as it is
    match = _STRING_PREFIX.match(tok.string)
    if match is None:
        return None
    prefix = match.group(1).lower().replace("u", "")
    if "f" in prefix or "t" in prefix:
        return None  # f-/t-strings: braces would change meaning across parts
    body = tok.string[len(match.group(1)):]
    if body.startswith(match.group(2) * 3):
        return None
    return "".join(sorted(prefix)), match.group(2)


def _content(tok: tokenize.TokenInfo) -> str:
    match = _STRING_PREFIX.match(tok.string)
    assert match is not None
    return tok.string[match.end():-1]


_OCTAL_TAIL = re.compile(r"(?<!\\)(?:\\\\)*\\[0-7]{1,2}$")


def _joins_cleanly(left: str, right: str, raw: bool) -> bool:
    # "\1" "2" is two characters, "\12" one: an octal escape must not absorb the next part
    return raw or not (right[:1] in "01234567" and right and _OCTAL_TAIL.search(left))


def _alike(run: List[tokenize.TokenInfo]) -> List[List[tokenize.TokenInfo]]:
    subs: List[List[tokenize.TokenInfo]] = []
    current: List[tokenize.TokenInfo] = []
    current_kind = None
    for tok in run:
        kind = _kind(tok)
        if (
            kind is not None
            and kind == current_kind
            and _joins_cleanly(_content(current[-1]), _content(tok), "r" in kind[0])
        ):
            current.append(tok)
            continue
        if current:
            subs.append(current)
        current, current_kind = ([tok], kind) if kind is not None else ([], None)
    if current:
        subs.append(current)
    return subs


def _merge(text: str, starts: List[int], sub: List[tokenize.TokenInfo],
           tokens: Sequence[tokenize.TokenInfo]) -> Tuple[int, int, str]:
    first, last = sub[0], sub[-1]
    a = starts[first.start[0]] + first.start[1]
    b = starts[last.start[0]] + last.start[1]
    match = _STRING_PREFIX.match(first.string)
    assert match is not None
    merged = match.group(0) + "".join(_content(t) for t in sub[:-1]) + match.group(2)
    pieces = _LINE_BREAK.split(text[a:b])
    if len(pieces) == 1:
        return a, b, merged.ljust(b - a)
    # Lines ended by an NL token are inside brackets; the others continue with a backslash.
    bracketed = {t.start[0] for t in tokens if t.type == tokenize.NL and first.start[0] <= t.start[0] < last.start[0]}
    out = [merged]  # lines wholly inside the run are left empty
    for line, terminator in enumerate(pieces[1::2], start=first.start[0]):
        out.append(("" if line in bracketed else " \\") + terminator)
    out.append(" " * len(pieces[-1]))  # the last part keeps its column
    return a, b, "".join(out)


# --- blanking statements -------------------------------------------------------------------


def _statements(tree: ast.Module, text: str) -> List[Tuple[int, int, int, int]]:
    """(first line, first column, last line, end column) of every statement, in characters."""
    lines = _LINE_BREAK.split(text)[0::2]

    def column(line: int, byte_col: int) -> int:
        if not 1 <= line <= len(lines):
            return byte_col
        return len(lines[line - 1].encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or getattr(node, "end_lineno", None) is None:
            continue
        line, col = node.lineno, column(node.lineno, node.col_offset)
        decorators = getattr(node, "decorator_list", None)
        if decorators:
            # the statement starts at its first `@`, before the decorator's expression
            line = min(line, decorators[0].lineno)
            col = len(lines[line - 1]) - len(lines[line - 1].lstrip(" \t\f")) if line <= len(lines) else 0
        out.append((line, col, node.end_lineno, column(node.end_lineno, node.end_col_offset)))
    return out


def _innermost(statements, error_line: int, blanked: Set) -> Optional[Tuple[int, int, int, int]]:
    for line in (error_line, error_line - 1):  # libcst places some errors a line late
        around = [s for s in statements if s[0] <= line <= s[2] and s not in blanked
                  and not any(_inside(s, b) for b in blanked)]
        if around:
            return min(around, key=lambda s: (s[2] - s[0], s[3] - s[1] if s[0] == s[2] else 0))
    return None


def _inside(inner, outer) -> bool:
    return (outer[0], outer[1]) <= (inner[0], inner[1]) and (inner[2], inner[3]) <= (outer[2], outer[3])


def _blank(text: str, stmt: Tuple[int, int, int, int]) -> str:
    """`text` with the statement replaced by `pass`, its lines kept (empty)."""
    starts = _line_starts(text)
    first, col, last, end_col = stmt
    a = starts[first] + col
    b = starts[last] + end_col
    pieces = _LINE_BREAK.split(text[a:b])
    out = ["pass" if len(pieces) > 1 else "pass".ljust(b - a)]
    for i in range(1, len(pieces), 2):
        out.append(pieces[i])
    return text[:a] + "".join(out) + text[b:]
