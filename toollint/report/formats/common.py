"""What every output format shares: rule docs, the count line, JSON and path helpers, and
the neutralising of hostile text.

Every message, path and echoed source line is treated as hostile: a file can put anything
in a description, and a message quoting it must not be able to add, hide or alter a
finding, nor drive the terminal or the CI runner reading the output.
"""
from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import PureWindowsPath
from typing import List, Optional, Set, Tuple

# A file that cannot be parsed hides every other defect in it, so it ranks above the rest.
ERROR_CODES = frozenset({"TL001"})

# The one table of severities: each machine format spells the same two levels in its own
# words, so a finding is as severe in a GitHub annotation as in code scanning, a GitLab
# Code Quality report and the JSON output.
SEVERITIES = {
    "error": {"json": "error", "github": "error", "sarif": "error", "gitlab": "blocker"},
    "warning": {"json": "warning", "github": "warning", "sarif": "warning", "gitlab": "major"},
}


def severity(code: str, fmt: str) -> str:
    """How format `fmt` spells the severity of a finding of rule `code`."""
    return SEVERITIES["error" if code in ERROR_CODES else "warning"][fmt]


@dataclass(frozen=True)
class RuleDoc:
    code: str
    name: str
    summary: str
    help_uri: Optional[str] = None
    explanation: str = ""  # the longer text (SARIF fullDescription / help); summary when empty
    markdown: str = ""  # the rule's whole page (SARIF help.markdown); none when empty


def count_line(n: int) -> str:
    """The summary `--count` prints, as ruff words it."""
    return f"Found {n} error{'' if n == 1 else 's'}."


# --- neutralising hostile text ----------------------------------------------------------

# Characters a terminal or log viewer acts on instead of showing: C0/C1 controls (ESC
# starts ANSI sequences, CR rewrites the line, NEL/LS/PS break it) and the bidi controls
# that reorder what is displayed ("Trojan Source"). Lone surrogates too: a non-UTF-8
# file name decodes to them, and printing one raises UnicodeEncodeError.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# The same set as one class, so that text with none of them (nearly all) is one C scan.
ANY_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029%s]" % "".join(sorted(_BIDI)))


def is_unsafe(ch: str, keep: str = "") -> bool:
    if ch in keep:
        return False
    o = ord(ch)
    return (
        o < 0x20
        or 0x7F <= o <= 0x9F
        or 0xD800 <= o <= 0xDFFF
        or ch in _BIDI
        or ch in "\u2028\u2029"
    )


def escape_char(ch: str) -> str:
    o = ord(ch)
    if ch == "\n":
        return "\\n"
    if ch == "\r":
        return "\\r"
    if ch == "\t":
        return "\\t"
    return f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}"


def sanitize(text: str, keep: str = "") -> str:
    """`text` with every character a terminal would act on shown as a visible escape.

    Backslashes are left alone: doubling them would mangle Windows paths, and a literal
    `\\n` in a message cannot start a new line anyway.
    """
    if not ANY_UNSAFE.search(text) or not any(is_unsafe(c, keep) for c in text):
        return text
    return "".join(escape_char(c) if is_unsafe(c, keep) else c for c in text)


# CI runners act on commands in any line of a job's log, whatever the output format:
# GitHub's `::error ...::` and `::stop-commands::` (a line starting with `::` once leading
# blanks are trimmed), and `##[error]`, Azure's `##vso[...]`, TeamCity's `##teamcity[...]`
# anywhere in a line. A file's name, a message quoting a tool name or an echoed source
# line must never be one: toollint's own `github` commands are the only commands it prints.
_LINE_COMMAND = re.compile(r"^(\s*):(?=:)", re.M)  # \s: runners trim Unicode blanks too
BRACKET_COMMAND = re.compile(r"(##\w*)\[")


def _command_chars(line: str) -> Set[int]:
    """Indexes of the characters defuse_ci_commands escapes in one line."""
    if "::" not in line and "##" not in line:
        return set()
    found = {m.end(1) for m in BRACKET_COMMAND.finditer(line)}
    lead = _LINE_COMMAND.match(line)
    if lead is not None:
        found.add(lead.end(1))
    return found


def defuse_ci_commands(text: str) -> str:
    """`text` with every CI log command escaped as sanitize escapes (`\\x3a`, `\\x5b`)."""
    if "::" not in text and "##" not in text:
        return text
    text = _LINE_COMMAND.sub(r"\1\\x3a", text)
    return BRACKET_COMMAND.sub(r"\1\\x5b", text)


def _display_piece(ch: str) -> Tuple[str, str]:
    """(text shown for `ch`, blank of the same width for the caret line)."""
    if ch == "\t":
        # Echo the tab itself under it so the caret lands right whatever the tab width.
        return "\t", "\t"
    if is_unsafe(ch):
        esc = escape_char(ch)
        return esc, " " * len(esc)
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return ch, ""
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return ch, "  "
    return ch, " "


def excerpt(text: str, col: int, end_col: Optional[int]) -> Tuple[str, str]:
    """(sanitized source line, caret line) for a 1-based character column range.

    `end_col` is exclusive, as in Span; None marks a span that goes on past this line.
    """
    shown: List[str] = []
    pad: List[str] = []
    commands = _command_chars(text)
    for i, ch in enumerate(text):
        if i in commands:  # escaped here, so the carets allow for the escape's width
            esc = escape_char(ch)
            s, p = esc, " " * len(esc)
        else:
            s, p = _display_piece(ch)
        shown.append(s)
        pad.append(p)
    start = max(col, 1) - 1
    lead = "".join(pad[:start])
    if end_col is None or end_col <= col:
        width = 1
    else:
        # A wide character takes two cells; a tab under the span gets one caret.
        width = sum(1 if p == "\t" else len(p) for p in pad[start : end_col - 1])
        width = max(width, 1)
    return "".join(shown), lead + "^" * width


# --- JSON and paths, for the machine-read formats ----------------------------------------


def dump(data: object) -> str:
    # ensure_ascii: bidi and C1 characters come out as \u escapes, never raw. `##[` can
    # only occur inside a JSON string, where `[` may be written \u005b: same value, and
    # no CI runner reads a command out of the log line.
    text = json.dumps(data, indent=2, ensure_ascii=True) + "\n"
    return BRACKET_COMMAND.sub(r"\1\\u005b", text) if "##" in text else text


def relpath(path: str, root: str) -> Tuple[str, bool]:
    """(forward-slash path, True when it is inside `root`)."""
    try:
        rel = os.path.relpath(os.path.abspath(path), os.path.abspath(root))
    except ValueError:  # another drive on Windows
        rel = ""
    if not rel or rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
        return _posix(os.path.abspath(path)), False
    return _posix(rel), True


def _posix(path: str) -> str:
    if os.sep == "\\":
        return PureWindowsPath(path).as_posix()
    return path
