"""The daemon: import everything a run needs once, then fork a child per run.

Started detached by `toollint daemon start` (toollint/commands/daemon.py) as
`python -c "from toollint.daemon.serve import main; main()" PATH MINUTES`.
"""
from __future__ import annotations

import gc
import io
import os
import signal
import socket
import sys
import time
from typing import Dict, List, Tuple

from toollint.daemon import Channel, install_key

# Modules a run would import, loaded before the first fork so that no child pays for them.
# The language server and the usage reports are other commands; pytest_plugin needs pytest.
_SKIPPED = ("toollint.lsp", "toollint.usage", "toollint.pytest_plugin", "toollint.daemon")


def main() -> None:
    # `python -c` put the folder it was started in first on sys.path; toollint never runs
    # what it reads, so nothing is imported from there (start() also starts it in /).
    if sys.path and sys.path[0] in ("", os.curdir):
        del sys.path[0]
    path, minutes = sys.argv[1], float(sys.argv[2])
    _preload()
    server = _listen(path)
    if server is None:
        os._exit(1)
    _serve(server, path, minutes * 60)


def _preload() -> None:
    import importlib
    import pkgutil

    import toollint
    import toollint.rules  # an editable install keeps the rules outside toollint's folder

    found = list(pkgutil.walk_packages(toollint.__path__, "toollint."))
    found += pkgutil.walk_packages(toollint.rules.__path__, "toollint.rules.")
    for info in found:
        if not info.name.startswith(_SKIPPED):
            try:
                importlib.import_module(info.name)
            except Exception:  # an optional dependency missing: the run imports it, or not, itself
                pass
    for optional in ("jsonschema", "pygments", "pygments.lexers", "pygments.formatters"):
        try:
            importlib.import_module(optional)
        except Exception:
            pass
    _warm_up()
    gc.collect()
    gc.freeze()  # shared with every child, never scanned again


# A run compiles its patterns and fills its tables on first use: a check of this project
# in a temporary folder does that once here, not in every child (0.12-0.2 s for a first
# run after the imports, 0.07 s for the next). Nothing of it reaches a child but what
# depends on no user's file: the folder is its own, and the cache is off.
_SAMPLE = {
    "agent.py": '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("orders")
TOOLS = [{"name": "search_orders", "description": "Search the orders by text. Use it when the user asks "
          "about an order; do not use it for refunds, use refund_order instead.",
          "input_schema": {"type": "object", "properties": {"query": {"type": "str"}, "limit": {"type": "integer",
          "minimum": 1}}, "required": ["query", "id"]}},
         {"name": "refund_order", "description": "refund_order(order_id: str) -> dict",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}}}]


def search_orders(query, limit=10):
    return []


HANDLERS = {"search_orders": search_orders, "refund_ordr": print}


@mcp.tool()
def cancel_order(order_id: str, reason: str = "") -> str:
    """Cancel an order.

    Args:
        order_id: The order's id, such as 'ORD-1'.
    """
    return order_id
''',
    "chain.py": '''
from langchain_core.tools import tool
from agents import function_tool


@tool
def lookup(city: str) -> str:
    """Look up the weather of a city."""
    return city


@function_tool
def forecast(city: str, days: int) -> str:
    """Forecast the weather."""
    return city
