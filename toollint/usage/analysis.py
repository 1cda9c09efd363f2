"""Counting per tool over the sample, and the state each tool is in.

A tool's state is the name of the TL4xx rule that reports it (never-called, ...), or
called / too-small-a-sample, which no rule reports.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional

from toollint.rules.tl401_never_called import NeverCalled
from toollint.rules.tl402_never_offered import NeverOffered
from toollint.rules.tl403_rarely_called import RarelyCalled
from toollint.rules.tl404_orphan_call import OrphanCall
from toollint.usage.payloads import Where
from toollint.usage.read import Sample
from toollint.usage.tally import ToolStats  # noqa: F401  (report.py and findings.py import it from here)

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


def analyse(sample: Sample, min_offered: int = 50, rare: float = 0.01, max_tools: int = 20) -> Report:
    tally = sample.tally
    stats = tally.stats
    for s in stats.values():
        s.state = _state(s, min_offered, rare)
    tools = sorted(stats.values(), key=lambda s: (_RANK[s.state], s.rate, -s.size, s.name))
    # Called where its own request did not declare it, but declared elsewhere in the sample:
    # the sample mixes configurations too, yet the name is known, so it is not an orphan.
    orphans = sorted((Orphan(n, c, t, w) for n, (c, t, w) in tally.undeclared.items() if n not in stats),
                     key=lambda o: (o.first, o.name))
    total = sum(s.chars for s in stats.values())
    dead = sum(s.chars for s in stats.values() if s.state in (NEVER_CALLED, NEVER_OFFERED))
    return Report(turns=tally.turns, files=sorted(sample.files), providers=dict(sorted(tally.providers.items())),
                  tools=tools, orphans=orphans, total_chars=total, dead_chars=dead, widest=tally.widest,
                  widest_at=tally.widest_at, min_offered=min_offered, rare=rare, max_tools=max_tools)


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
