"""Every fix a corpus is offered applies: `toollint check` marks `[*]` on every enabled fix
without applying it (as ruff does; applying each was a fifth of a cold run), so these
tests keep that mark true in practice. Corpora: the rule pages' blocks of the rules with
a fix, tests/fix/cases, examples/, every tests/projects scenario; the slow ones add the
framework recordings' sources and the benchmark's 600-file tree (16 fixes).

A fix that does not apply after all is refused by --fix with a warning that says why
(the fix_loop tests at the end)."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

from tests.rules.test_rule_docs import CASES as PAGE_BLOCKS, RULES_DIR
from toollint.config import load as config
from toollint.config.settings import Settings
from toollint.engine.core import run
from toollint.fix import ADD_DEFAULT, REMOVE_ITEM, Edit, Fix
from toollint.fix.apply import BREAKS, MOVED
from toollint.fix.command import fix_loop
from toollint.fix.policy import verified
from toollint.model import Finding, Span
from toollint.rulekit.registry import rule_names

REPO = Path(__file__).parents[2]
FIXING_PAGES = sorted({b.values[0].page for b in PAGE_BLOCKS
                       if "\n## Fix\n" in (Path(RULES_DIR) / b.values[0].page).read_text(encoding="utf-8")})


def _offered(root: Path, settings: Optional[Settings] = None) -> Tuple[int, List[str]]:
    """(fixes offered in a run on `root`, the findings whose fix does not apply)."""
    if settings is None:
        settings = config.load(config.find_config([str(root)]), isolated=True, overrides={}, rules=rule_names())
    found = run([str(root)], settings, cache=False, jobs=1).findings
    assert [f for f in found if f.code == "TL001"] == []  # a crash would offer no fix at all
    findings = [f for f in found if f.fix is not None]
    # what --fix prints as remaining: the fixes it found not to apply lose theirs
    return len(findings), [f"{f.span.path}:{f.span.line} {f.code} {f.fix.message}"
                           for f, kept in zip(findings, verified(findings)) if kept.fix is None]


def test_the_rule_pages_with_a_fix_offer_fixes_that_apply(tmp_path):
    assert len(FIXING_PAGES) >= 8, FIXING_PAGES  # TL003, TL202-TL205, TL209, TL210, TL306
    offered = 0
    for block in (b.values[0] for b in PAGE_BLOCKS if b.values[0].page in FIXING_PAGES):
        folder = tmp_path / f"{block.code}-{block.section[:3]}-{block.index}"
        folder.mkdir()
        (folder / "example.py").write_text(block.source, encoding="utf-8")
        # the page's rule alone, as its test runs it; unused-noqa judges against the default set
        select = {"extend_select" if block.code == "TL003" else "select": (block.code,)}
        n, bad = _offered(folder, Settings(**select, root=str(folder)))
        offered += n
        assert bad == [], f"{block.page} line {block.first_line}"
    assert offered >= 8  # each page's Example offers its fix


def test_the_fix_cases_offer_fixes_that_apply(tmp_path):
    offered = 0
    for case in sorted((REPO / "tests" / "fix" / "cases").glob("*_before.py")):
        folder = tmp_path / case.stem
        folder.mkdir()
        shutil.copyfile(case, folder / "tools.py")
        n, bad = _offered(folder, Settings(extend_select=("ALL",), root=str(folder)))
        offered += n
        assert bad == [], case.name
    assert offered >= 8


def test_the_scenarios_offer_fixes_that_apply():
    # one test over every tree: most offer no fix, so one each could not fail
    trees = ["examples"] + sorted(f"tests/projects/{p.name}" for p in (REPO / "tests" / "projects").iterdir()
                                  if p.is_dir())
    results = {tree: _offered(REPO / tree) for tree in trees}
    assert sum(n for n, _ in results.values()) >= 4
    assert {tree: bad for tree, (_, bad) in results.items() if bad} == {}


@pytest.mark.slow
@pytest.mark.parametrize("which", ["recordings", "benchmark"])
def test_the_large_corpora_offer_fixes_that_apply(which, tmp_path, monkeypatch):
    if which == "recordings":
        root = REPO / "tests" / "data" / "frameworks" / "sources"
    else:
        monkeypatch.syspath_prepend(str(REPO / "benchmarks"))
        import generate

        generate.generate(str(tmp_path), files=600, seed=0)
        root = tmp_path
    n, bad = _offered(root)
    assert n and bad == []


# --- a fix that does not apply: --fix says so and changes nothing ----------------------

def _finding(edit: Edit) -> Finding:
    return Finding("TL204", "required-not-in-properties", "m", edit.span, fix=Fix("m", "safe", (edit,)))


class _Result:
    def __init__(self, findings):
        self.findings, self.warnings, self.sources = findings, [], {}


def _loop(finding: Finding, source: bytes):
    """--fix on the buffer `source` (the --stdin-filename loop), whose one finding is `finding`."""
    return fix_loop(lambda stdin: _Result([finding] if stdin[1] == source else []), Settings(),
                    write=False, stdin=("tools.py", source))


def test_fix_loop_applies_a_fix_that_applies():
    outcome = _loop(_finding(Edit(REMOVE_ITEM, Span("tools.py", 1, 11, 1, 14), old="y")), b'R = ["x", "y"]\n')
    assert outcome.sources["tools.py"][1] == b'R = ["x"]\n'
    assert outcome.warnings == []


def test_fix_loop_refuses_a_fix_whose_code_moved_and_says_why():
    # the literal there is "y", not the "z" the rule saw: the file changed since
    outcome = _loop(_finding(Edit(REMOVE_ITEM, Span("tools.py", 1, 11, 1, 14), old="z")), b'R = ["x", "y"]\n')
    assert outcome.sources == {}
    assert outcome.warnings == [f"tools.py:1:11: TL204 fix not applied: {MOVED}"]


def test_fix_loop_refuses_a_fix_that_breaks_the_file_and_says_why():
    # a default before a parameter without one: Python would not compile it
    outcome = _loop(_finding(Edit(ADD_DEFAULT, Span("tools.py", 1, 7, 1, 8), text="None")), b"def f(a, b):\n    pass\n")
    assert outcome.sources == {}
    assert outcome.warnings == [f"tools.py:1:7: TL204 fix not applied: {BREAKS}"]


def test_a_refused_fix_is_named_beside_an_applied_one_of_the_same_rule():
    # warnings were keyed by file and rule: one applied TL204 fix silenced the refused one
    source = b'R = ["x", "y", "w"]\n'
    applies = _finding(Edit(REMOVE_ITEM, Span("tools.py", 1, 11, 1, 14), old="y"))
    moved = _finding(Edit(REMOVE_ITEM, Span("tools.py", 1, 16, 1, 19), old="z"))
    outcome = fix_loop(lambda stdin: _Result([applies, moved] if stdin[1] == source else [moved]), Settings(),
                       write=False, stdin=("tools.py", source))
    assert outcome.sources["tools.py"][1] == b'R = ["x", "w"]\n'
    assert outcome.warnings == [f"tools.py:1:16: TL204 fix not applied: {MOVED}"]
