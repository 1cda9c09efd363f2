"""A description chosen by a conditional (`DETAILED if verbose else SHORT`): each branch
is judged as the tool's description, and a finding about the description stands only
when every branch has it (issue 18). The model gets one of them; a defect that only some
branches have depends on a flag toollint cannot see, so it is not reported.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Iterator, List

from toollint.model import Finding, Span, Tool

EVERY_BRANCH = " (every description the conditional chooses between has this)"


def _within(inner: Span, outer: Span) -> bool:
    return inner.path == outer.path and (outer.line, outer.col) <= (inner.line, inner.col) \
        and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def check_tool(rule, tool: Tool, group, ctx) -> Iterable[Finding]:
    """rule.check_tool, over each branch when the description is a conditional's."""
    d = tool.description
    if d is None or d.value is not None or len(d.choices) < 2:
        return rule.check_tool(tool, group, ctx)
    return _every_branch(rule, tool, group, ctx)


def _every_branch(rule, tool: Tool, group, ctx) -> Iterator[Finding]:
    d = tool.description
    runs: List[List[Finding]] = [list(rule.check_tool(replace(tool, description=c), group, ctx)) for c in d.choices]
    for f in runs[0]:
        if not _within(f.span, d.choices[0].span):
            if all(f in run for run in runs[1:]):
                yield f  # not about the description (a property, the name): the same in every branch
            continue
        if all(any(g.code == f.code and _within(g.span, c.span) for g in run)
               for run, c in zip(runs[1:], d.choices[1:])):
            yield replace(f, span=d.span, message=f.message + EVERY_BRANCH, noqa_line=d.span.end_line)
