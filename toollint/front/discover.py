"""Expand the paths given on the command line into the sorted list of files to check."""
from __future__ import annotations

import fnmatch
import os
import re
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from toollint.config.settings import ConfigError, Settings
from toollint.front.gitignore import GitIgnore


def _matches(relpath: str, patterns: Sequence[str]) -> bool:
    """ruff-style: a pattern without '/' matches any path component, one with '/' the path."""
    parts = relpath.split("/")
    for pattern in patterns:
        pattern = pattern.rstrip("/")
        if "/" in pattern:
            if fnmatch.fnmatchcase(relpath, pattern) or fnmatch.fnmatchcase(relpath, pattern + "/*"):
                return True
        elif any(fnmatch.fnmatchcase(part, pattern) for part in parts):
            return True
    return False


def relative(path: str, root: str) -> str:
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(root))
    return rel.replace(os.sep, "/")


def is_excluded(path: str, settings: Settings, base: str = "") -> bool:
    """Globs with a '/' match the path from the project root; a bare name matches a
    folder or file name below `base`, the folder the user named: naming
    `venv/lib/site-packages/pkg` explicitly means checking it."""
    patterns = tuple(settings.exclude) + tuple(settings.extend_exclude)
    rel = relative(path, settings.root)
    if rel.startswith("../"):
        rel = path.replace(os.sep, "/")
    below = relative(path, base) if base else rel
    if below.startswith("../"):
        below = rel
    return _matches_names(below, [p for p in patterns if "/" not in p.rstrip("/")]) or _matches(
        rel, [p for p in patterns if "/" in p.rstrip("/")])


def _matches_names(relpath: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(part, pattern.rstrip("/")) for part in relpath.split("/") for pattern in patterns)


def display_path(path: str) -> str:
    """One spelling per file, as ruff prints it: relative to the working folder when under
    it, else absolute; so a file named on the command line and the same file met while
    reading the rest of the project are one file."""
    absolute = os.path.abspath(path)
    rel = os.path.relpath(absolute)
    return absolute if rel == ".." or rel.startswith(".." + os.sep) else rel


class _Folder:
    """A folder's settings, with the exclude patterns split and compiled once per Settings."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        patterns = tuple(settings.exclude) + tuple(settings.extend_exclude)
        names = [p.rstrip("/") for p in patterns if "/" not in p.rstrip("/")]
        self.paths = [p for p in patterns if "/" in p.rstrip("/")]
        # one regex for every name pattern: a file is tested once, not once per pattern
        self.excluded_name = re.compile("|".join(fnmatch.translate(p) for p in names)).match if names else None


SettingsFor = Callable[[str], Settings]


def _walk(top: str, settings: Settings, found: set, settings_for: Optional[SettingsFor],
          ignore: Optional[GitIgnore]) -> None:
    # is_excluded for every file, made cheap: a folder is walked only when it is not
    # excluded, so of a file's path only its own name and its whole path remain to match,
    # and both are joined to the folder's, computed once per folder.
    compiled: Dict[int, _Folder] = {}
    for dirpath, dirnames, filenames in os.walk(top):
        here = settings_for(dirpath) if settings_for is not None else settings
        rules = compiled.get(id(here))
        if rules is None:
            rules = compiled[id(here)] = _Folder(here)
        git = ignore.matcher(os.path.abspath(dirpath)) if ignore is not None and here.respect_gitignore else None
        dirnames[:] = sorted(
            d for d in dirnames
            if not d.startswith(".") and not is_excluded(os.path.join(dirpath, d), here, top)
            and not (git is not None and git(d, True))
        )
        # a folder named x.py is reported (TL001), not walked
        dirnames_py = [d for d in dirnames if d.endswith(".py")]
        filenames = filenames + dirnames_py
        dirnames[:] = [d for d in dirnames if not d.endswith(".py")]
        rel_dir = relative(dirpath, here.root)
        if rel_dir.startswith("../"):
            rel_dir = dirpath.replace(os.sep, "/")
        shown = display_path(dirpath)
        for name in filenames:
            if not name.endswith(".py") or (rules.excluded_name is not None and rules.excluded_name(name)):
                continue
            if rules.paths and _matches(name if rel_dir == "." else f"{rel_dir}/{name}", rules.paths):
                continue
            if git is not None and git(name, name in dirnames_py):
                continue
            found.add(name if shown == "." else os.path.join(shown, name))


# One walk handed from the command to the engine: `toollint check` walks the paths once
# with each folder's own settings to split the run by configuration; when one Settings
# governs every folder, that walk is what the engine's would find, and is not redone.
_handed: Optional[Tuple[Tuple[str, ...], Settings, str, List[str]]] = None


def hand_over(paths: Sequence[str], settings: Settings, files: List[str]) -> None:
    """The next discover(paths, settings) in this process returns `files`, once."""
    global _handed
    _handed = (tuple(paths), settings, os.getcwd(), list(files))


def discover(paths: Iterable[str], settings: Settings, settings_for: Optional[SettingsFor] = None) -> List[str]:
    """Files named explicitly are always checked (unless --force-exclude); folders are walked
    without following links, skipping hidden folders, the configured excludes and, with
    respect-gitignore, what git ignores. `settings_for(folder)`, when given, is the
    Settings of each folder walked (the nearest configuration's), else `settings` is."""
    global _handed
    paths = list(paths)
    handed, _handed = _handed, None
    if settings_for is None and handed is not None and handed[:3] == (tuple(paths), settings, os.getcwd()):
        return handed[3]
    found: set = set()
    ignore = GitIgnore()
    for path in paths:
        if not path:
            raise ConfigError("an empty path ('') was given: name a file or folder, or '.' for this one")
        if os.path.isdir(path) and not path.rstrip("/\\").endswith(".py"):
            _walk(path, settings, found, settings_for, ignore)
        elif os.path.lexists(path):
            own = settings_for(os.path.dirname(os.path.abspath(path))) if settings_for is not None else settings
            if own.force_exclude and (is_excluded(path, own) or (own.respect_gitignore and ignore.ignored(path, False))):
                continue
            found.add(display_path(path))
        else:
            raise ConfigError(f"{path}: no such file or directory")
    return sorted(found)
