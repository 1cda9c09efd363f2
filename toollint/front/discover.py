"""Expand the paths given on the command line into the sorted list of files to check."""
from __future__ import annotations

import fnmatch
import os
import re
from typing import Iterable, List, Sequence

from toollint.config.settings import ConfigError, Settings


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


def _walk(top: str, settings: Settings, found: set) -> None:
    # is_excluded for every file, made cheap: a folder is walked only when it is not
    # excluded, so of a file's path only its own name and its whole path remain to match,
    # and both are joined to the folder's, computed once per folder.
    patterns = tuple(settings.exclude) + tuple(settings.extend_exclude)
    names = [p.rstrip("/") for p in patterns if "/" not in p.rstrip("/")]
    paths = [p for p in patterns if "/" in p.rstrip("/")]
    # one regex for every name pattern: a file is tested once, not once per pattern
    excluded_name = re.compile("|".join(fnmatch.translate(p) for p in names)).match if names else None
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(
            d for d in dirnames
            if not d.startswith(".") and not is_excluded(os.path.join(dirpath, d), settings, top)
        )
        # a folder named x.py is reported (TL001), not walked
        filenames = filenames + [d for d in dirnames if d.endswith(".py")]
        dirnames[:] = [d for d in dirnames if not d.endswith(".py")]
        rel_dir = relative(dirpath, settings.root)
        if rel_dir.startswith("../"):
            rel_dir = dirpath.replace(os.sep, "/")
        shown = display_path(dirpath)
        for name in filenames:
            if not name.endswith(".py") or (excluded_name is not None and excluded_name(name)):
                continue
            if paths and _matches(name if rel_dir == "." else f"{rel_dir}/{name}", paths):
                continue
            found.add(name if shown == "." else os.path.join(shown, name))


def discover(paths: Iterable[str], settings: Settings) -> List[str]:
    """Files named explicitly are always checked (unless --force-exclude); folders are walked
    without following links, skipping hidden folders and the configured excludes."""
    found: set = set()
    for path in paths:
        if os.path.isdir(path) and not path.rstrip("/\\").endswith(".py"):
            _walk(path, settings, found)
        elif os.path.lexists(path):
            if settings.force_exclude and is_excluded(path, settings):
                continue
            found.add(display_path(path))
        else:
            raise ConfigError(f"{path}: no such file or directory")
    return sorted(found)
