"""The base class every rule in rules/ subclasses.

A rule reads the model (never the CST). It may look at one tool at a time, at one
registry group (definitions + handlers + router that belong together), or at the whole
project. It yields Findings built with `self.report`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Iterable, Optional

from toollint.model import Finding, Span

if TYPE_CHECKING:  # pragma: no cover
    from toollint.config.settings import Settings
    from toollint.model import Group, Project, Tool


@dataclass(frozen=True)
class Context:
    settings: "Settings"
    project: "Project"


class Rule:
    code: ClassVar[str] = ""
    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    default_enabled: ClassVar[bool] = True

    def check_tool(self, tool: "Tool", group: "Group", ctx: Context) -> Iterable[Finding]:
        return ()

    def check_group(self, group: "Group", ctx: Context) -> Iterable[Finding]:
        return ()

    def check_project(self, project: "Project", ctx: Context) -> Iterable[Finding]:
        return ()

    def report(self, span: Span, message: str, noqa_line: Optional[int] = None, fix=None) -> Finding:
        return Finding(
            code=self.code,
            name=self.name,
            message=message,
            span=span,
            noqa_line=noqa_line if noqa_line is not None else span.end_line,
            fix=fix,  # a toollint.fix.Fix
        )
