"""The `toollint` command and `python -m toollint`: a daemon's run when one is listening
(toollint/daemon), else main() in this process; then an exit that skips the interpreter's
teardown. This module imports nothing of toollint's until it knows which."""
from __future__ import annotations

import os
import sys


def entry() -> None:
    """Freeing every module, fact and tree one by one took 0.09 s of CPU after a pre-commit
    run's output was printed (a fifth of the run; more after a cold one); the output is
    flushed first, the cache's files are closed where written, and the pools are shut down
    before main returns. main() itself returns, for callers in-process (tests, the pytest
    plugin)."""
    from toollint.daemon.client import forward

    code = forward(sys.argv[1:])
    if code is None:
        from toollint.commands.cli import main

        code = main()
    if not isinstance(code, int):
        raise SystemExit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # `toollint check | head`: as main's own answer to a closed pipe
        code = code or 1
    except (OSError, ValueError):  # a stream closed under us: let Python's exit report it
        raise SystemExit(code)
    os._exit(code)
