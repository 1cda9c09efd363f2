"""What test modules import to run toollint and read its output (conftest.py holds the hooks
and fixtures: pytest swaps the module named `conftest` as it collects each folder that has
one, so helpers imported by name live here)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from typing import Dict, List, Tuple


def toollint(*args, cwd=None, stdin=None):
    """`toollint ARGS` through the CLI's main() in this process (tests/inproc.py), colour off:
    the same parsing, command and output as a user's run without an interpreter start and
    the imports each time. toollint_process() is the real process, for what only it shows."""
    import inproc

    return inproc.toollint(*args, cwd=cwd, stdin=stdin, env={"NO_COLOR": "1"})


def toollint_process(*args, cwd=None, stdin=None):
    """`python -m toollint ARGS` in a fresh process, as a user runs it."""
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "toollint", *args],
        cwd=cwd, input=stdin, capture_output=True, text=True, env=env, timeout=120,
    )


def write_tree(root, files: Dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))



# A finding as the concise format prints it: path:line:col: CODE message
FINDING_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>TL\d{3}) (?:\[\*\] )?(?P<message>.+)$")
# the lines ruff ends its text output with when there are fixes (toollint/fix/policy.py)
FIX_SUMMARY = re.compile(r"^(\[\*\] \d+ fixable with|No fixes available \(|Found \d+ errors? \()")


def parse_findings(stdout: str) -> List[Tuple[str, int, int, str, str]]:
    """(path, line, col, code, message) of each line; a line that is not a finding fails."""
    out = []
    for line in stdout.splitlines():
        if FIX_SUMMARY.match(line):
            continue
        m = FINDING_LINE.match(line)
        assert m, f"not a finding line: {line!r}"
        out.append((m["path"], int(m["line"]), int(m["col"]), m["code"], m["message"]))
    return out


def examples(ci: int) -> int:
    """A property test's max_examples: `ci` where the slow tests run (CI, whose hypothesis
    profile has hypothesis's usual hundred, tests/conftest.py), the same share of the
    default run's twenty elsewhere: the same properties, fewer examples in the minute."""
    from hypothesis import settings

    return max(1, ci * settings().max_examples // 100)
