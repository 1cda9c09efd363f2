"""What git ignores, as discovery asks: the `.gitignore` of every folder from the work
tree's top down to the file's, then `.git/info/exclude`, matched by pathspec's
GitIgnoreSpec (git's own wildmatch rules, negation included).

Only inside a git work tree (a folder with `.git` above), as ruff and ripgrep do by
default: a stray `.gitignore` in a home folder does not hide a project that is not a
repository. The deepest file with a matching pattern decides, and a folder git ignores
hides everything below it (git never looks inside it, so a `!` below cannot bring a file
back) unless the user names that folder, which is then walked, as ruff does. The user's global excludes file (core.excludesFile) is not read: that needs git's
configuration, and a run must not differ between two users' machines.
"""
from __future__ import annotations

import os
from typing import Dict, List, Optional


class GitIgnore:
    """`ignored(path, is_dir)`; remembers each folder's work-tree top and ignore files."""

    def __init__(self) -> None:
        self._tops: Dict[str, Optional[str]] = {}
        self._specs: Dict[str, object] = {}

    def top_of(self, folder: str) -> Optional[str]:
        """The work-tree top holding `folder` (absolute), or None outside git."""
        seen: List[str] = []
        top: Optional[str] = None
        while True:
            if folder in self._tops:
                top = self._tops[folder]
                break
            seen.append(folder)
            if os.path.exists(os.path.join(folder, ".git")):
                top = folder
                break
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
        for each in seen:
            self._tops[each] = top
        return top

    def ignored(self, path: str, is_dir: bool) -> bool:
        """Whether git ignores `path` or a folder above it (below the work tree's top)."""
        absolute = os.path.abspath(path)
        top = self.top_of(os.path.dirname(absolute))
        if top is None:
            return False
        here = absolute
        while here != top and os.path.dirname(here) != here:
            if self.matches(here, is_dir or here != absolute, top):
                return True
            here = os.path.dirname(here)
        return False

    def matches(self, absolute: str, is_dir: bool, top: Optional[str] = None) -> bool:
        """Whether the ignore files say `absolute` itself is ignored (its parents not asked)."""
        folder = os.path.dirname(absolute)
        if top is None:
            top = self.top_of(folder)
            if top is None:
                return False
        suffix = "/" if is_dir else ""
        while True:
            verdict = _own_verdict(self._spec(folder, os.path.join(folder, ".gitignore")),
                                   _rel(absolute, folder) + suffix)
            if verdict is not None:
                return verdict
            if folder == top or os.path.dirname(folder) == folder:
                break
            folder = os.path.dirname(folder)
        spec = self._spec("info:" + top, os.path.join(top, ".git", "info", "exclude"))
        return bool(_own_verdict(spec, _rel(absolute, top) + suffix))

    def _spec(self, key: str, path: str):
        if key not in self._specs:
            self._specs[key] = _load(path)
        return self._specs[key]


def _own_verdict(spec, rel: str) -> Optional[bool]:
    """The spec's verdict on `rel` itself: pathspec also matches `gen/x.py` by the pattern
    `gen/`, through its folder; asked of each folder in turn (the walk prunes ignored ones),
    that would hide the files of a folder the user named explicitly, which ruff checks."""
    if spec is None:
        return None
    result = spec.check_file(rel)
    if not result.include:
        return result.include
    parts = rel.rstrip("/").split("/")
    for depth in range(1, len(parts)):
        above = spec.check_file("/".join(parts[:depth]) + "/")
        if above.include and above.index == result.index:
            return None
    return True


def _rel(path: str, folder: str) -> str:
    return os.path.relpath(path, folder).replace(os.sep, "/")


def _load(path: str):
    try:
        with open(path, "rb") as handle:
            text = handle.read().decode("utf-8", "surrogateescape")
    except OSError:  # absent (nearly always), a folder, unreadable: nothing ignored by it
        return None
    lines = text.splitlines()
    if not any(line.strip() and not line.startswith("#") for line in lines):
        return None
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(lines)
