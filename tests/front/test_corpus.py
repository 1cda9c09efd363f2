"""Slow robustness runs (CI runs them): every Python file this interpreter ships or has
installed, and long property-test campaigns.

A file CPython parses must never be TL001 or an internal error: the standard library and
site-packages hold the widest range of real syntax there is (pydoc_data/topics.py's
thousand-part string concatenations, test_grammar.py's odd corners), and libcst has
refused or recursed out on parts of it.
"""
from __future__ import annotations

import ast
import os
import re
import site
import subprocess
import sys
import sysconfig
from concurrent.futures import ProcessPoolExecutor
from typing import List, Tuple

import pytest

pytestmark = pytest.mark.slow


def _roots() -> List[str]:
    paths = sysconfig.get_paths()
    roots = [paths["stdlib"], paths["purelib"], paths["platlib"]]
    roots += site.getsitepackages() if hasattr(site, "getsitepackages") else []
    return sorted({os.path.realpath(r) for r in roots if os.path.isdir(r)})


def corpus_files() -> List[str]:
    stdlib = os.path.realpath(sysconfig.get_paths()["stdlib"])
    out = set()
    for root in _roots():
        for folder, dirs, files in os.walk(root):
            # the interpreter's own site-packages is another root, or not ours to walk
            dirs[:] = sorted(d for d in dirs if not (folder == stdlib and d in ("site-packages", "dist-packages")))
            out.update(os.path.join(folder, f) for f in files if f.endswith(".py"))
    return sorted(out)


def _python_accepts(data: bytes) -> bool:
    try:
        compile(data, "<corpus>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
        return True
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return False


def _check_batch(paths: List[str]) -> List[Tuple[str, str]]:
    """(path, problem) for each file CPython accepts that toollint reports as broken."""
    from toollint.config.settings import Settings
    from toollint.engine.scan import extract_file

    settings = Settings(root="/")
    problems = []
    for path in paths:
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError:
            continue
        if not _python_accepts(data):
            continue
        try:
            # prefilter off: every file is parsed and extracted, not only tool-like ones
            facts = extract_file(path, "corpus_module", False, settings, data=data, prefilter=False)
        except BaseException as exc:  # extract_file never raises: this is the bug to report
            problems.append((path, f"raised {type(exc).__name__}: {exc}"))
            continue
        if facts is not None and facts.error is not None:
            detail = (facts.internal_error or "").strip().splitlines()[-1:] or [""]
            problems.append((path, f"{facts.error.span.line}: {facts.error.message} {detail[0]}"))
    return problems


def test_every_file_of_the_stdlib_and_site_packages_is_read():
    files = corpus_files()
    assert len(files) > 500, files[:5]
    jobs = max(1, min(8, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))
    batches = [files[i::jobs * 8] for i in range(jobs * 8)]
    problems: List[Tuple[str, str]] = []
    with ProcessPoolExecutor(jobs) as pool:
        for found in pool.map(_check_batch, batches):
            problems.extend(found)
    assert problems == [], "\n".join(f"{p}: {m}" for p, m in sorted(problems))


LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>TL\d{3}) (?P<message>.*)$")


def test_the_cli_on_the_whole_standard_library():
    """End to end, as a user would run it: discovery, prefilter, pool, link, rules, output."""
    stdlib = sysconfig.get_paths()["stdlib"]
    env = dict(os.environ, NO_COLOR="1")
    result = subprocess.run(
        [sys.executable, "-m", "toollint", "check", "--isolated", "--no-cache", "--exit-zero", stdlib],
        cwd=stdlib, capture_output=True, encoding="utf-8", errors="replace", env=env, timeout=3000,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "internal error" not in result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    for line in result.stdout.splitlines():
        m = LINE.match(line)
        assert m, line
        if m["code"] == "TL001":
            path = os.path.join(stdlib, m["path"])
            with open(path, "rb") as handle:
                assert not _python_accepts(handle.read()), line


# --- long property-test campaigns: the fast suite runs a few examples of each ------------------


@pytest.mark.parametrize("name, examples", [("registries", 400), ("programs", 150), ("bytes", 400)])
def test_property_campaign(name, examples):
    from test_robustness_properties import property_test

    if name == "programs":
        pytest.importorskip("hypothesmith")
    property_test(name, examples)()
