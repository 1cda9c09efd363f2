"""Issue 19, adopting toollint in a real repository: the nearest configuration per file,
`extend`, .gitignore, --show-files/--show-settings, and where machine formats and the
cache put paths; end to end through the CLI on real git repositories."""
from __future__ import annotations

import json

import pytest

from lintcase import parse_findings, write_tree
from gitrepo import new_repo, tools_module

# A label description (TL102, line 5) and a name with a space (TL301, line 3).
BAD = '''
TOOLS = [
    {
        "name": "get order",
        "description": (
            "Get order."
        ),
        "input_schema": {"type": "object", "properties": {}},
    },
]
'''


@pytest.fixture
def toollint(monkeypatch):
    """`toollint ARGS` in this process (tests/inproc.py), colour off."""
    import inproc

    monkeypatch.setenv("NO_COLOR", "1")
    return inproc.toollint


def found(result):
    assert result.returncode in (0, 1), result.stderr
    return sorted((path, code) for path, _, _, code, _ in parse_findings(result.stdout))


def one_line_error(result, needle: str) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("toollint: error: ") and needle in lines[0], result.stderr


def settings_path(result) -> str:
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("Settings path: "))
    return line[len("Settings path: "):]


# --- nearest configuration per file ------------------------------------------------------


def test_each_file_is_checked_with_its_nearest_pyproject(tmp_path, toollint):
    repo = new_repo(tmp_path / "repo")
    write_tree(repo, {
        "pyproject.toml": '[tool.toollint]\nignore = ["TL301"]\n',
        "top.py": BAD,
        "services/billing/pyproject.toml": '[tool.toollint]\nignore = ["TL102"]\n',
        "services/billing/tools.py": BAD,
        # a pyproject without the table is not a configuration: the root's applies
        "services/shipping/pyproject.toml": '[project]\nname = "shipping"\n',
        "services/shipping/tools.py": BAD,
    })
    expected = [("services/billing/tools.py", "TL301"), ("services/shipping/tools.py", "TL102"),
                ("top.py", "TL102")]
    assert found(toollint("check", cwd=repo)) == expected
    # the same from a subfolder, and for files named one by one
    assert found(toollint("check", "billing", cwd=repo / "services")) == [("billing/tools.py", "TL301")]
    assert found(toollint("check", "top.py", "services/billing/tools.py", cwd=repo)) == [
        ("services/billing/tools.py", "TL301"), ("top.py", "TL102")]
    # --config FILE: one configuration for every file
    assert found(toollint("check", "--config", "pyproject.toml", cwd=repo)) == [
        ("services/billing/tools.py", "TL102"), ("services/shipping/tools.py", "TL102"), ("top.py", "TL102")]
    assert len(found(toollint("check", "--isolated", cwd=repo))) == 6


def test_a_nested_configuration_excludes_its_own_files(tmp_path, toollint):
    write_tree(tmp_path, {
        "pyproject.toml": "[tool.toollint]\n",
        "top.py": BAD,
        "vendored/toollint.toml": 'extend-exclude = ["tools.py"]\n',
        "vendored/tools.py": BAD,
    })
    assert {p for p, _ in found(toollint("check", cwd=tmp_path))} == {"top.py"}
    assert toollint("check", "--show-files", cwd=tmp_path).stdout.splitlines() == ["top.py"]


def test_a_group_is_judged_with_the_settings_of_its_project(tmp_path, toollint):
    # TL307 judges a whole tool list: the sub-project's limit applies to its group only
    repo = new_repo(tmp_path / "repo")
    three = tools_module("lookup_order", "issue_refund", "escalate")
    write_tree(repo, {
        "pyproject.toml": '[tool.toollint]\nselect = ["TL307"]\n',
        "agent/tools.py": three,
        "sub/pyproject.toml": '[tool.toollint]\nselect = ["TL307"]\nmax-tools-per-turn = 2\n',
        "sub/agent/tools.py": three,
    })
    assert found(toollint("check", cwd=repo)) == [("sub/agent/tools.py", "TL307")]
    assert found(toollint("check", "--max-tools-per-turn", "2", cwd=repo)) == [
        ("agent/tools.py", "TL307"), ("sub/agent/tools.py", "TL307")]


