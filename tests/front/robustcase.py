"""Running toollint on hostile input, for the test_robustness_*.py modules: in this process
(check), in this process under a watchdog for what could only hang it (check_within), or in a
subprocess with a timeout for what could crash it or that only a process shows (toollint).
_assert_inert: the output holds no byte a terminal or a CI log acts on beyond our own."""
from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from lintcase import FINDING_LINE, parse_findings
from toollint.commands.cli import main


GOOD = 'TOOLS = [{"name": "good_tool", "input_schema": {"type": "object", "properties": {}}}]\n'
GOOD_FINDING = ("TL101", 1)  # the good file's one finding: (code, line)
LINE = FINDING_LINE


# --- running toollint ------------------------------------------------------------------------


def check(*args: str) -> Tuple[int, str, str]:
    """`toollint check ARGS` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["check", "--color", "never", *args])
        except SystemExit as exc:  # argparse
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def check_within(seconds: float, *args: str, cwd) -> subprocess.CompletedProcess:
    """`toollint check ARGS` in this process, failing the test instead of hanging the suite
    when it has not finished after `seconds` (the run is left behind in a daemon thread)."""
    import inproc

    box: Dict[str, object] = {}

    def run() -> None:
        try:
            box["result"] = inproc.toollint("check", *args, cwd=cwd, env={"NO_COLOR": "1", "FORCE_COLOR": None})
        except BaseException as exc:  # a test failure, not a dead thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"toollint check {' '.join(args)} still running after {seconds} s")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["result"]  # type: ignore[return-value]


def toollint(*args: str, cwd, timeout: float = 120) -> subprocess.CompletedProcess:
    """`toollint check ARGS` in a subprocess, for inputs that could crash or hang it."""
    env = dict(os.environ, NO_COLOR="1")
    env.pop("FORCE_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "toollint", "check", *args], cwd=str(cwd), env=env, timeout=timeout,
        capture_output=True, encoding="utf-8", errors="replace",
    )


def by_file(stdout: str) -> Dict[str, List[Tuple[str, int]]]:
    out: Dict[str, List[Tuple[str, int]]] = {}
    for path, line, _, code, _ in parse_findings(stdout):
        out.setdefault(os.path.basename(path), []).append((code, line))
    return out


def assert_no_crash(result: subprocess.CompletedProcess) -> None:
    assert result.returncode in (0, 1), (result.returncode, result.stderr[-2000:])
    for word in ("Traceback", "RecursionError", "internal error", "Segmentation"):
        assert word not in result.stdout + result.stderr, (result.stdout + result.stderr)[-2000:]


def project(root: Path, files: Dict[str, object]) -> Path:
    """Write files (str: text, bytes: raw) under root, with a marker so root is the project."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text("")
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def _strip_sgr(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _assert_inert(out: str, fmt: str) -> None:
    """No byte a terminal acts on beyond our own colour codes, and no CI log command but ours."""
    text = _strip_sgr(out) if fmt == "full-color" else out
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]", text), \
        repr([c for c in text if ord(c) < 32 and c not in "\n\t"][:5])
    for line in out.splitlines():
        if fmt != "github":
            assert not line.strip().startswith("::"), line
        assert "##[" not in line and "##vso[" not in line, line
