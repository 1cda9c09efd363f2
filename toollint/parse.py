"""Read and parse one file with libcst; every failure becomes a TL001 finding, never an exception.

Also the narrowing of what libcst parses (`reduce_source`).
"""
from __future__ import annotations

import os
import re
import stat
import threading
from typing import List, Optional, Sequence, Tuple, Union

from toollint.model import Finding, Span

SYNTAX_ERROR = ("TL001", "syntax-error")


def file_error(path: str, message: str, line: int = 1, col: int = 1) -> Finding:
    return Finding(
        code=SYNTAX_ERROR[0],
        name=SYNTAX_ERROR[1],
        message=message,
        span=Span(path, line, col, line, col),
        noqa_line=0,  # a broken file cannot carry a trustworthy noqa
    )


class NotRegularFile(OSError):
    """A FIFO, socket or device where a file was expected."""


def read_regular(path: str) -> bytes:
    """The bytes of a regular file, for sources and config alike. Never blocks: opened
    with O_NONBLOCK and judged by what was opened, so a FIFO (or a file swapped for one
    after a stat) is refused, not waited on. IsADirectoryError, NotRegularFile or the
    OSError of the open/read otherwise."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(path)
        if not stat.S_ISREG(mode):
            raise NotRegularFile(path)
        return handle.read()


def read_source(path: str) -> Union[bytes, Finding]:
    """The file's bytes, or TL001 naming the cause."""
    try:
        return read_regular(path)  # one open and one fstat: every file of a run comes here
    except IsADirectoryError:
        return file_error(path, "cannot read file: it is a directory")
    except NotRegularFile:
        return file_error(path, "cannot read file: not a regular file")
    except OSError as exc:
        try:  # a socket cannot even be opened (ENXIO): say what it is, not the errno
            mode = os.stat(path).st_mode
        except OSError:
            mode = 0
        if stat.S_ISDIR(mode):  # where opening a directory fails (Windows)
            return file_error(path, "cannot read file: it is a directory")
        if mode and not stat.S_ISREG(mode):
            return file_error(path, "cannot read file: not a regular file")
        return file_error(path, f"cannot read file: {exc.strerror or exc}")


def decode(path: str, data: bytes) -> Union[str, Finding]:
    """Decode as Python does: BOM, PEP 263 cookie, else UTF-8."""
    import io
    import tokenize

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        # bad bytes in the first two lines, or a cookie naming no codec: say which
        encoding = "utf-8"
        if b"coding" in data[:200]:
            return file_error(path, f"cannot decode file: {exc.msg if hasattr(exc, 'msg') else exc}")
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        where = ""
        if isinstance(exc, UnicodeDecodeError):
            line = data[: exc.start].count(b"\n") + 1
            where = f" at line {line}"
            return file_error(path, f"cannot decode file as {encoding}{where}: {exc.reason}", line)
        return file_error(path, f"cannot decode file: unknown encoding {encoding!r}")
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        return file_error(path, "cannot parse file: it contains a NUL byte", line)
    return text


# libcst needs ~0.7 GB and 15 s per MB of source (measured: 6.5 MB, 4.2 GB, 90 s with
# positions); no hand-written module with tools comes near this, a generated data module can.
MAX_SOURCE_CHARS = 5_000_000


def parse(path: str, text: str):
    """A libcst Module, or TL001 with the parser's position. Never raises, never crashes.

    libcst's native parser is not safe on every input CPython refuses: 3,000 nested
    brackets take it 8 GB and a minute, 20,000 take it down (SIGSEGV). So CPython, whose
    parser has hard limits, sees the text first, and what it refuses as too deep never
    reaches libcst; everything else CPython refuses still goes to libcst, which knows
    the syntax of newer Pythons than the one running.
    """
    import libcst

    from toollint import deep

    if len(text) > MAX_SOURCE_CHARS:
        return file_error(path, f"cannot parse file: {len(text) / 1e6:.1f} million characters is more than "
                                f"the {MAX_SOURCE_CHARS / 1e6:.0f} million toollint analyses")
    verdict = python_verdict(text)
    if verdict.error is not None and (verdict.error[3] or _chain_tokens(text) >= MAX_CHAIN):
        # too deep for CPython, or too many operands to know without its tree: libcst
        # must not be the one to find out
        message, line, col, _ = verdict.error
        return file_error(path, f"syntax error: {message}", line, col)
    too_long = _too_long_for_libcst(text, verdict.tree)
    if too_long is not None:
        return file_error(path, f"cannot parse file: {too_long}")
    try:
        return deep.call(libcst.parse_module, text)
    except libcst.ParserSyntaxError as exc:
        if verdict.error is None and not verdict.derived:
            # CPython accepts it: a form libcst's grammar lacks, or a concatenation past
            # its parser's cap. Lint what can be read rather than nothing. (A reduced
            # text is not recovered: the caller parses the real one next.)
            from toollint.recover import recover

            try:
                tree = recover(text, lambda t: deep.call(libcst.parse_module, t), exc.raw_line, verdict.tree)
            except (RecursionError, MemoryError):
                tree = None
            if tree is not None:
                return tree
        elif verdict.error is not None:  # the position and words users know from Python itself
            message, line, col, _ = verdict.error
            return file_error(path, f"syntax error: {message}", line, col)
        message = str(exc.message).splitlines()[0] if exc.message else "invalid syntax"
        return file_error(path, f"syntax error: {message}", max(1, exc.raw_line), exc.raw_column + 1)
    except RecursionError:
        return file_error(path, "cannot parse file: it is nested too deeply to analyse")
    except Exception as exc:  # libcst's native parser raises a few other types on odd input
        return file_error(path, f"cannot parse file: {type(exc).__name__}: {exc}".splitlines()[0])


