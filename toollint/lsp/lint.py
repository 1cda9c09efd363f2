"""The engine on one unsaved buffer, as `toollint check --stdin-filename PATH -` runs it:
the buffer stands in for the file, its neighbours are read from disk (and the cache),
the configuration is the one found from its folder."""
from __future__ import annotations

import os
import threading
from typing import Dict, List, Optional, Tuple

from toollint.model import Finding


class Linter:
    """Settings per configuration file, kept until `forget()` (the config changed)."""

    def __init__(self) -> None:
        self._settings: Dict[Optional[str], object] = {}
        # the engine keeps module-level state (rule registry, cache handles): one run at a time
        self._lock = threading.Lock()

    def forget(self) -> None:
        self._settings.clear()

    def settings_for(self, path: str):
        from toollint.config import load as config
        from toollint.rulekit.registry import rule_names

        found = config.find_config([path])
        if found not in self._settings:
            self._settings[found] = config.load(found, isolated=False, overrides={}, rules=rule_names())
        return self._settings[found]

    def lint(self, path: str, text: str) -> Tuple[List[Finding], List[str]]:
        """(findings in `path`, warnings) for the buffer `text` of the file `path`; a
        finding keeps its fix where `fixable`/`unfixable` allow it, as check's output.

        Raises ConfigError for a configuration the user must fix.
        """
        from toollint.engine.core import run
        from toollint.fix.policy import with_fixes_allowed

        path = os.path.abspath(path)
        with self._lock:
            settings = self.settings_for(path)
            result = run([], settings, stdin=(path, text.encode("utf-8", "surrogatepass")), jobs=1)
        mine = [f for f in result.findings if os.path.abspath(f.span.path) == path]
        return with_fixes_allowed(mine, settings), list(result.warnings)

    def unsafe_fixes(self, path: str) -> bool:
        with self._lock:
            return bool(self.settings_for(os.path.abspath(path)).unsafe_fixes)

    def fix_all(self, path: str, text: str) -> str:
        """The buffer after `check --fix --stdin-filename path` (its rounds, its policy)."""
        from toollint.engine.core import run
        from toollint.fix.command import fix_loop

        from toollint.front.discover import display_path

        path = display_path(path)  # as the engine spells the file in spans, which the loop matches
        data = text.encode("utf-8", "surrogatepass")
        with self._lock:
            settings = self.settings_for(os.path.abspath(path))
            outcome = fix_loop(lambda stdin: run([], settings, stdin=stdin, jobs=1), settings, write=False,
                               stdin=(path, data))
        return outcome.sources.get(path, (data, data))[1].decode("utf-8", "surrogatepass")
