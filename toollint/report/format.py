"""Render findings in every output format `toollint check --output-format` offers.

One entry point, `render`. Every format is deterministic (same findings, same bytes) and
treats each message, path and echoed source line as hostile: a file can put anything in a
description, and a message quoting it must not be able to add, hide or alter a finding,
nor drive the terminal or the CI runner reading the output.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple
from urllib.parse import quote

from toollint import __version__
from toollint.model import Finding

FORMATS = ("concise", "full", "json", "github", "sarif", "gitlab")

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/toollint/"

# A file that cannot be parsed hides every other defect in it, so it ranks above the rest.
_ERROR_CODES = frozenset({"TL001"})


@dataclass(frozen=True)
class RuleDoc:
    code: str
    name: str
    summary: str
    help_uri: Optional[str] = None
    explanation: str = ""  # the longer text (SARIF fullDescription / help); summary when empty


def render(
    findings: Sequence[Finding],
    fmt: str = "concise",
    *,
    sources: Optional[Mapping[str, str]] = None,
    color: bool = False,
    rule_docs: Optional[Mapping[str, RuleDoc]] = None,
    root: str = ".",
    statistics: bool = False,
) -> str:
    """The whole output for `findings` (already sorted), ending in a newline unless empty.

    `sources` maps a finding's span.path to the file's text (only `full` reads it);
    `rule_docs` maps code -> RuleDoc; `root` is what SARIF, GitLab and GitHub paths are
    made relative to. With `statistics`, a per-code count replaces the findings (a JSON
    array for `json`, an aligned table otherwise).
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown output format {fmt!r}; expected one of: {', '.join(FORMATS)}")
    docs = rule_docs or {}
    if statistics:
        text = _statistics(findings, docs, as_json=fmt == "json")
        return text if fmt == "json" else defuse_ci_commands(text)
    if fmt == "concise":
        return defuse_ci_commands("".join(_concise_line(f, color) + "\n" for f in findings))
    if fmt == "full":
        return defuse_ci_commands(_full(findings, sources or {}, color))
    if fmt == "json":
        return _json(findings, docs)
    if fmt == "github":
        return _github(findings, root)
    if fmt == "sarif":
        return _sarif(findings, docs, root)
    return _gitlab(findings, root)


def needs_rule_docs(fmt: str, statistics: bool) -> bool:
    """Whether render() reads `rule_docs` (building them imports every rule)."""
    return statistics or fmt in ("json", "sarif")


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
_ANY_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029%s]" % "".join(sorted(_BIDI)))


def _is_unsafe(ch: str, keep: str = "") -> bool:
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


def _escape_char(ch: str) -> str:
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
    if not _ANY_UNSAFE.search(text) or not any(_is_unsafe(c, keep) for c in text):
        return text
    return "".join(_escape_char(c) if _is_unsafe(c, keep) else c for c in text)


# CI runners act on commands in any line of a job's log, whatever the output format:
# GitHub's `::error ...::` and `::stop-commands::` (a line starting with `::` once leading
# blanks are trimmed), and `##[error]`, Azure's `##vso[...]`, TeamCity's `##teamcity[...]`
# anywhere in a line. A file's name, a message quoting a tool name or an echoed source
# line must never be one: toollint's own `github` commands are the only commands it prints.
_LINE_COMMAND = re.compile(r"^(\s*):(?=:)", re.M)  # \s: runners trim Unicode blanks too
_BRACKET_COMMAND = re.compile(r"(##\w*)\[")


def _command_chars(line: str) -> Set[int]:
    """Indexes of the characters defuse_ci_commands escapes in one line."""
    if "::" not in line and "##" not in line:
        return set()
    found = {m.end(1) for m in _BRACKET_COMMAND.finditer(line)}
    lead = _LINE_COMMAND.match(line)
    if lead is not None:
        found.add(lead.end(1))
    return found


def defuse_ci_commands(text: str) -> str:
    """`text` with every CI log command escaped as sanitize escapes (`\\x3a`, `\\x5b`)."""
    if "::" not in text and "##" not in text:
        return text
    text = _LINE_COMMAND.sub(r"\1\\x3a", text)
    return _BRACKET_COMMAND.sub(r"\1\\x5b", text)


# --- concise and full --------------------------------------------------------------------

_BOLD = "\x1b[1m"
_CYAN = "\x1b[36m"
_RED_BOLD = "\x1b[1;31m"
_RED = "\x1b[31m"
_RESET = "\x1b[0m"


