"""The engine tests' fixtures: a generated monorepo and examples/ as a project, built once a
run (the tests only read them), and a cache folder of the test's own."""
from __future__ import annotations

import sys

import pytest

from enginecase import REPO
# pytest names every folder's conftest.py `conftest` and the last one loaded wins, so each
# re-exports the shared helpers: `from conftest import toollint` works in any test module
from lintcase import FINDING_LINE, parse_findings, toollint, toollint_process, write_tree  # noqa: F401

sys.path.insert(0, str(REPO / "benchmarks"))
import generate  # noqa: E402


@pytest.fixture(scope="session")
def tree(tmp_path_factory):
    """A small generated monorepo: every agent kind, ordinary modules, some false positives."""
    root = tmp_path_factory.mktemp("mono")
    generate.generate(str(root), files=100, tool_share=0.25, seed=7)
    return root


@pytest.fixture(scope="session")
def examples(tmp_path_factory):
    """examples/ as a project of its own (in the repo its root is the repo, tests and all)."""
    import shutil

    root = tmp_path_factory.mktemp("examples") / "examples"
    shutil.copytree(REPO / "examples", root, ignore=shutil.ignore_patterns("__pycache__", ".toollint_cache"))
    (root / "pyproject.toml").write_text("")
    return root


@pytest.fixture
def isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLLINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("TOOLLINT_NO_CACHE", raising=False)
    return tmp_path / "cache"