''',
}


def _warm_up() -> None:
    import contextlib
    import io
    import tempfile

    from toollint.cache import store
    from toollint.commands.cli import main

    store._code_hash()
    store._rules_hash()
    with tempfile.TemporaryDirectory() as folder:
        for name, text in _SAMPLE.items():
            with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        sink = io.StringIO()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            for form in ("concise", "full"):
                try:
                    main(["check", folder, "--no-cache", "-j", "1", "--exit-zero", "--output-format", form])
                except BaseException:  # noqa: B902 - a warm-up that fails leaves the children to do it
                    pass


def _listen(path: str):
    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    st = os.stat(folder)
    if st.st_uid != os.getuid() or st.st_mode & 0o077:
        sys.stderr.write(f"toollint: error: {folder} may be entered by others; the daemon does not listen there\n")
        return None
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(path)
    except OSError:
        try:
            os.unlink(path)  # left by a daemon that was killed
        except FileNotFoundError:
            pass
    else:
        probe.close()
        sys.stderr.write("toollint: error: a daemon is already running\n")
        return None
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    os.chmod(path, 0o600)
    server.listen(16)
    return server


def _watched() -> List[str]:
    """What a run's answers depend on besides its input: toollint's source (the cache's own
    list, and the rules wherever an editable install keeps them) and the folder libcst is
    installed in and its parent (an upgrade there adds or removes a dist-info)."""
    import libcst

    import toollint.rules
    from toollint.cache.store import code_files

    rules = [os.path.join(folder, name) for folder in toollint.rules.__path__
             for name in sorted(os.listdir(folder)) if name.endswith(".py")]
    return code_files() + rules + [libcst.__path__[0], os.path.dirname(libcst.__path__[0])]


def _stamps(paths: List[str]) -> Dict[str, Tuple[int, int]]:
    found: Dict[str, Tuple[int, int]] = {}
    for path in paths:
        st = os.stat(path)
        found[path] = (st.st_mtime_ns, st.st_size)
    return found


def _stale(stamps: Dict[str, Tuple[int, int]]) -> bool:
    try:
        return _stamps(_watched()) != stamps
    except OSError:
        return True


class _State:
    def __init__(self) -> None:
        self.started = time.time()
        self.served = 0
        self.cpu = 0.0  # of the runs, reaped: what a benchmark adds to the command's own
        self.running = 0


def _serve(server, path: str, idle: float) -> None:
    stamps = _stamps(_watched())
    state = _State()
    key = install_key()

    def reap(*_args) -> None:
        while True:
            try:
                pid, _status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            state.cpu += usage.ru_utime + usage.ru_stime
            state.running -= 1

    def leave(*_args) -> None:
        try:
            os.unlink(path)
        except OSError:
            pass
        os._exit(0)

    signal.signal(signal.SIGCHLD, reap)
    signal.signal(signal.SIGTERM, leave)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    server.settimeout(idle if idle > 0 else None)
    while True:
        try:
            conn, _addr = server.accept()
        except socket.timeout:
            if not state.running:
                leave()
            continue
        except OSError:
            continue
        try:
            _answer(conn, state, stamps, key, leave, server)
        except OSError:
            pass
        finally:
            conn.close()


def _answer(conn, state: _State, stamps, key: str, leave, server) -> None:
    if not _same_user(conn):
        return
    conn.settimeout(10.0)  # one loop serves every request: a client that stops halfway must not hang it
    channel = Channel(conn)
    request, fds = channel.receive(with_fds=3)
    try:
        if not isinstance(request, dict):
            return
        if "stop" in request:
            channel.send({"stopped": os.getpid()})
            leave()
        if "status" in request:
            channel.send({"pid": os.getpid(), "started": state.started, "served": state.served,
                          "cpu": state.cpu, "running": state.running})
            return
        if request.get("key") != key or len(fds) != 3:
            channel.send({"foreign": True})
            return
        if _stale(stamps):
            channel.send({"stale": True})
            leave()
        # no reaping between the fork and the count, or a quick child is counted off first
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})
        try:
            pid = os.fork()
            if pid == 0:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
                conn.settimeout(None)  # the run's answer may come after minutes
                server.close()
                _child(channel, request, fds)  # never returns
            state.served += 1
            state.running += 1
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
    finally:
        for fd in fds:
            os.close(fd)


def _same_user(conn) -> bool:
    """The folder already keeps others out; where the kernel says who connected, check it."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True
    import struct

    try:
        _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i")))
    except OSError:
        return False
    return uid == os.getuid()


def _child(channel: Channel, request: dict, fds: List[int]) -> None:
    code = 2
    started = False
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        fds.clear()
        _become(request)
        channel.send({"pid": os.getpid()})
        started = True
        from toollint.commands.cli import main

        try:
            code = main(request["argv"])
        except SystemExit as exc:  # argparse: --help, --version, a usage error
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BrokenPipeError:
            code = code or 1
    except BaseException as exc:  # noqa: B902 - the child must answer whatever happened
        if not started:  # the command runs in its own process instead, and says what went wrong
            os._exit(0)
        try:
            sys.stderr.write(f"toollint: internal error in the daemon's run: {type(exc).__name__}: {exc}\n")
            sys.stderr.flush()
        except Exception:
            pass
    try:
        channel.send({"exit": code})
    finally:
        os._exit(0)


def _text(fd: int, encoding: str, errors: str, line_buffering: bool, write_through: bool):
    """A text stream on `fd` built as Python builds the command's own (PYTHONUNBUFFERED:
    unbuffered bytes and write-through text)."""
    raw = open(fd, "wb", buffering=0 if write_through else -1, closefd=False)
    return io.TextIOWrapper(raw, encoding=encoding, errors=errors, line_buffering=line_buffering,
                            write_through=write_through)


def _become(request: dict) -> None:
    """This process as the command would have been: its folder, environment, umask and
    streams (a text layer over the descriptors it handed over, in its encodings)."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    os.umask(int(request["umask"]))
    sys.argv = ["toollint", *request["argv"]]
    stdin, stdout, stderr = request["streams"]
    sys.stdin = sys.__stdin__ = open(0, "r", encoding=stdin[0], errors=stdin[1], closefd=False)
    sys.stdout = sys.__stdout__ = _text(1, *stdout)
    sys.stderr = sys.__stderr__ = _text(2, *stderr)
    from toollint.engine import scan

    scan.NARROW = scan.narrow_from_environment()  # read at import, in the daemon's environment
