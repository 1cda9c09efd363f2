"""`toollint dump` (being built)."""
from __future__ import annotations


def add_parser(sub) -> None:
    sub.add_parser("dump", help="(not available yet)")


def run(args) -> int:
    from toollint.config import ConfigError

    raise ConfigError("'toollint dump' is not available in this version yet")
