"""`toollint check --changed-since REF` against real git repositories, through the CLI
(in this process, tests/inproc.py: toollint's own git commands are real subprocesses)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import inproc
import pytest

from gitrepo import HANDLERS, PYPROJECT, ROUTER, clean_env, clean_env_changes, git, tools_module, write

LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<code>TL\d{3}) ")


def toollint(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return inproc.toollint(*args, cwd=cwd, env=clean_env_changes())


def found(stdout: str) -> List[Tuple[str, int, str]]:
    out = []
    for line in stdout.splitlines():
        m = LINE.match(line)
        assert m, f"not a finding line: {line!r}"
        out.append((m["path"], int(m["line"]), m["code"]))
    return out


def undescribed(name: str) -> str:
    """A module whose one tool has no description: TL101 on line 1."""
    return f'TOOLS = [{{"name": "{name}", "input_schema": {{"type": "object", "properties": {{}}}}}}]\n'


def described(name: str) -> str:
    return (f'TOOLS = [{{"name": "{name}", "description": "Ping the service. Call this when the user '
            f'asks whether it is up.", "input_schema": {{"type": "object", "properties": {{}}}}}}]\n')




def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.fixture
def repo(base_repo: Path, tmp_path: Path) -> Path:
    """A copy of base_repo of each test's own: git init and the base commit once a module."""
    root = tmp_path / "repo"
    shutil.copytree(base_repo, root, symlinks=True)
    return root


@pytest.fixture(scope="module")
def base_repo(tmp_path_factory) -> Path:
    """A repository whose base branch `main` holds a clean agent plus modules to change,
    checked out on a new branch `feature`."""
    root = tmp_path_factory.mktemp("changed") / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test")
    git(root, "config", "user.email", "test@example.com")
    git(root, "config", "commit.gpgsign", "false")
    write(root, "pyproject.toml", PYPROJECT)
    write(root, ".gitignore", "ignored.py\n")
    write(root, "agent/__init__.py", "")
    write(root, "agent/tools.py", tools_module("lookup_order", "issue_refund"))
    write(root, "agent/router.py", ROUTER)
    write(root, "agent/handlers.py", HANDLERS)
    for name in ("committed", "staged", "unstaged", "renamed", "deleted", "legacy"):
        write(root, f"{name}.py", described(name))
    write(root, "legacy.py", undescribed("legacy"))  # an old defect nobody touches
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "base")
    git(root, "checkout", "-q", "-b", "feature")
    return root


def test_committed_staged_unstaged_and_untracked_changes_are_checked(repo):
    write(repo, "committed.py", undescribed("committed"))
    git(repo, "commit", "-q", "-am", "feature work")
    write(repo, "staged.py", undescribed("staged"))
    git(repo, "add", "staged.py")
    write(repo, "unstaged.py", undescribed("unstaged"))
    write(repo, "untracked.py", undescribed("untracked"))
    write(repo, "ignored.py", undescribed("ignored"))
    write(repo, "notes.txt", undescribed("notes"))  # not Python

    result = toollint(repo, "check", "--changed-since", "main")
    assert result.returncode == 1, result.stderr
    assert found(result.stdout) == [
        ("committed.py", 1, "TL101"),
        ("staged.py", 1, "TL101"),
        ("unstaged.py", 1, "TL101"),
        ("untracked.py", 1, "TL101"),
    ]
    assert re.fullmatch(r"Checked [^\n]*\.\n", result.stderr), result.stderr  # the summary, nothing else


def test_base_branch_commits_after_the_fork_do_not_count(repo):
    # main moves on after feature forked: legacy.py changes there, not on feature. Diffing
    # against main's tip would drag legacy.py (and its old defect) into feature's check.
    git(repo, "checkout", "-q", "main")
    write(repo, "legacy.py", undescribed("legacy") + "# touched on main\n")
    write(repo, "mainline.py", undescribed("mainline"))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "main moves on")
    git(repo, "checkout", "-q", "feature")
    write(repo, "committed.py", undescribed("committed"))
    git(repo, "commit", "-q", "-am", "feature work")

    result = toollint(repo, "check", "--changed-since", "main")
    assert found(result.stdout) == [("committed.py", 1, "TL101")]
    assert result.returncode == 1


def test_renamed_files_count_under_their_new_name_and_deleted_ones_are_skipped(repo):
    git(repo, "mv", "renamed.py", "pkg_new_name.py")
    write(repo, "pkg_new_name.py", undescribed("renamed"))
    git(repo, "rm", "-q", "deleted.py")
    git(repo, "commit", "-q", "-am", "rename and delete")
    git(repo, "mv", "committed.py", "moved in index.py")  # staged rename, a space in the name
    write(repo, "moved in index.py", undescribed("committed"))
    (repo / "unstaged.py").unlink()  # deleted in the working tree only
    git(repo, "rm", "-q", "staged.py")  # deletion staged

    result = toollint(repo, "check", "--changed-since", "main")
    assert re.fullmatch(r"Checked [^\n]*\.\n", result.stderr), result.stderr  # the summary, nothing else
    assert found(result.stdout) == [("moved in index.py", 1, "TL101"), ("pkg_new_name.py", 1, "TL101")]
    assert result.returncode == 1


