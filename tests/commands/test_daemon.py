"""`toollint daemon` (issue 22): a run handed to the daemon prints, exits and reads its
input exactly as the same run in-process, in the command's folder and environment; a
daemon that is gone, foreign or out of date is never used. Counted, never timed."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX") or sys.platform == "win32",
                                reason="the daemon needs Unix sockets")

_TOOLS = ('TOOLS = [{"name": "search", "description": "", "input_schema": {"type": "object", '
          '"properties": {"q": {"type": "str"}}, "required": ["q", "k"]}}]\n')


@pytest.fixture
def short_home():
    """A cache folder short enough for a socket's path (about 100 bytes): pytest's own
    temporary folders, under xdist, are not."""
    home = tempfile.mkdtemp(prefix="tl-", dir="/tmp" if os.path.isdir("/tmp") else None)
    yield home
    shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="module")
def daemon():
    home = tempfile.mkdtemp(prefix="tl-", dir="/tmp" if os.path.isdir("/tmp") else None)
    env = {k: v for k, v in os.environ.items() if k not in ("TOOLLINT_NO_DAEMON", "TOOLLINT_CACHE_DIR")}
    env["XDG_CACHE_HOME"] = str(home)
    started = _toollint(["daemon", "start", "--idle-timeout", "10"], env)
    assert started.returncode == 0 and "started" in started.stdout, started.stderr
    yield env
    stopped = _toollint(["daemon", "stop"], env)
    if "stopped" not in stopped.stdout:  # never leave one behind
        pid = int(started.stdout.split("pid ")[1].split(")")[0])
        os.kill(pid, signal.SIGTERM)
    shutil.rmtree(home, ignore_errors=True)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "p"\n')
    (tmp_path / "agent.py").write_text(_TOOLS)
    return tmp_path


def _toollint(argv, env, cwd=None, stdin=None):
    return subprocess.run([sys.executable, "-m", "toollint", *argv], env=env, cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=120)


def _served(env) -> int:
    status = _toollint(["daemon", "status"], env)
    assert status.returncode == 0, status.stdout
    return int(status.stdout.split(" runs")[0].rsplit(" ", 1)[1])


def _both(argv, env, cwd, stdin=None):
    """The run through the daemon and in-process; the daemon must have served the first."""
    before = _served(env)
    through = _toollint(argv, env, cwd, stdin)
    assert _served(env) == before + 1
    alone = _toollint(argv, dict(env, TOOLLINT_NO_DAEMON="1"), cwd, stdin)
    assert _served(env) == before + 1
    return through, alone


def test_a_check_through_the_daemon_is_the_check_in_process(daemon, project):
    through, alone = _both(["check", "agent.py"], daemon, project)
    assert through.returncode == alone.returncode == 1
    assert "agent.py:1:" in through.stdout and "TL101" in through.stdout
    assert (through.stdout, through.stderr) == (alone.stdout, alone.stderr)


@pytest.mark.parametrize("unbuffered", ["1", ""])
def test_stdout_and_stderr_interleave_in_one_file_as_in_process(daemon, project, unbuffered):
    """`> out 2>&1`: the findings (stdout) and the summary (stderr) land in the order they
    do in-process, with Python's buffering as PYTHONUNBUFFERED sets it."""
    (project / "more.py").write_text(_TOOLS.replace('"search"', '"lookup"') * 40)
    env = dict(daemon, PYTHONUNBUFFERED=unbuffered)
    before = _served(daemon)
    outputs = []
    for extra in ({}, {"TOOLLINT_NO_DAEMON": "1"}):
        with open(project / "out.txt", "wb") as out:
            subprocess.run([sys.executable, "-m", "toollint", "check", "."], env=dict(env, **extra), cwd=project,
                           stdout=out, stderr=subprocess.STDOUT, timeout=120)
        outputs.append((project / "out.txt").read_bytes())
    assert _served(daemon) == before + 1
    assert b"Checked 2 files" in outputs[0] and outputs[0] == outputs[1]


def test_stdin_environment_and_usage_errors_reach_the_run(daemon, project):
    piped, alone = _both(["check", "-", "--stdin-filename", "piped.py"], daemon, project, stdin=_TOOLS)
    assert piped.returncode == 1 and "piped.py:1:" in piped.stdout
    assert piped.stdout == alone.stdout
    coloured, alone = _both(["check", "agent.py"], dict(daemon, FORCE_COLOR="1"), project)
    assert "\x1b[" in coloured.stdout and coloured.stdout == alone.stdout
    wrong, alone = _both(["check", "--no-such-option"], daemon, project)
    assert wrong.returncode == alone.returncode == 2
    assert "--no-such-option" in wrong.stderr and wrong.stderr == alone.stderr


def test_dump_goes_through_and_other_commands_do_not(daemon, project):
    through, alone = _both(["dump", "agent.py"], daemon, project)
    assert through.returncode == 0 and '"search"' in through.stdout and through.stdout == alone.stdout
    before = _served(daemon)
    assert _toollint(["rule", "TL101"], daemon).returncode == 0
    assert _served(daemon) == before


def test_a_daemon_of_another_install_does_not_answer(daemon, monkeypatch):
    from toollint.daemon import Channel, socket_path

    monkeypatch.setenv("XDG_CACHE_HOME", daemon["XDG_CACHE_HOME"])
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(socket_path())
    channel = Channel(sock)
    channel.send({"key": "another toollint", "argv": ["check"], "cwd": "/", "env": {}, "umask": 0o22,
                  "streams": [["utf-8", "strict"]] * 3}, fds=(0, 1, 2))
    assert channel.receive() == {"foreign": True}
    sock.close()


def test_a_killed_daemon_is_passed_over_and_replaced(short_home, project):
    env = {k: v for k, v in os.environ.items() if k != "TOOLLINT_NO_DAEMON"}
    env["XDG_CACHE_HOME"] = short_home
    started = _toollint(["daemon", "start"], env)
    pid = int(started.stdout.split("pid ")[1].split(")")[0])
    os.kill(pid, signal.SIGKILL)
    for _ in range(100):
        if _toollint(["daemon", "status"], env).returncode == 1:
            break
        time.sleep(0.05)
    leftovers = list((Path(short_home) / "toollint" / "daemon").glob("*.sock"))
    assert leftovers, "the socket of a killed daemon stays behind"
    alone = _toollint(["check", "agent.py"], env, project)
    assert alone.returncode == 1 and "TL101" in alone.stdout and alone.stderr.startswith("Checked 1 file")
    again = _toollint(["daemon", "start"], env)
    assert "started" in again.stdout, again.stderr
    assert _toollint(["daemon", "stop"], env).stdout.strip() == "toollint daemon: stopped"
    assert _toollint(["daemon", "status"], env).stdout.strip() == "toollint daemon: not running"
    assert not list((Path(short_home) / "toollint" / "daemon").glob("*.sock"))


def test_a_daemon_is_stale_once_a_source_file_changes(tmp_path):
    from toollint.daemon import serve

    watched = serve._watched()
    assert any(path.endswith(os.path.join("rules", "tl101_missing_description.py")) for path in watched)
    assert any(path.endswith(os.path.join("daemon", "serve.py")) for path in watched)
    assert not serve._stale(serve._stamps(watched))
    source = tmp_path / "module.py"
    source.write_text("x = 1\n")
    before = serve._stamps([str(source)])
    source.write_text("x = 22\n")  # an edit: the size moves even within one clock tick
    assert serve._stamps([str(source)]) != before
