"""Issue 18's corpus: scenario trees in tests/projects/ in the shapes of real agent code
(dispatch chains read in part, names sent on to another dispatcher, tool-call records,
assertions, factories, a project's own register_tool, handlers in a third module, tools
sent alone). Each folder with an expected_all.txt is checked with every default rule:
any finding not in that reviewed list fails, as does any listed one that goes missing.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import run

PROJECTS = Path(__file__).resolve().parents[1] / "projects"
CORPUS = sorted(p.name for p in PROJECTS.iterdir() if (p / "expected_all.txt").exists())


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_project(name, monkeypatch):
    root = PROJECTS / name
    monkeypatch.chdir(root)
    result = run(["."], Settings(root="."), cache=False)
    got = [f"{f.span.path.replace(os.sep, '/')}:{f.span.line}:{f.span.col}: {f.code} {f.message}"
           for f in result.findings]
    expected = [line for line in (root / "expected_all.txt").read_text().splitlines() if line.strip()]
    assert got == expected


def test_corpus_is_not_empty():
    assert len(CORPUS) >= 6