def test_only_deletions_and_non_python_changes_is_a_clean_run(repo):
    git(repo, "rm", "-q", "deleted.py")
    write(repo, "README.md", "# demo\n")
    git(repo, "add", "README.md")
    git(repo, "commit", "-q", "-m", "docs")
    result = toollint(repo, "check", "--changed-since", "main")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_unicode_file_names_survive(repo):
    write(repo, "outils_é.py", undescribed("outil"))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "non-ASCII name")
    result = toollint(repo, "check", "--changed-since", "main")
    assert found(result.stdout) == [("outils_é.py", 1, "TL101")]


def test_paths_restrict_the_changed_files(repo):
    write(repo, "committed.py", undescribed("committed"))
    write(repo, "sub/inner.py", undescribed("inner"))
    write(repo, "subway.py", undescribed("subway"))  # shares a prefix with sub/, is not under it

    result = toollint(repo, "check", "--changed-since", "main", "sub")
    assert found(result.stdout) == [("sub/inner.py", 1, "TL101")]
    result = toollint(repo, "check", "--changed-since", "main", "sub", "committed.py")
    assert found(result.stdout) == [("committed.py", 1, "TL101"), ("sub/inner.py", 1, "TL101")]
    result = toollint(repo, "check", "--changed-since", "main", "nope")
    assert result.returncode == 2
    assert result.stderr == "toollint: error: nope: no such file or directory\n"


def test_from_a_subfolder_paths_are_relative_to_it(repo):
    write(repo, "committed.py", undescribed("committed"))
    write(repo, "sub/inner.py", undescribed("inner"))
    # as `toollint check` with no path checks '.', so does --changed-since without one
    result = toollint(repo / "sub", "check", "--changed-since", "main")
    assert found(result.stdout) == [("inner.py", 1, "TL101")]
    result = toollint(repo / "sub", "check", "--changed-since", "main", "..")
    # outside the working folder the engine may print absolute paths: compare the files
    where = [(os.path.relpath(os.path.join(repo / "sub", path), repo), line, code)
             for path, line, code in found(result.stdout)]
    assert sorted(where) == [("committed.py", 1, "TL101"), ("sub/inner.py", 1, "TL101")]


def test_nothing_changed_exits_zero_silently(repo):
    result = toollint(repo, "check", "--changed-since", "main")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_group_findings_in_modules_that_did_not_change(repo):
    # The old defect in legacy.py (its own group, untouched) is not reported.
    text = tools_module("lookup_order")  # issue_refund removed; the untouched router still lists it
    write(repo, "agent/tools.py", text)
    git(repo, "commit", "-q", "-am", "drop issue_refund")
    result = toollint(repo, "check", "--changed-since", "main")
    assert "legacy.py" not in result.stdout
    assert ("agent/router.py", line_of(ROUTER, '"issue_refund"'), "TL306") in found(result.stdout)
    assert result.returncode == 1


def test_group_findings_when_a_tool_is_added_without_a_category(repo):
    text = tools_module("lookup_order", "issue_refund", "cancel_order")
    write(repo, "agent/tools.py", text)  # unstaged: the working tree counts
    result = toollint(repo, "check", "--changed-since", "main")
    assert found(result.stdout) == [("agent/tools.py", line_of(text, '"cancel_order"'), "TL305")]
    assert result.returncode == 1


def test_outside_a_repository_is_a_usage_error(tmp_path):
    write(tmp_path, "a.py", undescribed("a"))
    proc = subprocess.run([sys.executable, "-m", "toollint", "check", "--changed-since", "main"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=clean_env(GIT_CEILING_DIRECTORIES=str(tmp_path.parent)))
    assert proc.returncode == 2
    assert proc.stderr == "toollint: error: --changed-since: not inside a git repository\n"
    assert proc.stdout == ""


@pytest.mark.parametrize("ref", ["origin/nope", "--all", "main:pyproject.toml"])
def test_unknown_revision_is_a_usage_error(repo, ref):
    result = toollint(repo, "check", f"--changed-since={ref}")
    assert result.returncode == 2
    assert result.stderr == f"toollint: error: --changed-since: unknown revision {ref!r}\n"
    assert result.stdout == ""


def test_unrelated_history_has_no_merge_base(repo):
    git(repo, "checkout", "-q", "--orphan", "island")
    git(repo, "commit", "-q", "-m", "unrelated")
    result = toollint(repo, "check", "--changed-since", "main")
    assert result.returncode == 2
    assert result.stderr.startswith("toollint: error: --changed-since: no merge base of 'main' and HEAD")
    assert result.stderr.count("\n") == 1


def test_ref_can_be_any_commit(repo):
    write(repo, "committed.py", undescribed("committed"))
    git(repo, "commit", "-q", "-am", "one")
    write(repo, "staged.py", undescribed("staged"))
    git(repo, "commit", "-q", "-am", "two")
    result = toollint(repo, "check", "--changed-since", "HEAD~1")
    assert found(result.stdout) == [("staged.py", 1, "TL101")]
    sha = git(repo, "rev-parse", "main").strip()
    result = toollint(repo, "check", "--changed-since", sha)
    assert found(result.stdout) == [("committed.py", 1, "TL101"), ("staged.py", 1, "TL101")]


def test_excluded_folders_stay_excluded(repo):
    # A full run skips build/ (a default exclude); checking only the changed files must not
    # report more than a full run would.
    write(repo, "build/generated.py", undescribed("generated"))
    result = toollint(repo, "check", "--changed-since", "main")
    assert (result.returncode, result.stdout) == (0, "")

