"""`toollint ARGS` through the command line's own main(), in this process: the same
argument parsing, command and output as a fresh process, without paying an interpreter
start and the imports for each of the many runs the CLI tests make."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from typing import Dict, Iterator, Mapping, Optional


@contextmanager
def environment(changes: Mapping[str, Optional[str]]) -> Iterator[None]:
    """os.environ with `changes` applied (None unsets), restored afterwards."""
    saved: Dict[str, Optional[str]] = {key: os.environ.get(key) for key in changes}
    try:
        for key, value in changes.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def toollint(*args: str, cwd=None, stdin: Optional[str] = None,
             env: Mapping[str, Optional[str]] = {}) -> subprocess.CompletedProcess:
    """`env` changes the environment for this run only (None unsets a variable)."""
    from toollint.commands.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    saved_stdin = sys.stdin
    try:
        os.chdir(cwd if cwd is not None else here)
        if stdin is not None:
            sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
        with environment(env), redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse's usage errors
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        sys.stdin = saved_stdin
        os.chdir(here)
    return subprocess.CompletedProcess(["toollint", *args], code, out.getvalue(), err.getvalue())
