"""Rule selection as one object, as flake8's DecisionEngine: which codes run, and which a
file drops by per-file-ignores (the decisions are spelled out in settings.py).

Built once per Settings (`selection`), it serves check, usage and an editor alike:
`decision_for(code)` answers per code and remembers the answer, and `ignores(code, path)`
reads the per-file-ignores chosen for a file, as StyleGuideManager.style_guide_for does.
"""
from __future__ import annotations

import os
from fnmatch import fnmatchcase
from functools import lru_cache
from typing import Collection, Dict, FrozenSet, List, Mapping, Optional, Tuple

from toollint.config.settings import Selection, Settings, names_to_codes, normalize_code

# One select/ignore layer with names turned into codes: (restart, on, off), where
# restart is None (build on the previous layer), () (the defaults) or codes (nothing).
_Layer = Tuple[Optional[Tuple[str, ...]], Tuple[str, ...], Tuple[str, ...]]


class RuleSelection:
    """Which rules run and which a file drops, for one Settings and rule catalogue."""

    def __init__(self, settings: Settings, rules: Mapping[str, str], default_on: Collection[str]) -> None:
        """`rules` maps every known code to its name; `default_on` are the codes on by default."""
        self._rules = rules
        self._defaults = frozenset(code for code in default_on if code in rules)
        self._layers = _normalized_layers(settings, names_to_codes(rules))
        self._root = settings.root
        self._per_file = settings.per_file_ignores
        self._decisions: Dict[str, bool] = {}
        self._dropped: Dict[str, FrozenSet[str]] = {}  # root-relative path -> prefixes
        self.enabled: FrozenSet[str] = frozenset(code for code in rules if self.decision_for(code))

    def decision_for(self, code: str) -> bool:
        """Whether rule `code` runs: each layer's longest matching prefix decides, an
        ignore wins a tie, an opt-in rule is enabled only by its exact code or name."""
        decision = self._decisions.get(code)
        if decision is None:
            decision = self._decisions[code] = code in self._rules and self._decide(code)
        return decision

    def _decide(self, code: str) -> bool:
        default = code in self._defaults
        state = default
        for restart, on, off in self._layers:
            if restart is not None:
                state = default if not restart else False
            best, decision = -1, None
            for prefix in on:
                if code.startswith(prefix) and (prefix == code or default) and len(prefix) > best:
                    best, decision = len(prefix), True
            for prefix in off:
                if code.startswith(prefix) and len(prefix) >= best:
                    best, decision = len(prefix), False
            if decision is not None:
                state = decision
        return state

    def ignored_for(self, path: str) -> FrozenSet[str]:
        """Code prefixes that per-file-ignores drops for `path` (relative to cwd, or absolute)."""
        if not self._per_file:
            return frozenset()
        rel = _relative_to_root(path, self._root)
        dropped = self._dropped.get(rel)
        if dropped is None:
            dropped = self._dropped[rel] = frozenset(
                code for glob, codes in self._per_file if _glob_matches(glob, rel) for code in codes
            )
        return dropped

    def ignores(self, code: str, path: str) -> bool:
        """Whether per-file-ignores drop `code` in `path`, whether or not the rule runs."""
        return any(code.startswith(prefix) for prefix in self.ignored_for(path))

    def codes_for(self, path: str) -> FrozenSet[str]:
        """The codes that run and that `path` keeps."""
        return frozenset(code for code in self.enabled if not self.ignores(code, path))


def _normalized_layers(settings: Settings, names: Mapping[str, str]) -> List[_Layer]:
    # Without recorded layers (hand-built Settings) the flat fields are the only layer.
    layers = settings.selection_layers or (
        Selection(
            select=settings.select or None,
            extend_select=settings.extend_select,
            ignore=settings.ignore + settings.extend_ignore,
        ),
    )
    out: List[_Layer] = []
    for layer in layers:
        on = tuple(normalize_code(e, names) for e in (layer.select or ()) + layer.extend_select)
        off = tuple(normalize_code(e, names) for e in layer.ignore)
        out.append((layer.select, on, off))
    return out


@lru_cache(maxsize=8)
def selection(settings: Settings) -> RuleSelection:
    """The selection for `settings` over the shipped rules, built once per Settings."""
    from toollint.rulekit.registry import all_rules

    rules = all_rules()
    return RuleSelection(
        settings,
        {code: rule.name for code, rule in rules.items()},
        [code for code, rule in rules.items() if rule.default_enabled],
    )


def enabled(settings: Settings) -> FrozenSet[str]:
    """The codes that run (engine and usage call this)."""
    return selection(settings).enabled


# --- per-file-ignores globs --------------------------------------------------------------


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
