"""Settings per file, as ruff resolves them: each file's nearest configuration (files.py)
with the command line on top, or one Settings for every file when `--config FILE` names
it or `--isolated` ignores them all."""
from __future__ import annotations

import os
from typing import Dict, Mapping, Optional

from toollint.config.files import nearest_config
from toollint.config.load import load
from toollint.config.settings import Settings


class Resolver:
    def __init__(self, config: Optional[str], *, isolated: bool, overrides: Mapping[str, object],
                 rules: Mapping[str, str]) -> None:
        self._overrides = dict(overrides)
        self._rules = rules
        self._isolated = isolated
        self._by_config: Dict[Optional[str], Settings] = {}
        self._known: Dict[str, Optional[str]] = {}  # folder -> its nearest config
        # one Settings for all: loaded now, so that a bad --config fails before any walk
        self.fixed: Optional[Settings] = self.load(config) if isolated or config is not None else None

    def load(self, config: Optional[str]) -> Settings:
        """The Settings of one configuration file (None: the defaults), loaded once."""
        settings = self._by_config.get(config)
        if settings is None:
            settings = self._by_config[config] = load(config, isolated=self._isolated,
                                                      overrides=self._overrides, rules=self._rules)
        return settings

    def config_for(self, folder: str) -> Optional[str]:
        """The configuration file that governs `folder` (None: none, or a fixed one)."""
        if self.fixed is not None:
            return self.fixed.config_path
        return nearest_config(os.path.abspath(folder), self._known)

    def for_folder(self, folder: str) -> Settings:
        return self.fixed if self.fixed is not None else self.load(self.config_for(folder))

    def for_path(self, path: str) -> Settings:
        """The Settings of a file or folder (a folder's own configuration counts)."""
        if self.fixed is not None:
            return self.fixed
        absolute = os.path.abspath(path or ".")
        return self.for_folder(absolute if os.path.isdir(absolute) else os.path.dirname(absolute))
