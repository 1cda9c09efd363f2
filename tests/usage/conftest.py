"""Fixtures of the `toollint usage` tests."""
from __future__ import annotations

import pytest

# pytest names every folder's conftest.py `conftest` and the last one loaded wins, so each
# re-exports the shared helpers: `from conftest import toollint` works in any test module
from lintcase import FINDING_LINE, parse_findings, toollint, toollint_process, write_tree  # noqa: F401
from usagecase import SOURCE


@pytest.fixture
def project(tmp_path, monkeypatch):
    write_tree(tmp_path, SOURCE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path
