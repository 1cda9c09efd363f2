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
        """(findings in `path`, warnings) for the buffer `text` of the file `path`.

        Raises ConfigError for a configuration the user must fix.
        """
        from toollint.engine.core import run

        path = os.path.abspath(path)
        with self._lock:
            settings = self.settings_for(path)
            result = run([], settings, stdin=(path, text.encode("utf-8", "surrogatepass")), jobs=1)
        return [f for f in result.findings if os.path.abspath(f.span.path) == path], list(result.warnings)
