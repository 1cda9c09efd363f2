"""Rule selection: which codes are on, and which a file ignores (longest prefix wins; see settings.py)."""
from __future__ import annotations

import os
import sys
from fnmatch import fnmatchcase
from typing import (
    Collection,
    FrozenSet,
    Mapping,
    Optional,
    Sequence,
)

if sys.version_info >= (3, 11):
    pass
else:  # pragma: no cover
    pass

from functools import lru_cache

from toollint.config.settings import Selection, Settings, names_to_codes, normalize_code


def enabled_codes(settings: Settings, rules: Mapping[str, str], default_on: Collection[str]) -> FrozenSet[str]:
    """The codes that run, deciding select/ignore as ruff does (see the module docstring)."""
    names = names_to_codes(rules)
    defaults = frozenset(code for code in default_on if code in rules)
    layers = settings.selection_layers or (
        Selection(
            select=settings.select or None,
            extend_select=settings.extend_select,
            ignore=settings.ignore + settings.extend_ignore,
        ),
    )
    enabled = set(defaults)
    for layer in layers:
        on = [normalize_code(e, names) for e in (layer.select or ()) + layer.extend_select]
        off = [normalize_code(e, names) for e in layer.ignore]
        if layer.select is not None:
            enabled = set(defaults) if not layer.select else set()
        for code in rules:
            decision = _decide(code, on, off, opt_in=code not in defaults)
            if decision is True:
                enabled.add(code)
            elif decision is False:
                enabled.discard(code)
    return frozenset(enabled)


def _decide(code: str, on: Sequence[str], off: Sequence[str], *, opt_in: bool) -> Optional[bool]:
    best, decision = -1, None
    for prefix in on:
        if code.startswith(prefix) and (prefix == code or not opt_in) and len(prefix) > best:
            best, decision = len(prefix), True
    for prefix in off:
        if code.startswith(prefix) and len(prefix) >= best:
            best, decision = len(prefix), False
    return decision


# --- per-file-ignores -------------------------------------------------------------------


def ignored_for_path(settings: Settings, path: str) -> FrozenSet[str]:
    """Code prefixes that per-file-ignores drops for `path` (relative to cwd, or absolute)."""
    if not settings.per_file_ignores:
        return frozenset()
    rel = _relative_to_root(path, settings.root)
    dropped = set()
    for glob, codes in settings.per_file_ignores:
        if _glob_matches(glob, rel):
            dropped.update(codes)
    return frozenset(dropped)


def codes_for_path(settings: Settings, path: str, enabled: Collection[str]) -> FrozenSet[str]:
    """`enabled` minus what per-file-ignores drops for `path`."""
    dropped = ignored_for_path(settings, path)
    return frozenset(code for code in enabled if not any(code.startswith(p) for p in dropped))


def _relative_to_root(path: str, root: str) -> str:
    absolute = os.path.abspath(path)
    try:
        rel = os.path.relpath(absolute, os.path.abspath(root))
    except ValueError:  # another drive on Windows
        rel = absolute
    return rel.replace(os.sep, "/")


def _glob_matches(glob: str, rel: str) -> bool:
    """fnmatch on the root-relative path or one of its folders ("tests" covers tests/**);
    a glob without "/" also matches any single name in the path, as ruff matches basenames;
    a leading "**/" also matches at the root."""
    glob = glob.strip().replace("\\", "/")
    while glob.startswith("./"):
        glob = glob[2:]
    glob = glob.rstrip("/") or glob
    parts = rel.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(len(parts), 0, -1)]
    if any(fnmatchcase(p, glob) for p in prefixes):
        return True
    if "/" not in glob:
        return any(fnmatchcase(part, glob) for part in parts)
    if glob.startswith("**/"):
        return _glob_matches(glob[3:], rel)
    return False


# --- command-line parsing helpers -------------------------------------------------------


@lru_cache(maxsize=8)
def enabled(settings: Settings) -> FrozenSet[str]:
    from toollint.config.select import enabled_codes
    from toollint.rulekit.registry import all_rules

    rules = all_rules()
    return enabled_codes(
        settings,
        {code: rule.name for code, rule in rules.items()},
        [code for code, rule in rules.items() if rule.default_enabled],
    )
