"""The per-tool counters a sample is reduced to, one turn at a time.

Nothing of a turn is kept once it is counted: memory grows with the number of distinct
tools and orphan names, and with about 13 bytes per distinct response id up to a ceiling
of 32 MB (dedup.py), which deduplication has to remember.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from hashlib import blake2b
from typing import Any, Dict, List, Optional

from toollint.usage.dedup import SeenIds
from toollint.usage.payloads import Turn, Where


@dataclass
class ToolStats:
    name: str
    declared: int = 0  # turns whose request declared it
    offered: int = 0  # of those, turns whose tool_choice let the model pick it
    called_turns: int = 0  # offered turns in which it was called
    calls: int = 0  # calls in every turn that declared it
    size: int = 0  # characters of its largest definition
    chars: int = 0  # characters sent for it over the sample
    first: Optional[Where] = None  # the first turn that declared it
    state: str = ""

    @property
    def rate(self) -> float:
        return self.called_turns / self.offered if self.offered else 0.0


@dataclass
class Tally:
    turns: int = 0
    stats: Dict[str, ToolStats] = field(default_factory=dict)
    undeclared: Dict[str, List[Any]] = field(default_factory=dict)  # name -> [calls, turns, first]
    providers: Dict[str, int] = field(default_factory=dict)
    widest: int = 0
    widest_at: Optional[Where] = None
    seen: SeenIds = field(default_factory=SeenIds)  # digests of (provider, response id) counted

    def first_copy(self, turn: Turn) -> bool:
        """Whether the turn's response was not counted yet. Turns arrive in location
        order, so the copy kept is the first by location, as it always was."""
        if turn.response_id is None:
            return True
        key = int.from_bytes(blake2b(f"{turn.provider}\0{turn.response_id}".encode("utf-8", "surrogatepass"),
                                     digest_size=8).digest(), "little")
        return self.seen.add(key)  # 64 bits: a collision is unlikely below billions of ids

    def add(self, turn: Turn) -> None:
        self.turns += 1
        self.providers[turn.provider] = self.providers.get(turn.provider, 0) + 1
        width = len(turn.offered)
        if width > self.widest or (width == self.widest and self.widest_at and turn.where < self.widest_at):
            self.widest, self.widest_at = width, turn.where
        stats, offered, calls = self.stats, turn.offered, turn.calls
        for name, size in turn.declared.items():
            s = stats.get(name)
            if s is None:
                # Turns arrive in location order, so the first seen is the first.
                s = stats[name] = ToolStats(name, first=turn.where)
            s.declared += 1
            s.chars += size
            if size > s.size:
                s.size = size
            if name in offered:
                s.offered += 1
                if calls.get(name):
                    s.called_turns += 1
            if calls:
                s.calls += calls.get(name, 0)
        for name, n in turn.calls.items():
            if name not in turn.declared:
                entry = self.undeclared.setdefault(name, [0, 0, turn.where])
                entry[0] += n
                entry[1] += 1
                entry[2] = min(entry[2], turn.where)

    def merge(self, later: "Tally") -> None:
        """Add the counts of inputs read after this tally's own (their locations come
        later, so on a tie the earlier first location and widest turn stay)."""
        self.turns += later.turns
        for provider, n in later.providers.items():
            self.providers[provider] = self.providers.get(provider, 0) + n
        if later.widest > self.widest or self.widest_at is None:
            self.widest, self.widest_at = later.widest, later.widest_at
        for name, t in later.stats.items():
            s = self.stats.get(name)
            if s is None:
                self.stats[name] = t
                continue
            s.declared += t.declared
            s.offered += t.offered
            s.called_turns += t.called_turns
            s.calls += t.calls
            s.chars += t.chars
            s.size = max(s.size, t.size)
        for name, (calls, turns, first) in later.undeclared.items():
            entry = self.undeclared.setdefault(name, [0, 0, first])
            entry[0] += calls
            entry[1] += turns
        self.seen.update(later.seen)
