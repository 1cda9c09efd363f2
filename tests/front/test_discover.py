"""Which files a run checks: folders walked, excludes applied, one spelling per file."""
from __future__ import annotations

import dataclasses
import os

import pytest

from toollint.config.settings import Settings
from toollint.front.discover import discover, is_excluded

LAYOUT = [
    "app/tools.py", "app/agent.py", "app/notes.txt", "app/gen/out.py", "app/gen/keep/deep.py",
    "vendor/lib/x.py", "vendor/top.py", "build/b.py", ".hidden/h.py", "pkg/tools.py",
    "pkg/sub/migrations/m1.py", "pkg/sub/a.py", "tests/test_a.py", "setup.py",
]


@pytest.fixture
def project(tmp_path, monkeypatch):
    for rel in LAYOUT:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    (tmp_path / "odd.py").mkdir()  # a folder named like a module is listed, not walked
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _settings(root, *exclude):
    return dataclasses.replace(Settings(), root=str(root), extend_exclude=tuple(exclude))


def _reference(paths, settings):
    """What discovery means, spelled out slowly: every .py below the paths, hidden folders
    skipped, each file judged by is_excluded against the folder the user named."""
    out = set()
    for top in paths:
        for dirpath, dirnames, filenames in os.walk(top):
            parts = os.path.relpath(dirpath, top).split(os.sep)
            if any(p.startswith(".") and p not in (".", "..") for p in parts):
                continue
            if any(is_excluded(os.path.join(top, *parts[:i + 1]), settings, top)
                   for i in range(len(parts)) if parts[i] != "."):
                continue
            for name in filenames + [d for d in dirnames if d.endswith(".py")]:
                full = os.path.join(dirpath, name)
                if name.endswith(".py") and not is_excluded(full, settings, top):
                    out.add(os.path.normpath(os.path.relpath(full)))
            dirnames[:] = [d for d in dirnames if not d.endswith(".py")]
    return sorted(out)


@pytest.mark.parametrize("exclude", [(), ("gen",), ("tools.py",), ("pkg/sub/*",), ("app/gen/keep",),
                                     ("migrations", "vendor/*.py"), ("*.py",)])
@pytest.mark.parametrize("paths", [["."], ["app", "pkg/"], ["PROJECT"]])
def test_walk_applies_excludes_like_is_excluded(project, exclude, paths):
    paths = [str(project) if p == "PROJECT" else p for p in paths]
    settings = _settings(project, *exclude)
    got = discover(paths, settings)
    assert got == _reference(paths, settings)


def test_default_excludes_and_spelling(project):
    got = discover(["."], _settings(project))
    assert "build/b.py" not in got and "vendor/top.py" in got  # build is a default exclude
    assert ".hidden/h.py" not in got and "odd.py" in got and "app/tools.py" in got
    assert discover([str(project / "app")], _settings(project)) == ["app/agent.py", "app/gen/keep/deep.py",
                                                                   "app/gen/out.py", "app/tools.py"]


def test_a_named_file_is_checked_even_when_excluded(project):
    settings = _settings(project, "gen")
    assert discover(["app/gen/out.py"], settings) == ["app/gen/out.py"]
    assert discover(["app/gen/out.py"], dataclasses.replace(settings, force_exclude=True)) == []


# --- .gitignore (issue 19) ---------------------------------------------------------------


def _git_tree(root, files):
    (root / ".git" / "info").mkdir(parents=True)  # a work tree's top, as git leaves it
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_gitignore_precedence_negation_and_ignored_folders(tmp_path, monkeypatch):
    _git_tree(tmp_path, {
        ".gitignore": "*.gen.py\nout/\n",
        ".git/info/exclude": "/local.py\n",
        "a.py": "", "x.gen.py": "", "local.py": "", "out/o.py": "",
        # a deeper .gitignore overrides a shallower one, and a negation brings a file back
        "sub/.gitignore": "!keep.gen.py\n/local.py\n",
        "sub/keep.gen.py": "", "sub/drop.gen.py": "", "sub/local.py": "", "sub/deep/local.py": "",
        # a file inside a folder git ignores stays ignored: git never looks inside it
        "out/.gitignore": "!o.py\n",
    })
    monkeypatch.chdir(tmp_path)
    settings = _settings(tmp_path)
    assert discover(["."], settings) == ["a.py", "sub/deep/local.py", "sub/keep.gen.py"]
    off = dataclasses.replace(settings, respect_gitignore=False)
    assert discover(["."], off) == ["a.py", "local.py", "out/o.py", "sub/deep/local.py", "sub/drop.gen.py",
                                    "sub/keep.gen.py", "sub/local.py", "x.gen.py"]
    # named files: checked, unless force-exclude, which applies .gitignore (and its folders) too
    named = ["x.gen.py", "out/o.py", "sub/local.py", "a.py"]
    assert discover(named, settings) == sorted(named)
    assert discover(named, dataclasses.replace(settings, force_exclude=True)) == ["a.py"]


def test_each_folder_is_walked_with_its_own_settings(project):
    nested = dataclasses.replace(Settings(), root=str(project / "pkg"), extend_exclude=("a.py",))
    top = _settings(project)

    def settings_for(folder):
        inside = os.path.abspath(folder).startswith(str(project / "pkg"))
        return nested if inside else top

    got = discover(["."], top, settings_for=settings_for)
    assert "pkg/sub/a.py" not in got and "pkg/tools.py" in got
    assert discover(["."], top) == sorted(set(got) | {"pkg/sub/a.py"})


def test_an_empty_path_is_an_error(project):
    from toollint.config.settings import ConfigError

    with pytest.raises(ConfigError, match="empty path"):
        discover([""], _settings(project))
