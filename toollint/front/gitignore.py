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
from typing import Callable, Dict, List, Optional, Tuple


class GitIgnore:
    """`ignored(path, is_dir)`; remembers each folder's work-tree top and ignore files."""

    def __init__(self) -> None:
        self._tops: Dict[str, Optional[str]] = {}
        self._specs: Dict[str, object] = {}
        self._chains: Dict[str, List[Tuple[str, object]]] = {}

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
            if self.matches(here, is_dir or here != absolute):
                return True
            here = os.path.dirname(here)
        return False

    def matches(self, absolute: str, is_dir: bool, top: Optional[str] = None) -> bool:
        """Whether the ignore files say `absolute` itself is ignored (its parents not asked)."""
        suffix = "/" if is_dir else ""
        for folder, spec in self._chain(os.path.dirname(absolute)):
            verdict = _own_verdict(spec, absolute[len(folder):].lstrip(os.sep).replace(os.sep, "/") + suffix)
            if verdict is not None:
                return verdict
        return False

    def matcher(self, folder: str) -> Optional[Callable[[str, bool], bool]]:
        """`matches` for the entries of one folder (`ignored(name, is_dir)`), their paths
        made relative to each ignore file once per folder; None when no file applies."""
        chain = [(_rel_dir(folder, base), spec) for base, spec in self._chain(folder)]
        if not chain:
            return None

        def ignored(name: str, is_dir: bool) -> bool:
            for prefix, spec in chain:
                verdict = _own_verdict(spec, prefix + name + ("/" if is_dir else ""))
                if verdict is not None:
                    return verdict
            return False

        return ignored

    def _chain(self, folder: str) -> List[Tuple[str, object]]:
        """(folder, spec) of the ignore files that apply in `folder`, the deepest first,
        `.git/info/exclude` last; remembered per folder, so a walk reads each file once
        and a file costs its own matches only."""
        chain = self._chains.get(folder)
        if chain is not None:
            return chain
        top = self.top_of(folder)
        if top is None:
            chain = []
        else:
            own = self._spec(folder, os.path.join(folder, ".gitignore"))
            parent = os.path.dirname(folder)
            if folder == top or parent == folder:
                info = self._spec("info:" + top, os.path.join(top, ".git", "info", "exclude"))
                above = [(top, info)] if info is not None else []
            else:
                above = self._chain(parent)
            chain = ([(folder, own)] if own is not None else []) + above
        self._chains[folder] = chain
        return chain

    def _spec(self, key: str, path: str):
        if key not in self._specs:
            self._specs[key] = _load(path)
        return self._specs[key]

def _rel_dir(folder: str, base: str) -> str:
    """`folder` below `base` as a prefix for names: "" or "a/b/"."""
    rel = folder[len(base):].lstrip(os.sep).replace(os.sep, "/")
    return rel + "/" if rel else ""


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
