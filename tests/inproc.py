"""`toollint ARGS` through the command line's own main(), in this process: the same
argument parsing, command and output as a fresh process, without paying an interpreter
start and the imports for each of the many runs the CLI tests make."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from typing import Optional


def toollint(*args: str, cwd, stdin: Optional[str] = None) -> subprocess.CompletedProcess:
    from toollint.commands.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    saved_stdin = sys.stdin
    try:
        os.chdir(cwd)
        if stdin is not None:
            sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse's usage errors
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        sys.stdin = saved_stdin
        os.chdir(here)
    return subprocess.CompletedProcess(["toollint", *args], code, out.getvalue(), err.getvalue())
