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
