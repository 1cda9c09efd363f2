"""Read and parse one file with libcst; every failure becomes a TL001 finding, never an exception."""
from __future__ import annotations

import os
import stat
from typing import Optional, Tuple, Union

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


def read_source(path: str) -> Union[bytes, Finding]:
    """The file's bytes, or TL001 naming the cause. Never blocks on a FIFO or device."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return file_error(path, f"cannot read file: {exc.strerror or exc}")
    if stat.S_ISDIR(st.st_mode):
        return file_error(path, "cannot read file: it is a directory")
    if not stat.S_ISREG(st.st_mode):
        return file_error(path, "cannot read file: not a regular file")
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as exc:
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


def parse(path: str, text: str):
    """A libcst Module, or TL001 with the parser's position."""
    import libcst

    try:
        return libcst.parse_module(text)
    except libcst.ParserSyntaxError as exc:
        python = _python_syntax_error(text)
        if python is not None:  # the position and words users know from Python itself
            return file_error(path, f"syntax error: {python[0]}", python[1], python[2])
        message = str(exc.message).splitlines()[0] if exc.message else "invalid syntax"
        return file_error(path, f"syntax error: {message}", max(1, exc.raw_line), exc.raw_column + 1)
    except RecursionError:
        return file_error(path, "cannot parse file: it is nested too deeply to analyse")
    except Exception as exc:  # libcst's native parser raises a few other types on odd input
        return file_error(path, f"cannot parse file: {type(exc).__name__}: {exc}".splitlines()[0])


def _python_syntax_error(text: str):
    """(message, line, col) of CPython's own error, or None when CPython accepts the text.

    libcst's native parser places some errors a line late; `compile` to an AST only
    parses, it never runs anything.
    """
    import ast

    try:
        compile(text, "<toollint>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as exc:
        line = exc.lineno or 1
        col = exc.offset or 1
        return (exc.msg or "invalid syntax", line, max(1, col))
    except (ValueError, RecursionError, MemoryError):
        return None
    return None
