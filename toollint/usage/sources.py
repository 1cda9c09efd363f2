"""Opening payload inputs one line at a time: plain files, gzip and zstandard streams
(recognised by their first bytes, whatever the name), folders of such files, and `-` for
standard input. A stream cut short or corrupt stops that input only: the lines read
before it are analysed and the failure is reported with the line count read.
"""
from __future__ import annotations

import io
import os
import sys
from typing import IO, Iterator, List, Optional

PAYLOAD_SUFFIXES = (".json", ".jsonl", ".ndjson")
COMPRESSED_SUFFIXES = (".gz", ".zst")
STDIN = "-"
STDIN_NAME = "<stdin>"
_GZIP_MAGIC = b"\x1f\x8b"
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
_BUFFER = 1 << 20


def is_payload_name(name: str) -> bool:
    for suffix in COMPRESSED_SUFFIXES:
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return name.endswith(PAYLOAD_SUFFIXES)


def payload_folder(path: str) -> Optional[List[str]]:
    """The payload files under a folder, sorted, when it holds some and no Python source
    (a folder with .py files is source to map the tools back to); else None."""
    found: List[str] = []
    for root, dirs, names in os.walk(path):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if name.endswith(".py"):
                return None
            if is_payload_name(name):
                found.append(os.path.normpath(os.path.join(root, name)))
    return sorted(found) or None


def _open_raw(path: str) -> IO[bytes]:
    from toollint.config.settings import ConfigError

    if path == STDIN:
        return sys.stdin.buffer
    if os.path.isdir(path):
        raise ConfigError(f"{path}: is a directory with no payload files (.json, .jsonl, .ndjson, optionally .gz "
                          "or .zst) or with Python source; expected JSON or JSON Lines of payloads")
    try:
        return open(path, "rb", buffering=_BUFFER)
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror or e}") from None


class StreamCut(EOFError):
    pass


class _Decompressing(io.RawIOBase):
    """The decompressed bytes of a gzip or zstandard stream (several members or frames
    in a row too). Everything decompressed before a cut or corruption is handed on
    first; then StreamCut, or the codec's own error."""

    def __init__(self, source: IO[bytes], new):
        self._source, self._new = source, new
        self._codec = new()
        self._pending, self._at = b"", 0
        self._started = False  # whether the current member has consumed input

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        if self._source is not sys.stdin.buffer:
            self._source.close()
        super().close()

    def readinto(self, buffer) -> int:  # type: ignore[override]
        while self._at == len(self._pending):
            chunk = self._codec.unused_data if self._codec.eof else b""
            if self._codec.eof:
                self._codec, self._started = self._new(), False
            chunk = chunk or self._source.read(_BUFFER)
            if not chunk:
                if self._started:
                    raise StreamCut("the stream ends before its end-of-stream marker")
                return 0
            if not self._started:
                # Zero bytes between or after members are padding (tape and block
                # devices write it); gzip tolerates them too. No member starts with one.
                chunk = chunk.lstrip(b"\0")
                if not chunk:
                    continue
            self._started = True
            self._pending, self._at = self._codec.decompress(chunk), 0
        n = min(len(buffer), len(self._pending) - self._at)
        buffer[:n] = memoryview(self._pending)[self._at:self._at + n]
        self._at += n
        return n


def _decompressed(path: str, raw: IO[bytes]) -> "tuple[IO[bytes], str]":
    from toollint.config.settings import ConfigError

    buffered = raw if hasattr(raw, "peek") else io.BufferedReader(raw, _BUFFER)  # type: ignore[arg-type]
    head = buffered.peek(4)[:4]
    if head.startswith(_GZIP_MAGIC):
        import zlib

        return io.BufferedReader(_Decompressing(buffered, lambda: zlib.decompressobj(wbits=31)), _BUFFER), "gzip"
    if head.startswith(_ZSTD_MAGIC):
        try:
            import zstandard
        except ImportError:
            raise ConfigError(f"{path}: is zstandard-compressed; reading it needs the zstandard package: "
                              "pip install 'toollint[zstd]'") from None
        decompressor = zstandard.ZstdDecompressor()
        return io.BufferedReader(_Decompressing(buffered, decompressor.decompressobj), _BUFFER), "zstandard"
    return buffered, ""


class Lines:
    """The lines of one input (bytes, with their newline; a line longer than 1 MB comes
    in pieces, each but the last without a newline); after iterating, `failure` says
    why reading stopped early (a compressed stream cut short or corrupt), if it did."""

    def __init__(self, path: str):
        self.path = path
        self.name = STDIN_NAME if path == STDIN else path
        self.read = 0
        self.failure: Optional[str] = None
        self.codec = ""
        self._raw: Optional[IO[bytes]] = None
        self._pieces = 0  # bytes handed on, for an input that cannot tell its position

    def consumed(self) -> int:
        """Bytes of the input as stored read so far (for a progress bar)."""
        try:
            if self._raw is not None and self._raw is not sys.stdin.buffer and not self._raw.closed:
                return self._raw.tell()
        except (OSError, ValueError):
            pass
        return self._pieces

    def __iter__(self) -> Iterator[bytes]:
        import zlib

        raw = self._raw = _open_raw(self.path)
        try:
            handle, self.codec = _decompressed(self.path, raw)
        except BaseException:
            if self.path != STDIN:
                raw.close()
            raise

        errors = [EOFError, OSError, zlib.error]
        try:
            import zstandard

            errors.append(zstandard.ZstdError)
        except ImportError:
            pass
        piece = b"\n"
        try:
            # Pieces of at most _BUFFER bytes: a one-line JSON array of any size is
            # read in pieces too (jsonarray.py); JSON Lines are joined back into lines.
            for piece in iter(lambda: handle.readline(_BUFFER), b""):
                self.read += piece.endswith(b"\n")
                self._pieces += len(piece)
                yield piece
            self.read += not piece.endswith(b"\n")
        except tuple(errors) as e:
            what = f"the {self.codec} stream" if self.codec else "the file"
            self.failure = f"{what} stops after line {self.read:,} ({e}); the {self.read:,} lines before are analysed"
        finally:
            if self.path != STDIN or self.codec:
                handle.close()
