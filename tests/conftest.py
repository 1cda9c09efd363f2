from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from typing import Dict, List, Tuple

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import run


# The scenario trees are code toollint reads, not tests: their test files
# (projects/heldout_shapes/tests/test_validation.py) import frameworks that are not installed.
collect_ignore_glob = ["projects/*"]


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run tests marked slow (CI=true does too)")


def slow_run(config) -> bool:
    return bool(config.getoption("--runslow")) or os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_configure(config):
    # property tests without their own count: a few examples in the default run, hypothesis's
    # usual hundred where the slow tests run (CI)
    from hypothesis import settings

    settings.register_profile("toollint-fast", max_examples=20)
    settings.register_profile("toollint-ci", max_examples=100)
    settings.load_profile("toollint-ci" if slow_run(config) else "toollint-fast")


def pytest_collection_modifyitems(config, items):
    if slow_run(config):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (CI runs it)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


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


@pytest.fixture
def lint(tmp_path):
    """lint({"tools.py": src, ...}, select=("TL305",)) -> [(relpath, line, code), ...]"""

    calls = []

    def _lint(files: Dict[str, str], paths=None, **settings) -> List[Tuple[str, int, str]]:
        calls.append(1)
        root = tmp_path / f"project{len(calls)}"  # each call a fresh tree
        root.mkdir()
        write_tree(root, files)
        options = {"root": str(root)}
        for key, value in settings.items():
            options[key] = tuple(value) if isinstance(value, list) else value
        # each tree is new, so a cache could only be written, never read: the cache has its
        # own tests (tests/engine/test_engine.py)
        result = run([str(root / p) for p in (paths or [""])], Settings(**options), cache=False)
        return [
            (os.path.relpath(f.span.path, root).replace(os.sep, "/"), f.span.line, f.code)
            for f in result.findings
        ]

    return _lint


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
