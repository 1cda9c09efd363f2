"""Fixtures of the `toollint usage` tests."""
from __future__ import annotations

import pytest

from lintcase import write_tree
from usagecase import SOURCE


@pytest.fixture
def project(tmp_path, monkeypatch):
    write_tree(tmp_path, SOURCE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path
