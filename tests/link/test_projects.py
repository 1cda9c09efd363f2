"""Scenario trees in tests/projects/: each form real agent code declares tools in.

Each folder holds a small project and expected.txt, the exact findings
(`path:line:col: CODE`) of the rules that judge extraction; an empty expected.txt is a
scenario that must yield nothing.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import run

PROJECTS = Path(__file__).resolve().parents[1] / "projects"
# Rules whose findings depend on where tools, handlers and routers were found.
CODES = ("TL101", "TL102", "TL103", "TL104", "TL203", "TL204", "TL205", "TL206",
         "TL301", "TL302", "TL303", "TL304", "TL305", "TL306")


@pytest.mark.parametrize("name", sorted(p.name for p in PROJECTS.iterdir() if p.is_dir()))
def test_project(name, monkeypatch):
    root = PROJECTS / name
    monkeypatch.chdir(root)
    result = run(["."], Settings(select=CODES, root="."), cache=False)  # the findings, not a cache's
    got = [f"{f.span.path.replace(os.sep, '/')}:{f.span.line}:{f.span.col}: {f.code}" for f in result.findings]
    expected = [line for line in (root / "expected.txt").read_text().splitlines() if line.strip()]
    assert got == expected