def _concise_line(f: Finding, color: bool) -> str:
    # Tabs stay: they cannot start a line or move the cursor back over earlier text.
    path = sanitize(f.span.path)
    code = sanitize(f.code)
    message = sanitize(f.message, keep="\t")
    if not color:
        return f"{path}:{f.span.line}:{f.span.col}: {code} {message}"
    sep = f"{_CYAN}:{_RESET}"
    return (
        f"{_BOLD}{path}{_RESET}{sep}{f.span.line}{sep}{f.span.col}{sep} "
        f"{_RED_BOLD}{code}{_RESET} {message}"
    )


_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # Python's own line breaks, not str.splitlines'


def _split_lines(source: str) -> List[str]:
    return _LINE_BREAK.split(source)


def _display_piece(ch: str) -> Tuple[str, str]:
    """(text shown for `ch`, blank of the same width for the caret line)."""
    if ch == "\t":
        # Echo the tab itself under it so the caret lands right whatever the tab width.
        return "\t", "\t"
    if _is_unsafe(ch):
        esc = _escape_char(ch)
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
            esc = _escape_char(ch)
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


def _highlighter() -> Callable[[str], str]:
    from pygments import highlight
    from pygments.formatters import TerminalFormatter
    from pygments.lexers import PythonLexer

    lexer = PythonLexer(stripnl=False, ensurenl=False)
    formatter = TerminalFormatter()
    return lambda text: highlight(text, lexer, formatter).rstrip("\n")


def _full(findings: Sequence[Finding], sources: Mapping[str, str], color: bool) -> str:
    highlight = _highlighter() if color else None
    split: Dict[str, List[str]] = {}  # one split per file, however many findings it has
    out: List[str] = []
    for f in findings:
        out.append(_concise_line(f, color))
        path = f.span.path
        if path not in split:
            source = sources.get(path)
            split[path] = _split_lines(source) if source is not None else []
        lines = split[path]
        if not 1 <= f.span.line <= len(lines):
            continue
        end_col = f.span.end_col if f.span.end_line == f.span.line else None
        shown, carets = excerpt(lines[f.span.line - 1], f.span.col, end_col)
        if highlight is not None:
            # Highlight the already-escaped line: the lexer must never see a raw ESC.
            shown = highlight(shown)
            head = carets.rstrip("^")
            carets = f"{head}{_RED_BOLD}{carets[len(head):]}{_RESET}"
        out.append(shown)
        out.append(carets)
    return "".join(line + "\n" for line in out)


# --- JSON --------------------------------------------------------------------------------


def _dump(data: object) -> str:
    # ensure_ascii: bidi and C1 characters come out as \u escapes, never raw. `##[` can
    # only occur inside a JSON string, where `[` may be written \u005b: same value, and
    # no CI runner reads a command out of the log line.
    text = json.dumps(data, indent=2, ensure_ascii=True) + "\n"
    return _BRACKET_COMMAND.sub(r"\1\\u005b", text) if "##" in text else text


def _url(code: str, docs: Mapping[str, RuleDoc]) -> Optional[str]:
    doc = docs.get(code)
    return doc.help_uri if doc is not None else None


def _json(findings: Sequence[Finding], docs: Mapping[str, RuleDoc]) -> str:
    rows = []
    for f in findings:
        rows.append(
            {
                "code": f.code,
                "name": f.name,
                "message": f.message,
                "filename": f.span.path,
                "location": {"row": f.span.line, "column": f.span.col},
                "end_location": {"row": f.span.end_line, "column": f.span.end_col},
                "noqa_row": f.noqa_line or f.span.line,
                "url": _url(f.code, docs),
            }
        )
    return _dump(rows)


# --- paths relative to the project root ---------------------------------------------------


def _relpath(path: str, root: str) -> Tuple[str, bool]:
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


# --- GitHub workflow commands -----------------------------------------------------------


def _gh_data(text: str) -> str:
    # `##[` inside our own command is inert for GitHub (a line that parses as `::error`
    # is not scanned again), but not for a CI that reads the log otherwise.
    text = _BRACKET_COMMAND.sub(r"\1\\x5b", sanitize(text, keep="\r\n\t"))
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(findings: Sequence[Finding], root: str) -> str:
    out = []
    for f in findings:
        path, _ = _relpath(f.span.path, root)
        s = f.span
        props = ",".join(
            [
                f"file={_gh_property(path)}",
                f"line={s.line}",
                f"col={s.col}",
                f"endLine={s.end_line}",
                f"endColumn={s.end_col}",
                f"title={_gh_property(f'{f.code} {f.name}')}",
            ]
        )
        out.append(f"::error {props}::{_gh_data(f'{f.code} {f.message}')}\n")
    return "".join(out)


