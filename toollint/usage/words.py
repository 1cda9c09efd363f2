"""How usage writes counts and shares, the same in every message."""
from __future__ import annotations


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def pct(rate: float) -> str:
    value = rate * 100
    if 0 < value < 0.1:
        return f"{value:.2f}%"
    return f"{value:.1f}%"


def rare_text(rare: float) -> str:
    return f"{rare * 100:g}%"
