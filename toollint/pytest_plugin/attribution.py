"""One engine run, split into pytest items: one per tool, one per file for the rest.

The findings are exactly those `toollint check` keeps for the same paths and settings
(the engine's own build and judge: selection, per-file-ignores, noqa). Only the question
"which item fails" is answered here: a finding a rule's `check_tool` gives for a tool is
that tool's, wherever it points (TL204 points into the handler's module); else the tool
whose definition holds the finding's span; else the file's own item.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple

from toollint.model import Finding, Span, Tool

FILE_ITEM = "toollint"  # the name of a file's own item


@dataclass
class Entry:
    """One pytest item: `name` under the file `path`, failing with `findings`."""

    path: str  # absolute
    name: str  # "toollint[reset_password]" or FILE_ITEM
    line: int  # 1-based, where the item's definition starts
    findings: List[Finding] = field(default_factory=list)


@dataclass
class Report:
    entries: Dict[str, List[Entry]]  # absolute path -> its items, in source order
    warnings: List[str]


def lint(paths: Sequence[str], settings, jobs: int) -> Report:
    from toollint.engine.core import _judge, build

    built = build(paths, settings, jobs=jobs)
    kept, warnings = _judge(built, settings, jobs, ignore_noqa=False)
    requested = set(built.requested)
    tools = _tools(built.project, requested)
    owner = _owners(built.project, settings, kept, tools)
    entries: Dict[str, List[Entry]] = {}
    for path in _file_paths(built.project, requested, kept):
        entries.setdefault(path, []).append(Entry(path, FILE_ITEM, 1))
    by_span: Dict[Span, Entry] = {}
    for tool in sorted(tools.values(), key=lambda t: (t.span.path, t.span.line, t.span.col)):
        entry = Entry(tool.span.path, _unique(_item_name(tool), tool, entries.get(tool.span.path, [])),
                      tool.span.line)
        entries.setdefault(tool.span.path, []).append(entry)
        by_span[tool.span] = entry
    for f in kept:
        span = owner.get(f) or _holder(f.span, tools)
        target = by_span.get(span) if span is not None else None
        if target is None:
            target = next(e for e in entries.setdefault(f.span.path, [Entry(f.span.path, FILE_ITEM, 1)])
                          if e.name == FILE_ITEM)
        target.findings.append(f)
    return Report({os.path.abspath(p): e for p, e in entries.items()}, warnings)


def _tools(project, requested: Set[str]) -> Dict[Span, Tool]:
    """The tools defined in requested files, once each (a module two groups read is in both)."""
    out: Dict[Span, Tool] = {}
    if project is None:
        return out
    for tool in project.all_tools():
        if tool.span.path in requested:
            out.setdefault(tool.span, tool)
    return out


def _owners(project, settings, kept: List[Finding], tools: Dict[Span, Tool]) -> Dict[Finding, Span]:
    """Finding -> the span of the tool whose `check_tool` gave it, for the kept findings.

    The rules run again per tool, but only those whose codes were kept: the cost of
    attribution follows the failures, not the size of the project.
    """
    if project is None or not kept:
        return {}
    from toollint.rulekit.registry import all_rules
    from toollint.rulekit.rule import Context

    wanted = set(kept)
    codes = {f.code for f in kept}
    rules = [rule for code, rule in all_rules().items() if code in codes]
    ctx = Context(settings=settings, project=project)
    out: Dict[Finding, Span] = {}
    for group in project.groups:
        for tool in group.tools:
            if tool.span not in tools:
                continue
            for rule in rules:
                for f in rule.check_tool(tool, group, ctx):
                    if f in wanted:
                        out.setdefault(f, tool.span)
    return out


def _holder(span: Span, tools: Dict[Span, Tool]) -> Optional[Span]:
    """The innermost tool definition that holds `span`."""
    best: Optional[Span] = None
    for t in tools:
        if t.path == span.path and _inside(span, t) and (best is None or _inside(t, best)):
            best = t
    return best


def _inside(inner: Span, outer: Span) -> bool:
    return (outer.line, outer.col) <= (inner.line, inner.col) and \
        (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def _file_paths(project, requested: Set[str], kept: List[Finding]) -> List[str]:
    """The files that get an item of their own: every requested module toollint reads
    registries or tools from (so the item stays when its findings are fixed), and every
    file a finding is in."""
    paths = {f.span.path for f in kept}
    if project is not None:
        for path, facts in project.modules.items():
            if path in requested and facts is not None and (
                    facts.registries or facts.decorated or facts.pending or facts.loose_tools):
                paths.add(path)
    return sorted(paths)


def _item_name(tool: Tool) -> str:
    from toollint.report.formats.common import sanitize

    name = tool.name.value if isinstance(tool.name.value, str) else (tool.name_expr or f"line {tool.span.line}")
    return sanitize(name).replace("::", ":")


def _unique(name: str, tool: Tool, siblings: List[Entry]) -> str:
    """`toollint[NAME]`, or `toollint[NAME@LINE]` for a second tool of that name in the file."""
    taken = {e.name for e in siblings}
    plain = f"{FILE_ITEM}[{name}]"
    return plain if plain not in taken else f"{FILE_ITEM}[{name}@{tool.span.line}]"


def failure_text(findings: Sequence[Finding], root: str) -> str:
    """The lines `toollint check` prints (paths relative to `root`), each with the rule's
    one-line summary under it."""
    from toollint.report.format import render
    from toollint.rulekit.registry import all_rules

    rules = all_rules()
    relative = [dataclasses.replace(f, span=dataclasses.replace(f.span, path=_relative(f.span.path, root)))
                for f in sorted(findings, key=Finding.sort_key)]
    out: List[str] = []
    for f, line in zip(relative, render(relative, "concise").splitlines()):
        out.append(line)
        rule = rules.get(f.code)
        if rule is not None:
            out.append(f"    {f.code} ({rule.name}): {rule.summary}; see `toollint rule {f.code}`")
    return "\n".join(out)


def _relative(path: str, root: str) -> str:
    rel = os.path.relpath(os.path.abspath(path), root)
    return path if rel.startswith("..") else rel


__all__: Tuple[str, ...] = ("Entry", "Report", "lint", "failure_text", "FILE_ITEM")