def test_dot_toollint_toml_then_toollint_toml_then_pyproject_in_one_folder(tmp_path, toollint):
    write_tree(tmp_path, {
        "pyproject.toml": '[tool.toollint]\nignore = ["TL301"]\n',
        "toollint.toml": 'ignore = ["TL102"]\n',
        ".toollint.toml": 'select = ["TL301"]\nignore = []\n',
        "tools.py": BAD,
    })
    shown = toollint("check", "--show-settings", cwd=tmp_path)
    assert settings_path(shown) == str(tmp_path / ".toollint.toml")
    assert found(toollint("check", cwd=tmp_path)) == [("tools.py", "TL301")]
    (tmp_path / ".toollint.toml").unlink()
    assert found(toollint("check", cwd=tmp_path)) == [("tools.py", "TL301")]  # toollint.toml: ignore TL102
    assert settings_path(toollint("check", "--show-settings", cwd=tmp_path)) == str(tmp_path / "toollint.toml")
    (tmp_path / "toollint.toml").unlink()
    assert found(toollint("check", cwd=tmp_path)) == [("tools.py", "TL102")]
    # a toollint.toml is a configuration whatever it holds, as ruff.toml is for ruff
    write_tree(tmp_path, {"sub/toollint.toml": "", "sub/tools.py": BAD})
    assert found(toollint("check", "sub", cwd=tmp_path)) == [("sub/tools.py", "TL102"), ("sub/tools.py", "TL301")]


def test_extend_starts_from_another_configuration(tmp_path, toollint):
    write_tree(tmp_path, {
        "pyproject.toml": '[tool.toollint]\nignore = ["TL301"]\nmax-tools-per-turn = 7\n',
        "pkg/toollint.toml": 'extend = "../pyproject.toml"\nextend-select = ["TL002"]\n',
        "pkg/tools.py": BAD,
        "other/pyproject.toml": '[tool.toollint]\nextend = "../pkg/toollint.toml"\nmax-tools-per-turn = 3\n',
        "other/tools.py": BAD,
    })
    assert found(toollint("check", cwd=tmp_path)) == [("other/tools.py", "TL102"), ("pkg/tools.py", "TL102")]
    shown = toollint("check", "--show-settings", "other/tools.py", cwd=tmp_path)
    assert settings_path(shown) == str(tmp_path / "other" / "pyproject.toml")
    lines = shown.stdout.splitlines()
    assert f"Extends: {tmp_path / 'pyproject.toml'} <- {tmp_path / 'pkg' / 'toollint.toml'} <- " \
           f"{tmp_path / 'other' / 'pyproject.toml'}" in lines
    assert "max-tools-per-turn = 3" in lines and 'ignore = ["TL301"]' in lines
    assert 'extend-select = ["TL002"]' in lines and f'root = "{tmp_path / "other"}"' in lines
    assert '"TL002"' in next(line for line in lines if line.startswith("enabled = "))


def test_extend_errors_exit_2_with_one_line(tmp_path, toollint):
    write_tree(tmp_path, {
        "a/toollint.toml": 'extend = "../b/toollint.toml"\n',
        "b/toollint.toml": 'extend = "../a/toollint.toml"\n',
        "a/tools.py": BAD,
        "c/toollint.toml": 'extend = "missing.toml"\n',
        "c/tools.py": BAD,
        "d/toollint.toml": "extend = 3\n",
        "d/tools.py": BAD,
    })
    one_line_error(toollint("check", "a", cwd=tmp_path), "cycle")
    one_line_error(toollint("check", "c", cwd=tmp_path), "missing.toml")
    one_line_error(toollint("check", "d", cwd=tmp_path), "'extend' must be")


# --- what is checked: .gitignore ----------------------------------------------------------


def _ignored_tree(repo):
    write_tree(repo, {
        ".gitignore": "generated/\n*.tmp.py\n",
        "src/tools.py": BAD,
        "src/draft.tmp.py": BAD,
        "generated/tools.py": BAD,
        "src/proto/.gitignore": "*_pb2.py\n!keep_pb2.py\n",
        "src/proto/api_pb2.py": BAD,
        "src/proto/keep_pb2.py": BAD,
        "scratch.py": BAD,
    })
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "exclude").write_text("scratch.py\n")


ALL_FILES = ["generated/tools.py", "scratch.py", "src/draft.tmp.py", "src/proto/api_pb2.py",
             "src/proto/keep_pb2.py", "src/tools.py"]


def test_gitignore_nested_files_and_info_exclude_are_respected(tmp_path, toollint):
    repo = new_repo(tmp_path / "repo")
    _ignored_tree(repo)
    shown = toollint("check", "--show-files", cwd=repo)
    assert shown.returncode == 0 and shown.stdout.splitlines() == ["src/proto/keep_pb2.py", "src/tools.py"]
    assert sorted({p for p, _ in found(toollint("check", cwd=repo))}) == ["src/proto/keep_pb2.py", "src/tools.py"]
    # from a subfolder, the .gitignore files above it still apply
    assert toollint("check", "--show-files", ".", cwd=repo / "src").stdout.splitlines() == [
        "proto/keep_pb2.py", "tools.py"]
    assert toollint("check", "--show-files", "--no-respect-gitignore", cwd=repo).stdout.splitlines() == ALL_FILES
    (repo / "pyproject.toml").write_text("[tool.toollint]\nrespect-gitignore = false\n")
    assert toollint("check", "--show-files", cwd=repo).stdout.splitlines() == ALL_FILES
    assert toollint("check", "--show-files", "--respect-gitignore", cwd=repo).stdout.splitlines() == [
        "src/proto/keep_pb2.py", "src/tools.py"]


