"""Counting per tool over the sample, and the state each tool is in.

A tool's state is the name of the TL4xx rule that reports it (never-called, ...), or
called / too-small-a-sample, which no rule reports.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from toollint.rules.tl401_never_called import NeverCalled
from toollint.rules.tl402_never_offered import NeverOffered
from toollint.rules.tl403_rarely_called import RarelyCalled
from toollint.rules.tl404_orphan_call import OrphanCall
from toollint.usage.payloads import Turn, Where
from toollint.usage.read import Sample

NEVER_OFFERED = NeverOffered.name
NEVER_CALLED = NeverCalled.name
RARELY_CALLED = RarelyCalled.name
TOO_SMALL = "too-small-a-sample"
CALLED = "called"
RULE = {rule.name: rule for rule in (NeverCalled, NeverOffered, RarelyCalled)}  # state -> the rule reporting it
FAILING = frozenset(r.code for r in (*RULE.values(), OrphanCall) if r.fails)  # codes that make usage exit 1
# Table order: least used first; a tool without a verdict goes last, it claims nothing.
_RANK = {NEVER_OFFERED: 0, NEVER_CALLED: 1, RARELY_CALLED: 2, CALLED: 3, TOO_SMALL: 4}


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
class Orphan:
    name: str
    calls: int
    turns: int
    first: Where


@dataclass
class Report:
    turns: int
    files: List[str]
    providers: Dict[str, int]
    tools: List[ToolStats]
    orphans: List[Orphan]
    total_chars: int
    dead_chars: int
    widest: int
    widest_at: Optional[Where]
    min_offered: int
    rare: float
    max_tools: int


def _count_turn(turn: Turn, stats: Dict[str, ToolStats], undeclared: Dict[str, List[Any]]) -> None:
    for name, size in turn.declared.items():
        s = stats.setdefault(name, ToolStats(name))
        s.declared += 1
        s.chars += size
        s.size = max(s.size, size)
        s.first = turn.where if s.first is None else min(s.first, turn.where)
        if name in turn.offered:
            s.offered += 1
            if turn.calls.get(name):
                s.called_turns += 1
        s.calls += turn.calls.get(name, 0)
    for name, n in turn.calls.items():
        if name not in turn.declared:
            entry = undeclared.setdefault(name, [0, 0, turn.where])
            entry[0] += n
            entry[1] += 1
            entry[2] = min(entry[2], turn.where)


def analyse(sample: Sample, min_offered: int = 50, rare: float = 0.01, max_tools: int = 20) -> Report:
    stats: Dict[str, ToolStats] = {}
    undeclared: Dict[str, List[Any]] = {}  # name -> [calls, turns, first]
    providers: Dict[str, int] = {}
    widest, widest_at = 0, None
    for turn in sample.turns:
        providers[turn.provider] = providers.get(turn.provider, 0) + 1
        if len(turn.offered) > widest or (len(turn.offered) == widest and widest_at and turn.where < widest_at):
            widest, widest_at = len(turn.offered), turn.where
        _count_turn(turn, stats, undeclared)
    for s in stats.values():
        s.state = _state(s, min_offered, rare)
    tools = sorted(stats.values(), key=lambda s: (_RANK[s.state], s.rate, -s.size, s.name))
    # Called where its own request did not declare it, but declared elsewhere in the sample:
    # the sample mixes configurations too, yet the name is known, so it is not an orphan.
    orphans = sorted((Orphan(n, c, t, w) for n, (c, t, w) in undeclared.items() if n not in stats),
                     key=lambda o: (o.first, o.name))
    total = sum(s.chars for s in stats.values())
    dead = sum(s.chars for s in stats.values() if s.state in (NEVER_CALLED, NEVER_OFFERED))
    return Report(turns=len(sample.turns), files=sorted(sample.files), providers=dict(sorted(providers.items())),
                  tools=tools, orphans=orphans, total_chars=total, dead_chars=dead, widest=widest,
                  widest_at=widest_at, min_offered=min_offered, rare=rare, max_tools=max_tools)


def _state(s: ToolStats, min_offered: int, rare: float) -> str:
    if s.offered == 0:
        # Judged on the turns that declared it: those are what could have offered it.
        return NEVER_OFFERED if s.declared >= min_offered else TOO_SMALL
    if s.called_turns and s.offered < min_offered:
        return CALLED  # a call is a fact at any sample size; only "rare" needs the sample
    if s.offered < min_offered:
        return TOO_SMALL
    if s.called_turns == 0:
        return NEVER_CALLED
    if s.rate < rare:
        return RARELY_CALLED
    return CALLED
