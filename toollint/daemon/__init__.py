"""A resident toollint for the pre-commit case (issue 22), started by `toollint daemon start`.

A run on one edited file spends most of its time importing: libcst (the floor), the
standard modules and toollint's own 170 modules cost more than parsing and judging the
file. The daemon imports them once and forks a child per run; the `toollint` command finds
its socket, hands over its command line, working folder, environment and its own stdin,
stdout and stderr (the file descriptors themselves, so a terminal is still a terminal and
colours, pipes and `-` behave as they do without it), and exits with the child's status.
The child runs the same `main()` as the command, on a process forked from a server that
never ran a check, so one run's state never reaches another.

The socket lives in the user's cache folder, in a folder only the user may enter, and is
named for this install (the toollint source folder, the environment, Python's and toollint's
version), so another virtualenv's toollint never answers. A daemon whose toollint source,
libcst or site-packages changed since it started answers "stale" and stops; the command
then runs in-process as without a daemon. TOOLLINT_NO_DAEMON=1 never uses one.

This module is imported on every run of the command: it holds only what the client needs.
"""
from __future__ import annotations

import json
import os
import sys
import zlib
from typing import Optional

from toollint import __version__

# Commands worth forwarding: the ones that parse Python. The language server and the
# daemon's own command run in the process that was started.
FORWARDED = ("check", "dump")


def install_key() -> str:
    """What names this install: a daemon of another one must not answer."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return "\0".join((package, sys.prefix, sys.version, __version__))  # python, python3: one prefix


def socket_path() -> Optional[str]:
    """Where this install's daemon listens; None where no such socket can be made."""
    if sys.platform == "win32" or not hasattr(os, "getuid"):
        return None
    from toollint.cache.userdir import user_cache_dir

    name = f"{zlib.crc32(install_key().encode('utf-8', 'surrogateescape')):08x}.sock"
    path = os.path.join(user_cache_dir(), "daemon", name)
    return path if len(path.encode("utf-8", "surrogateescape")) < 100 else None  # sun_path's limit


class Channel:
    """Messages over a stream socket: four bytes of length, then JSON. Descriptors travel
    with the first bytes of a message (SCM_RIGHTS)."""

    def __init__(self, sock) -> None:
        self.sock = sock
        self._buffer = bytearray()

    def send(self, message: dict, fds=()) -> None:
        data = json.dumps(message).encode("utf-8", "surrogateescape")
        data = len(data).to_bytes(4, "big") + data
        if fds:
            import socket

            data = data[socket.send_fds(self.sock, [data[:4096]], list(fds)):]
        if data:  # nothing left: a send of no bytes to a peer that answered and left is EPIPE
            self.sock.sendall(data)

    def receive(self, with_fds: int = 0):
        """The next message, None at the end; with `with_fds`, (message, descriptors)."""
        fds: list = []
        if with_fds and not self._buffer:
            import socket

            head, fds, _flags, _addr = socket.recv_fds(self.sock, 4096, with_fds)
            if not head:
                return None, fds
            self._buffer += head
        message = self._next()
        return (message, fds) if with_fds else message

    def _next(self):
        while True:
            if len(self._buffer) >= 4:
                size = int.from_bytes(self._buffer[:4], "big")
                if len(self._buffer) >= 4 + size:
                    data = bytes(self._buffer[4:4 + size])
                    del self._buffer[:4 + size]
                    return json.loads(data.decode("utf-8", "surrogateescape"))
            more = self.sock.recv(65536)
            if not more:
                return None
            self._buffer += more
