"""The records a sample skipped: every one counted, by file and kind; the first KEPT of
each kind kept with its location and detail, so that a log of a million malformed
lines or repeated responses costs counters, not a million messages."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterator, List, Optional, Tuple

from toollint.usage.payloads import Where

KEPT = 1000  # per kind, for the JSON report; the text report shows fewer

WORDS = {"invalid-id": "invalid id", "expired": "expired (HTTP 404)", "failed": "failed",
         "unusable": "unusable", "malformed": "malformed", "duplicate": "duplicate",
         "cut-short": "cut short"}


@dataclass(frozen=True)
class Problem:
    where: Where
    kind: str  # malformed | unusable | duplicate | invalid-id | expired | failed | cut-short
    detail: str


class Problems:
    """The kept problems (in the order they arrived: by location), with exact counts
    beside them."""

    def __init__(self) -> None:
        self.kept: List[Problem] = []
        self.counts: Dict[Tuple[str, str], int] = {}  # (file, kind) -> skipped records
        self.totals: Dict[str, int] = {}  # kind -> skipped records
        self.last: Optional[Problem] = None

    def append(self, p: Problem) -> None:
        self.last = p
        key = (p.where.path, p.kind)
        self.counts[key] = self.counts.get(key, 0) + 1
        n = self.totals[p.kind] = self.totals.get(p.kind, 0) + 1
        if n <= KEPT:
            self.kept.append(p)

    def extend(self, later: "Problems") -> None:
        """Add the problems of an input read after these."""
        kept = dict(self.totals)
        for (path, kind), n in later.counts.items():
            self.counts[(path, kind)] = self.counts.get((path, kind), 0) + n
            self.totals[kind] = self.totals.get(kind, 0) + n
        for p in later.kept:
            if kept.get(p.kind, 0) < KEPT:
                kept[p.kind] = kept.get(p.kind, 0) + 1
                self.kept.append(p)
        self.last = later.last or self.last

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.kept)

    def __len__(self) -> int:
        return len(self.kept)

    def kind_counts(self, path: Optional[str] = None) -> str:
        """"2 duplicate, 1 malformed": every skipped record, of one file or all."""
        counts: Dict[str, int] = {}
        for (f, kind), n in self.counts.items():
            if path is None or f == path:
                counts[kind] = counts.get(kind, 0) + n
        return ", ".join(f"{n} {WORDS.get(k, k)}" for k, n in sorted(counts.items()))
