"""Reading a file: the non-blocking reader, decoding, and every failure as a TL001 finding."""
from __future__ import annotations

import os
import stat
from typing import Union

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
