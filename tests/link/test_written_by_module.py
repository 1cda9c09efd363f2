"""definition_at reads one module for a tool's definition as written: it finds what the
map over every module finds, for every tool of every test project and the examples."""
from __future__ import annotations

import os

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import build
from toollint.link.written import definition_at, definitions_by_span

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(HERE)
FOLDERS = sorted(os.path.join(HERE, "projects", name) for name in os.listdir(os.path.join(HERE, "projects"))
                 if os.path.isdir(os.path.join(HERE, "projects", name))) + [os.path.join(ROOT, "examples")]


@pytest.mark.parametrize("folder", FOLDERS, ids=os.path.basename)
def test_one_module_gives_the_definition_all_modules_give(folder):
    project = build([folder], Settings(), jobs=1, cache=False).project
    if project is None:
        return
    whole = definitions_by_span(project)
    spans = [t.span for g in project.groups for t in g.tools] + list(whole)
    for span in spans:
        assert definition_at(project, span) is whole.get(span), span
