from __future__ import annotations

import os
import sys
from typing import Dict, List, Tuple

import pytest


def _import_hypothesis_unrewritten() -> None:
    """pytest rewrites the asserts of every module of a distribution that ships a pytest
    plugin, hypothesis's seventy-odd modules included, and caches nothing under
    PYTHONDONTWRITEBYTECODE (the shared development machine): about a second of each run
    went to asserts that are not ours. hypothesis is imported here first, without the
    rewriting hook; the test modules are rewritten as before."""
    try:
        from _pytest.assertion.rewrite import AssertionRewritingHook
    except ImportError:  # pytest's own module, renamed some day: only the second is lost
        return

    hooks = [(i, f) for i, f in enumerate(sys.meta_path) if isinstance(f, AssertionRewritingHook)]
    for _, hook in hooks:
        sys.meta_path.remove(hook)
    try:
        import hypothesis.strategies  # noqa: F401
    finally:
        for i, hook in hooks:
            sys.meta_path.insert(i, hook)


_import_hypothesis_unrewritten()

# A developer's own `toollint daemon` must not answer the commands the tests start: those
# tests are about this checkout's code in a process of its own. tests/commands/test_daemon.py
# starts a daemon of its own and takes the variable out.
os.environ["TOOLLINT_NO_DAEMON"] = "1"

from toollint.config.settings import Settings
from toollint.engine.core import run

# helpers a test module imports live in lintcase.py: pytest names every folder's conftest.py
# `conftest` and the last one loaded wins, so this one and each folder's re-export them for
# the modules that write `from conftest import`.
from lintcase import FINDING_LINE, parse_findings, toollint, toollint_process, write_tree  # noqa: F401


# The scenario trees are code toollint reads, not tests: their test files
# (projects/heldout_shapes/tests/test_validation.py) import frameworks that are not installed.
collect_ignore_glob = ["projects/*"]


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run tests marked slow (CI=true does too)")


def slow_run(config) -> bool:
    return bool(config.getoption("--runslow")) or os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_xdist_auto_num_workers(config):
    """pyproject's `-n auto`: the whole suite (`python -m pytest -q`) runs in one worker per
    CPU; named files, folders or node ids run in this process, where starting workers costs
    more than it saves."""
    if getattr(getattr(config, "args_source", None), "name", "TESTPATHS") != "TESTPATHS":
        return 0
    return None  # xdist's own count


def pytest_configure(config):
    # property tests without their own count: a few examples in the default run, hypothesis's
    # usual hundred where the slow tests run (CI)
    from hypothesis import settings

    settings.register_profile("toollint-fast", max_examples=20)
    settings.register_profile("toollint-ci", max_examples=100)
    settings.load_profile("toollint-ci" if slow_run(config) else "toollint-fast")


def pytest_sessionstart(session):
    # With PYTHONDONTWRITEBYTECODE set (as on the shared development machine) each interpreter
    # a test starts (python -m toollint, -j workers, the language server: some forty a run)
    # compiled toollint afresh, about a third of what a small check costs. They share one
    # bytecode folder outside the tree for the session instead; the tree stays clean.
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
        import tempfile

        session.config._child_pycache = tempfile.mkdtemp(prefix="toollint-tests-pyc-")
        session.config._dont_write = os.environ.pop("PYTHONDONTWRITEBYTECODE")
        os.environ["PYTHONPYCACHEPREFIX"] = session.config._child_pycache


def pytest_sessionfinish(session):
    folder = getattr(session.config, "_child_pycache", None)
    if folder:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("PYTHONPYCACHEPREFIX", None)
        os.environ["PYTHONDONTWRITEBYTECODE"] = session.config._dont_write


def pytest_collection_modifyitems(config, items):
    if slow_run(config):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (CI runs it)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


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
