"""The rules over a linked Project: by group, in the pool when it pays, and on a run on
some files only over the groups that can report in them (`reach`)."""
from __future__ import annotations

import dataclasses
from typing import Any, Dict, List, Optional, Set, Tuple

from toollint.config.settings import Settings
from toollint.engine import pool
from toollint.link.graph import ModuleGraph
from toollint.model import Finding
from toollint.rulekit import branches


def check(project, settings: Settings, requested: Set[str], jobs: int = 1) -> List[Finding]:
    from toollint.config.select import enabled
    from toollint.rulekit.registry import all_rules
    from toollint.rulekit.rule import Context

    rules = [r for code, r in all_rules().items() if code in enabled(settings)]
    ctx = Context(settings=settings, project=project)
    whole = all(path in requested for path in project.modules)
    tools = sum(len(g.tools) for g in project.groups)
    per_group: Dict[int, List[Finding]] = {}
    if pool.serial_reason("rules", jobs, len(project.groups), tools, partial=not whole) is None:
        per_group = _check_parallel(rules, ctx, requested, jobs)
    out: List[Finding] = []
    near = None if whole else reach(project, requested)
    reported: Set[Tuple[str, int, int, str]] = set()  # a model two groups share: its field once
    for i, group in enumerate(project.groups):
        if i in per_group:
            found = per_group[i]
        elif near is None or group.paths & near:
            found = _check_group(rules, ctx, group, requested)
        else:
            continue
        out.extend(f for f in found if _place(f) not in reported)
        reported.update(_place(f) for f in found)
    for rule in rules:
        out.extend(f for f in rule.check_project(project, ctx) if f.span.path in requested)
    return list(dict.fromkeys(out))


def reach(project, requested: Set[str]) -> Set[str]:
    """The modules whose groups can hold a Span in a requested file: those files and every
    module that imports one of them, directly or not.

    Extraction gives each value the Spans of the file it was read from, and linking brings
    a value from another module only along an import (a Ref, a handler, a re-export); so a
    group whose registries all lie outside this set holds no Span in a requested file, and
    can yield no finding kept for them. Pre-commit names a few files of a project with
    hundreds of tools: this keeps that run from judging all of them.
    """
    graph = ModuleGraph((m for m in project.modules.values() if m is not None), packages=True)
    return graph.importers_of(p for p in requested if p in project.modules)


def _check_group(rules, ctx, group, requested: Set[str]) -> List[Finding]:
    touched = bool(group.paths & requested)
    found: List[Finding] = []
    for rule in rules:
        found.extend(rule.check_group(group, ctx))
        found.extend(_one_per_place([(tool.name.value, list(branches.check_tool(rule, tool, group, ctx)))
                                     for tool in group.tools]))
    return [f for f in found if touched or f.span.path in requested]


def _one_per_place(per_tool: List[Tuple[Any, List[Finding]]]) -> List[Finding]:
    """A rule's findings on the tools of a group, a place that several tools report once: a
    description or schema constant they share is one thing to fix (held-out round 124: one
    shared text's TL106 reported 19 times at one line), and the finding says how many other
    tools share it (one tool offered on two turns is one). A tool's own findings at one
    place (two unknown names in one description) all stay."""
    owner: Dict[Tuple[str, int, int, str], int] = {}
    others: Dict[Tuple[str, int, int, str], Set[Any]] = {}
    kept: List[Finding] = []
    for index, (name, found) in enumerate(per_tool):
        for f in found:
            place = _place(f)
            first = owner.setdefault(place, index)
            if first != index:
                if name != per_tool[first][0]:
                    others.setdefault(place, set()).add(name)
            else:
                kept.append(f)
    return [_shared(f, len(others[_place(f)])) if others.get(_place(f)) else f for f in kept]


def _place(f: Finding) -> Tuple[str, int, int, str]:
    return f.span.path, f.span.line, f.span.col, f.code


def _shared(f: Finding, more: int) -> Finding:
    return dataclasses.replace(f, message=f"{f.message} ({more} more {'tool shares' if more == 1 else 'tools share'} it)")


# Rules read the linked Project, which exists only in this process: forked workers inherit
# it (copy-on-write) instead of receiving it pickled, and send back only their findings.
_fork_state: Optional[Tuple[Any, Any, Set[str]]] = None


def _check_groups(indexes: List[int]) -> List[Tuple[Optional[int], Any]]:
    """(index, findings) of each group; then (None, the rules' new answers), which the
    parent stores (rulekit/memo.py)."""
    from toollint.rulekit import memo

    assert _fork_state is not None
    rules, ctx, requested = _fork_state
    out: List[Tuple[Optional[int], Any]] = [(i, _check_group(rules, ctx, ctx.project.groups[i], requested))
                                            for i in indexes]
    return out + [(None, memo.fresh())]


def _check_parallel(rules, ctx, requested: Set[str], jobs: int) -> Dict[int, List[Finding]]:
    """Findings per group index, of the groups a pool of forked workers judged."""
    global _fork_state
    groups = ctx.project.groups
    target = pool.chunk_size(sum(len(g.tools) for g in groups), jobs, pool.RULES_CHUNKS_PER_JOB)
    chunks = pool.chunked(range(len(groups)), lambda i: len(groups[i].tools) + 1, target)
    from toollint.rulekit import memo

    _fork_state = (rules, ctx, requested)
    try:
        done = pool.run_chunks(_check_groups, chunks, jobs)
    finally:
        _fork_state = None
    out: Dict[int, List[Finding]] = {}
    for i, value in done:
        if i is None:
            memo.merge(value)
        else:
            out[i] = value
    return out
