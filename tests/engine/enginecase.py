"""What the engine tests share: the repository's corpora and `toollint check` in a process of its
own with the cache where the test says."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


REPO = Path(__file__).resolve().parents[2]


def _projects():
    return sorted(p for p in (REPO / "tests" / "projects").iterdir() if p.is_dir())


def _env(tmp_path, **extra):
    env = dict(os.environ)
    env.pop("TOOLLINT_NO_CACHE", None)
    env["TOOLLINT_CACHE_DIR"] = str(tmp_path / "cache")
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    env.update(extra)
    return env


def _check(args, cwd, env):
    proc = subprocess.run([sys.executable, "-m", "toollint", "check", *args], cwd=cwd, env=env,
                          capture_output=True)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    return proc.stdout


def cold_run_here(path, tmp_path) -> int:
    """The exit status of `toollint check PATH -q` in this process, with the cache where
    _env(tmp_path) puts it: a cold run that only writes the cache for a fresh process to
    read (which modules a run imports only a fresh process can tell; the one that writes
    the cache need not be one). A cache this process wrote that the fresh one could not
    read would show as a warm run that imports libcst."""
    from inproc import toollint

    env = {"TOOLLINT_NO_CACHE": None, "TOOLLINT_CACHE_DIR": str(tmp_path / "cache"),
           "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    return toollint("check", str(path), "-q", env=env).returncode
