"""`toollint daemon start|stop|status`: the resident toollint of toollint/daemon."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from typing import Optional

from toollint.config.settings import ConfigError


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "daemon", help="keep toollint loaded so that each `check` starts at once (pre-commit; not on Windows)",
        description="A daemon imports toollint once; `toollint check` and `toollint dump` then hand their run "
                    "to it, as fast as the parse of the files they read. TOOLLINT_NO_DAEMON=1 runs without it.")
    parser.add_argument("action", choices=("start", "stop", "status"))
    parser.add_argument("--idle-timeout", type=float, default=30.0, metavar="MINUTES",
                        help="start: stop after this many minutes without a run; 0 never (default: 30)")


def run(args: argparse.Namespace) -> int:
    from toollint.daemon import socket_path

    path = socket_path()
    if path is None:
        raise ConfigError("the daemon needs Unix sockets, and a cache folder path short enough to hold one")
    if args.action == "status":
        answer = _ask(path, {"status": True})
        if answer is None:
            print("toollint daemon: not running")
            return 1
        up = time.time() - answer["started"]
        print(f"toollint daemon: running (pid {answer['pid']}, up {up / 60:.0f} min, {answer['served']} runs, "
              f"{answer['cpu']:.2f} s CPU in them; socket {path})")
        return 0
    if args.action == "stop":
        answer = _ask(path, {"stop": True})
        print("toollint daemon: stopped" if answer else "toollint daemon: not running")
        return 0
    if args.idle_timeout < 0:
        raise ConfigError("--idle-timeout must be 0 (never) or more minutes")
    running = _ask(path, {"status": True})
    if running is not None:
        print(f"toollint daemon: already running (pid {running['pid']})")
        return 0
    return _start(path, args.idle_timeout)


def _start(path: str, minutes: float) -> int:
    log = os.path.join(os.path.dirname(path), os.path.basename(path)[:-5] + ".log")
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    with open(log, "wb") as errors:
        proc = subprocess.Popen(
            [sys.executable, "-c", "from toollint.daemon.serve import main; main()", path, str(minutes)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errors, cwd=os.sep,
            start_new_session=True, close_fds=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        answer = _ask(path, {"status": True})
        if answer is not None:
            idle = "never stops by itself" if minutes == 0 else f"stops after {minutes:g} idle minutes"
            print(f"toollint daemon: started (pid {answer['pid']}); it {idle}, or with `toollint daemon stop`")
            return 0
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    with open(log, "rb") as errors:
        said = errors.read().decode("utf-8", "replace").strip()
    raise ConfigError(f"the daemon did not start{': ' + said if said else ''}")


def _ask(path: str, message: dict) -> Optional[dict]:
    import socket

    from toollint.daemon import Channel

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(5.0)
        sock.connect(path)
        channel = Channel(sock)
        channel.send(message)
        return channel.receive()
    except OSError:
        return None
    finally:
        sock.close()
