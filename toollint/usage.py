"""`toollint usage` (being built)."""
from __future__ import annotations


def add_parser(sub) -> None:
    sub.add_parser("usage", help="(not available yet)")


def run(args) -> int:
    from toollint.config import ConfigError

    raise ConfigError("'toollint usage' is not available in this version yet")
