"""The command's side: hand the run to this install's daemon when one is listening."""
from __future__ import annotations

import os
import sys
from typing import Optional, Sequence

from toollint.daemon import FORWARDED, Channel, install_key, socket_path


def forward(argv: Sequence[str]) -> Optional[int]:
    """The exit status of the run the daemon made of `argv`; None when there is no daemon
    to ask (or it declined before running anything): the caller then runs it itself."""
    if not argv or argv[0] not in FORWARDED or os.environ.get("TOOLLINT_NO_DAEMON", "") not in ("", "0"):
        return None
    path = socket_path()
    if path is None or not os.path.exists(path):
        return None
    try:
        for fd in (0, 1, 2):
            os.fstat(fd)  # a closed stream cannot be handed over
    except OSError:
        return None
    import socket

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(2.0)
        sock.connect(path)
        sock.settimeout(None)
        channel = Channel(sock)
        mask = os.umask(0)
        os.umask(mask)
        channel.send({"key": install_key(), "argv": list(argv), "cwd": os.getcwd(), "env": dict(os.environ),
                      "umask": mask, "streams": [_encoding(s) for s in (sys.stdin, sys.stdout, sys.stderr)]},
                     fds=(0, 1, 2))
        first = channel.receive()
    except OSError:  # a socket left by a daemon that is gone, or one that is stopping
        sock.close()
        return None
    if not first or "pid" not in first:  # stale or foreign: nothing ran
        sock.close()
        return None
    return _wait(channel, first["pid"])


def _wait(channel: Channel, pid: int) -> int:
    import signal

    interrupted = False
    while True:
        try:
            done = channel.receive()
        except KeyboardInterrupt:  # Ctrl-C reaches the run as it would in-process
            if interrupted:
                return 130
            interrupted = True
            try:
                os.kill(pid, signal.SIGINT)
            except OSError:
                return 130
            continue
        except OSError:
            done = None
        if done is None:
            sys.stderr.write("toollint: error: the daemon's run ended without an exit status; "
                             "`toollint daemon stop`, or set TOOLLINT_NO_DAEMON=1\n")
            return 2
        if "exit" in done:
            return int(done["exit"])


def _encoding(stream):
    """The text layer the run must rebuild on a descriptor: its encoding follows the locale
    and PYTHONIOENCODING of this process, its buffering PYTHONUNBUFFERED and whether it is a
    terminal (which decides how stdout and stderr interleave in one file)."""
    return [getattr(stream, "encoding", None) or "utf-8", getattr(stream, "errors", None) or "strict",
            bool(getattr(stream, "line_buffering", False)), bool(getattr(stream, "write_through", False))]
