"""Which rules run, and which codes a file ignores: settings applied to the catalogue."""
from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet

from toollint.config import Settings


@lru_cache(maxsize=8)
def enabled(settings: Settings) -> FrozenSet[str]:
    from toollint.config import enabled_codes
    from toollint.registry import all_rules

    rules = all_rules()
    return enabled_codes(
        settings,
        {code: rule.name for code, rule in rules.items()},
        [code for code, rule in rules.items() if rule.default_enabled],
    )