class Verdict:
    """CPython's parse of a text: its AST, or its error as (message, line, col, too_deep).

    `derived`: the text is a reduction of an accepted one, and `tree` is that one's AST.
    """

    __slots__ = ("tree", "error", "derived")

    def __init__(self, tree, error: Optional[Tuple[str, int, int, bool]], derived: bool = False) -> None:
        self.tree = tree
        self.error = error
        self.derived = derived


# Limits of CPython's parser, not mistakes in the code: past them libcst is no safer.
_TOO_DEEP = ("too many nested parentheses", "too many levels of indentation", "too complex",
             "too deeply nested", "nested too deeply")
_memo = threading.local()  # the last text's verdict: reduce_source and parse share one parse


def python_verdict(text: str) -> Verdict:
    """CPython's verdict on `text` (only parsed, never compiled to code or run), kept for
    the next call with the same text."""
    import ast

    last = getattr(_memo, "last", None)
    if last is not None and last[0] is text:
        return last[1]
    try:
        verdict = Verdict(compile(text, "<toollint>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True), None)
    except SyntaxError as exc:  # IndentationError and TabError too
        message = exc.msg or "invalid syntax"
        deep_error = any(words in message for words in _TOO_DEEP)
        verdict = Verdict(None, (message, exc.lineno or 1, max(1, exc.offset or 1), deep_error))
    except (RecursionError, MemoryError):
        verdict = Verdict(None, ("the code is nested too deeply for Python to parse", 1, 1, True))
    except (ValueError, OverflowError) as exc:
        verdict = Verdict(None, (str(exc).splitlines()[0] if str(exc) else "invalid source", 1, 1, False))
    _memo.last = (text, verdict)
    return verdict


def remember_reduced(reduced: str, tree) -> None:
    """Record that CPython accepts `reduced`, made from a text whose AST is `tree`."""
    _memo.last = (reduced, Verdict(tree, None, derived=True))


# Chains that CPython keeps flat and libcst nests one level per operand: past this many,
# libcst's native parser overflows even a 512 MB stack (measured: 1,000,000 `or` operands
# crash it, 200,000 do not), and extraction could not follow them anyway.
MAX_CHAIN = 50_000


def _chain_tokens(text: str) -> int:
    # Counting substrings is C-speed and bounds every chain: only a file with that many
    # `and`/`or`/`.` at all needs a closer look.
    return text.count("and") + text.count("or") + text.count(".")


def _too_long_for_libcst(text: str, tree) -> Optional[str]:
    if tree is None or _chain_tokens(text) < MAX_CHAIN:
        return None
    import ast

    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp) and len(node.values) > MAX_CHAIN:
            return f"a chain of {len(node.values)} `and`/`or` operands is too long to analyse"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(n.count(".") > MAX_CHAIN for n in names):
                return "a dotted name is too long to analyse"
    return None


# --- narrowing ---------------------------------------------------------------------------
#
# libcst costs ~12x `ast.parse`, and resolving positions as much again, for every node of a
# file, yet extraction reads little of most function bodies. So `ast` (a tenth of the
# cost) locates the functions extraction collects (module level, methods of module-level
# classes, defs inside module-level if/try, as extract's `collect` walks them), and the body of one
# that nothing can be read from is blanked: its lines become empty lines, the decorators,
# signature and docstring stay, and `pass` holds the place of a body left empty. Every
# kept line keeps its number and every kept character its column, so libcst parses a
# smaller module whose positions are those of the real file; extraction never knows.
#
# A body is kept whole when it could hold anything extraction reads there (each trigger
# below mirrors a reader in toollint/extract/; when extraction learns to read something
# new inside function bodies, add its trigger here: tests/test_engine_perf.py compares
# the facts of every example and scenario file with and without narrowing):
# - a prefilter needle (tool lists, `tools=`, tool-shaped dicts and calls, decorators);
# - `"function"` (the OpenAI Chat wrapper `{"type": "function", "function": {...}}`);
# - a dispatch chain: an `elif` comparing to a string literal, or `case "..."`;
# - a dict of callables assigned to a name (`= {"a": fn, ...}`, `= {**base, ...}`);
# - a read of one of the function's parameters as a dict: `p["key"]`, `p.get(`;
# - an agent built with its tools passed by position (`CodeAgent([search], model)`,
#   `create_react_agent(llm, [search])`), which registration reads.
#
# One difference is accepted: syntax that Python's own parser takes and libcst does not
# (a newer Python's), inside a blanked body, no longer makes the file TL001; the file is
# analysed instead. Anywhere else libcst still decides, on the real text.

_DISPATCH = r"""\belif\b[^\n]*(?:==\s*[rRbBuU]{0,2}["']|["']\s*==)|\bcase\s+[rRbBuU]{0,2}["']"""
_CALLABLE_DICT = (r"""=\s*\{(?:\s|\#[^\n]*)*(?:\*\*|[rRbBuU]{0,2}(?:"[^"\n]*"|'[^'\n]*')\s*:\s*"""
                  r"""(?:lambda\b|[A-Za-z_][\w.]*\s*[,}]))""")
_FUNCTION_KEY = r"""["']function["']"""
# registration's callees whose names hold no needle (`bind_tools`, `add_tool` hold `tool`)
_AGENT_CALL = r"(?:Agent|ToolNode|initialize_agent|create_\w*agent|from_agent_and_tools)\s*\("
_DICT_READ = re.compile(r"""\b([A-Za-z_]\w*)\s*(?:\[\s*[rRbBuU]{0,2}["']|\.\s*get\s*\()""")
_LINES = re.compile(r"(\r\n|\r|\n)")  # as Python counts lines, not str.splitlines


def _needle_pattern(keys: Sequence[bytes]) -> str:
    parts = []
    for key in keys:
        word = key.decode("utf-8", "replace")
        if word == "tool":
            parts.append(r"(?<!func)(?<!iter)(?<!setup)tool")
        elif word == "parameters":
            parts.append(r"""["']parameters["']|\bparameters\s*=(?!=)""")
        else:
            parts.append(re.escape(word))
    return "|".join(parts)


_triggers_cache: dict = {}


def _triggers(keys: Tuple[bytes, ...]):
    pattern = _triggers_cache.get(keys)
    if pattern is None:
        pattern = re.compile("|".join(filter(None, (_needle_pattern(keys), _FUNCTION_KEY, _DISPATCH,
                                                     _CALLABLE_DICT, _AGENT_CALL))))
        _triggers_cache[keys] = pattern
    return pattern


def reduce_source(text: str, keys: Tuple[bytes, ...]) -> Optional[str]:
    """`text` with the bodies extraction cannot read from blanked out, line for line.

    None when there is nothing to blank, or when `ast` cannot parse the text: the caller
    then parses the real text, so libcst alone decides what is a syntax error.
    """
    import ast

    if len(text) > MAX_SOURCE_CHARS:
        return None  # parse() reports it
    tree = python_verdict(text).tree  # parse() reuses this verdict
    if tree is None:
        return None
    parts = _LINES.split(text)
    lines = parts[0::2]  # line i+1 is lines[i]; its terminator is parts[2 * i + 1]
    triggers = _triggers(keys)
    blank: List[Tuple[int, int, str]] = []  # (first line, last line, placeholder)

    def function(node) -> None:
        body = node.body
        rest = body[1:] if isinstance(body[0], ast.Expr) else body  # the docstring stays
        if not rest:
            return
        first, last = rest[0].lineno, node.end_lineno
        line = lines[first - 1]
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if len(indent) != rest[0].col_offset or last is None or last < first:
            return  # the body shares a line with the signature or the docstring
        start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        if triggers.search("\n".join(lines[start - 1:last])):
            return
        params = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
        body_text = "\n".join(lines[first - 1:last])
        if any(m.group(1) in params for m in _DICT_READ.finditer(body_text)):
            return
        blank.append((first, last, "" if rest is not body else indent + "pass"))

    def block(statements, in_class: bool) -> None:
        for stmt in statements:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                function(stmt)
            elif isinstance(stmt, ast.ClassDef) and not in_class:
                block(stmt.body, True)
            elif isinstance(stmt, ast.If) and not in_class:
                block(stmt.body, False)
                block(stmt.orelse, False)
            elif isinstance(stmt, ast.Try) and not in_class:
                block(stmt.body, False)
                for handler in stmt.handlers:
                    block(handler.body, False)
                block(stmt.orelse, False)
                block(stmt.finalbody, False)

    try:
        block(tree.body, False)
    except RecursionError:  # an elif chain as deep as CPython allows: parse it all
        return None
    if not blank:
        return None
    for first, last, placeholder in blank:
        for number in range(first, last + 1):
            parts[2 * (number - 1)] = ""
        parts[2 * (first - 1)] = placeholder
    reduced = "".join(parts)
    remember_reduced(reduced, tree)  # blanking bodies of accepted code keeps it accepted
    return reduced