# --- SARIF 2.1.0 ---------------------------------------------------------------------------

_URI_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def _sarif_rule(code: str, name: str, doc: Optional[RuleDoc]) -> Dict[str, object]:
    summary = doc.summary if doc is not None and doc.summary else name
    full = doc.explanation if doc is not None and doc.explanation else summary
    rule: Dict[str, object] = {
        "id": code,
        "name": doc.name if doc is not None else name,
        "shortDescription": {"text": summary},
        "fullDescription": {"text": full},
        "help": {"text": full},
        "defaultConfiguration": {"level": _level(code)},
    }
    # helpUri must be an absolute URI; a repo-relative doc path would make viewers choke.
    if doc is not None and doc.help_uri and _URI_SCHEME.match(doc.help_uri):
        rule["helpUri"] = doc.help_uri
    return rule


def _level(code: str) -> str:
    return "error" if code in _ERROR_CODES else "warning"


def _sarif_location(path: str, root: str) -> Dict[str, object]:
    rel, inside = _relpath(path, root)
    if inside:
        # surrogateescape: a non-UTF-8 file name is percent-encoded as its own bytes.
        return {"uri": quote(rel, safe="/", errors="surrogateescape"), "uriBaseId": "%SRCROOT%"}
    # Outside the root there is no base to be relative to: an absolute file URI.
    return {"uri": Path(os.path.abspath(path)).as_uri()}


def _sarif(findings: Sequence[Finding], docs: Mapping[str, RuleDoc], root: str) -> str:
    names: Dict[str, str] = {code: doc.name for code, doc in docs.items()}
    for f in findings:
        # A code without a doc still needs a rule entry for ruleIndex to point at.
        names.setdefault(f.code, f.name)
    codes = sorted(names)
    index = {code: i for i, code in enumerate(codes)}
    rules = [_sarif_rule(code, names[code], docs.get(code)) for code in codes]
    results = []
    for f in findings:
        s = f.span
        results.append(
            {
                "ruleId": f.code,
                "ruleIndex": index[f.code],
                "level": _level(f.code),
                "message": {"text": f.message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": _sarif_location(s.path, root),
                            "region": {
                                "startLine": max(s.line, 1),
                                "startColumn": max(s.col, 1),
                                "endLine": max(s.end_line, s.line, 1),
                                "endColumn": max(s.end_col, 1),
                            },
                        }
                    }
                ],
            }
        )
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "toollint",
                        "version": __version__,
                        "informationUri": INFORMATION_URI,
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return _dump(log)


# --- GitLab Code Quality --------------------------------------------------------------------


def _gitlab(findings: Sequence[Finding], root: str) -> str:
    seen: Counter = Counter()
    rows = []
    for f in findings:
        path, _ = _relpath(f.span.path, root)
        # Line numbers stay out of the hash so a finding keeps its identity when unrelated
        # lines move; the occurrence index keeps identical findings apart.
        key = (path, f.code, f.message)
        occurrence = seen[key]
        seen[key] += 1
        payload = json.dumps([path, f.code, f.message, occurrence], ensure_ascii=True)
        rows.append(
            {
                "description": f"{f.code} {f.message}",
                "check_name": f.code,
                "fingerprint": hashlib.sha256(payload.encode("utf-8")).hexdigest(),
                "severity": "blocker" if f.code in _ERROR_CODES else "major",
                "location": {
                    "path": path,
                    "lines": {"begin": f.span.line, "end": max(f.span.end_line, f.span.line)},
                },
            }
        )
    return _dump(rows)


# --- statistics ---------------------------------------------------------------------------


def _statistics(findings: Sequence[Finding], docs: Mapping[str, RuleDoc], as_json: bool) -> str:
    counts: Counter = Counter(f.code for f in findings)
    names: Dict[str, str] = {}
    for f in findings:
        names.setdefault(f.code, f.name)
    for code in counts:
        if code in docs:
            names[code] = docs[code].name
    rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if as_json:
        return _dump([{"code": c, "name": names[c], "count": n} for c, n in rows])
    if not rows:
        return ""
    count_w = max(len(str(n)) for _, n in rows)
    code_w = max(len(sanitize(c)) for c, _ in rows)
    lines = [
        f"{str(n).rjust(count_w)}  {sanitize(c).ljust(code_w)}  {sanitize(names[c])}"
        for c, n in rows
    ]
    return "".join(line + "\n" for line in lines)