def test_an_ignored_file_named_explicitly_is_checked_unless_force_exclude(tmp_path, toollint):
    repo = new_repo(tmp_path / "repo")
    _ignored_tree(repo)
    assert found(toollint("check", "generated/tools.py", cwd=repo)) == [
        ("generated/tools.py", "TL102"), ("generated/tools.py", "TL301")]
    result = toollint("check", "--force-exclude", "generated/tools.py", "src/proto/api_pb2.py", "scratch.py",
                      "src/tools.py", cwd=repo)
    assert {p for p, _ in found(result)} == {"src/tools.py"}
    # a folder named explicitly is walked, even an ignored one (as ruff does)
    assert toollint("check", "--show-files", "generated", cwd=repo).stdout.splitlines() == ["generated/tools.py"]


def test_gitignore_is_read_only_inside_a_git_work_tree(tmp_path, toollint):
    # a stray .gitignore (a home folder's, say) does not hide a project that is no repository
    write_tree(tmp_path, {".gitignore": "*\n", "tools.py": BAD})
    assert toollint("check", "--show-files", cwd=tmp_path).stdout.splitlines() == ["tools.py"]


# --- report paths and the cache ------------------------------------------------------------


def test_machine_formats_name_files_from_the_repository_top(tmp_path, toollint):
    repo = new_repo(tmp_path / "repo")
    write_tree(repo, {"services/billing/pyproject.toml": '[tool.toollint]\nselect = ["TL301"]\n',
                      "services/billing/tools.py": BAD})
    for cwd in (repo, repo / "services"):
        github = toollint("check", "services/billing" if cwd == repo else "billing", "--output-format", "github",
                          cwd=cwd)
        assert "file=services/billing/tools.py," in github.stdout, github.stdout
        sarif = json.loads(toollint("check", "--output-format", "sarif", cwd=cwd).stdout)
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]}
        assert uris == {"services/billing/tools.py"}
        gitlab = json.loads(toollint("check", "--output-format", "gitlab", cwd=cwd).stdout)
        assert {issue["location"]["path"] for issue in gitlab} == {"services/billing/tools.py"}


def test_without_a_project_marker_the_cache_goes_to_the_user_cache_folder(tmp_path, monkeypatch, toollint):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "xdg"))
    monkeypatch.delenv("TOOLLINT_CACHE_DIR", raising=False)
    monkeypatch.delenv("TOOLLINT_NO_CACHE", raising=False)
    loose = tmp_path / "loose"
    write_tree(loose, {"scripts/tools.py": BAD})
    before = sorted(p.relative_to(loose) for p in loose.rglob("*"))
    assert found(toollint("check", "scripts", cwd=loose))
    assert sorted(p.relative_to(loose) for p in loose.rglob("*")) == before  # nothing written beside the files
    projects = home / "xdg" / "toollint" / "projects"
    assert [p.name for p in projects.iterdir()] and any(projects.rglob("facts"))
    # in a repository, the cache is the project's, at its root
    repo = new_repo(tmp_path / "repo")
    write_tree(repo, {"scripts/tools.py": BAD})
    assert found(toollint("check", "scripts", cwd=repo))
    assert (repo / ".toollint_cache" / "CACHEDIR.TAG").is_file()


def test_one_configuration_walks_the_tree_once(tmp_path, toollint, monkeypatch):
    # the command's walk (which finds each folder's configuration) is the engine's too
    import toollint.front.discover as discover

    write_tree(tmp_path, {"pyproject.toml": "[tool.toollint]\n", "a/tools.py": BAD, "b/tools.py": BAD})
    walks = []
    real = discover._walk
    monkeypatch.setattr(discover, "_walk", lambda top, *rest: walks.append(top) or real(top, *rest))
    assert len(found(toollint("check", ".", cwd=tmp_path))) == 4
    assert walks == ["."]
    walks.clear()
    assert toollint("check", "--show-files", ".", cwd=tmp_path).stdout.splitlines() == ["a/tools.py", "b/tools.py"]
    (tmp_path / "b" / "tools.py").unlink()  # a walk handed over and not used is not served later
    assert {p for p, _ in found(toollint("check", ".", cwd=tmp_path))} == {"a/tools.py"}
