"""Expand the paths given on the command line into the sorted list of files to check."""
from __future__ import annotations

import fnmatch
import os
from typing import Iterable, List, Sequence

from toollint.config import ConfigError, Settings


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


def discover(paths: Iterable[str], settings: Settings) -> List[str]:
    """Files named explicitly are always checked (unless --force-exclude); folders are walked
    without following links, skipping hidden folders and the configured excludes."""
    found = set()
    for path in paths:
        if os.path.isdir(path) and not path.rstrip("/\\").endswith(".py"):
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames[:] = sorted(
                    d for d in dirnames
                    if not d.startswith(".") and not is_excluded(os.path.join(dirpath, d), settings, path)
                )
                # a folder named x.py is reported (TL001), not walked
                filenames = filenames + [d for d in dirnames if d.endswith(".py")]
                dirnames[:] = [d for d in dirnames if not d.endswith(".py")]
                for name in filenames:
                    full = os.path.join(dirpath, name)
                    if name.endswith(".py") and not is_excluded(full, settings, path):
                        found.add(display_path(full))
        elif os.path.lexists(path):
            if settings.force_exclude and is_excluded(path, settings):
                continue
            found.add(display_path(path))
        else:
            raise ConfigError(f"{path}: no such file or directory")
    return sorted(found)
