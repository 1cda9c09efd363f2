"""`--changed-since REF`: the Python files a branch changes, as git sees them.

"Changed" is measured from the merge base of REF and HEAD to the working tree, so that
a branch is judged by its own changes (not by what landed on REF since it forked) and
so that work not yet committed (staged, unstaged, untracked but not ignored) counts too.
Renames count under their new name; deletions leave nothing to check.
"""
from __future__ import annotations

import os
import subprocess
from typing import List, Optional, Sequence

from toollint.config.settings import ConfigError

_PREFIX = "--changed-since"


def _git(args: Sequence[str], cwd: Optional[str] = None) -> subprocess.CompletedProcess:
    # Only reads: optional locks off so that a run never contends with the user's own
    # git (an editor, a prompt) for index.lock, and no pager or prompt can block.
    env = dict(os.environ, GIT_OPTIONAL_LOCKS="0", GIT_TERMINAL_PROMPT="0", GIT_PAGER="cat")
    try:
        return subprocess.run(["git", *args], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    except FileNotFoundError:
        raise ConfigError(f"{_PREFIX}: git is not installed (no 'git' on PATH)") from None
    except OSError as exc:
        raise ConfigError(f"{_PREFIX}: cannot run git: {exc}") from None


def _first_error_line(proc: subprocess.CompletedProcess) -> str:
    for line in os.fsdecode(proc.stderr).splitlines():
        line = line.strip()
        if line:
            return line
    return f"git exited with status {proc.returncode}"


def _split_z(data: bytes) -> List[str]:
    return [os.fsdecode(p) for p in data.split(b"\0") if p]


def _toplevel() -> str:
    proc = _git(["rev-parse", "--is-inside-work-tree", "--show-toplevel"])
    lines = os.fsdecode(proc.stdout).splitlines()
    if proc.returncode != 0 or not lines or lines[0].strip() != "true" or len(lines) < 2:
        raise ConfigError(f"{_PREFIX}: not inside a git repository")
    return lines[1]


def _merge_base(ref: str, top: str) -> str:
    # A REF starting with '-' would be read by git as an option.
    if not ref or ref.startswith("-"):
        raise ConfigError(f"{_PREFIX}: unknown revision {ref!r}")
    proc = _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], cwd=top)
    if proc.returncode != 0:
        raise ConfigError(f"{_PREFIX}: unknown revision {ref!r}")
    commit = os.fsdecode(proc.stdout).strip()
    head = _git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], cwd=top)
    if head.returncode != 0:
        raise ConfigError(f"{_PREFIX}: HEAD has no commit yet, nothing to compare with {ref!r}")
    proc = _git(["merge-base", commit, "HEAD"], cwd=top)
    if proc.returncode != 0:
        # exit 1 without output: the histories share no commit (a shallow clone, say)
        detail = _first_error_line(proc) if proc.stderr.strip() else "no common ancestor"
        raise ConfigError(f"{_PREFIX}: no merge base of {ref!r} and HEAD ({detail}); "
                          "in CI, fetch the full history (e.g. fetch-depth: 0)")
    return os.fsdecode(proc.stdout).strip()


def _under(path: str, roots: Sequence[str]) -> bool:
    return any(path == root or path.startswith(root.rstrip(os.sep) + os.sep) for root in roots)


def changed_files(ref: str, paths: Sequence[str] = ()) -> List[str]:
    """The existing `*.py` files changed between the merge base of `ref` and HEAD and the
    working tree, relative to the working directory, sorted. With `paths`, only the files
    at or under them; without, only those under the working directory (as `check` with no
    path checks '.'). Raises ConfigError outside a git work tree or for an unknown `ref`."""
    top = _toplevel()
    base = _merge_base(ref, top)
    # Run from the top level, where git prints paths relative to it whatever the user's
    # diff.relative or status.relativePaths say, then make them relative to cwd here.
    diff = _git(["diff", "-z", "--name-only", "--no-renames", "--diff-filter=d", "--no-ext-diff",
                 base, "--"], cwd=top)
    if diff.returncode != 0:
        raise ConfigError(f"{_PREFIX}: git diff failed: {_first_error_line(diff)}")
    untracked = _git(["ls-files", "-z", "--others", "--exclude-standard"], cwd=top)
    if untracked.returncode != 0:
        raise ConfigError(f"{_PREFIX}: git ls-files failed: {_first_error_line(untracked)}")

    cwd = os.getcwd()
    if paths:
        roots = []
        for path in paths:
            if not os.path.lexists(path):
                raise ConfigError(f"{path}: no such file or directory")
            roots.append(os.path.realpath(path))
    else:
        roots = [os.path.realpath(cwd)]
    real_top = os.path.realpath(top)

    found = set()
    for rel in _split_z(diff.stdout) + _split_z(untracked.stdout):
        if not rel.endswith(".py"):
            continue
        full = os.path.join(real_top, *rel.split("/"))
        # a deletion that is only in the working tree, or a folder (submodule) named x.py
        if not os.path.isfile(full):
            continue
        if not _under(full, roots):
            continue
        found.add(os.path.relpath(full, cwd))
    return sorted(found)
