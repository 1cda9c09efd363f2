"""What the commands share: settings from their arguments, the colour decision, the rule
docs, the linked project of some paths, and printing findings and errors.

Imported by every command, so the heavy imports stay inside the functions.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Set


def load_settings(args: argparse.Namespace, paths: Sequence[str], overrides: Optional[Mapping[str, object]] = None):
    """Settings from `--config FILE` (else the config file found above `paths`, unless
    `--isolated`) with the command line's `overrides` on top."""
    from toollint.config import load as config
    from toollint.rulekit.registry import rule_names

    rules = rule_names()
    path = args.config
    if path is None and not args.isolated:
        path = config.find_config(list(paths) or ["."])
    return config.load(path, isolated=args.isolated, overrides=dict(overrides or {}), rules=rules)


def use_color(choice: str) -> bool:
    """`--color auto|always|never`; auto honours NO_COLOR, then FORCE_COLOR, then the tty."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


def rule_docs(output_format: str, statistics: bool = False):
    """Code -> RuleDoc when the format reads them, else None (building them imports every rule)."""
    from toollint.report.format import RuleDoc, needs_rule_docs

    if not needs_rule_docs(output_format, statistics):
        return None
    from toollint.rulekit.registry import all_rules, doc_path

    return {code: RuleDoc(code, rule.name, rule.summary, doc_path(code)) for code, rule in all_rules().items()}


class Linked(NamedTuple):
    project: Any  # toollint.link.Project, empty when no file can hold a tool
    requested: Set[str]
    errors: List[Any]  # TL001 findings of requested files
    root: str  # the project root, that locations are relative to


def linked_project(paths: Sequence[str], settings) -> Linked:
    """The linked Project of `paths`, as `toollint check` builds it before its rules run."""
    from toollint.engine.core import build
    from toollint.engine.scan import project_root
    from toollint.link.project import Project

    built = build(paths, settings)
    project = built.project if built.project is not None else Project(modules={}, groups=[])
    return Linked(project, set(built.requested), built.errors, project_root(built.requested, settings))


def write(text: str) -> None:
    """`text` on stdout, ending with one newline; nothing when empty."""
    if text:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")


def print_findings(findings: Sequence[Any], settings, color: str, sources: Optional[Dict[str, str]] = None,
                   statistics: bool = False) -> None:
    """The findings in the settings' output format on stdout (`color`: the --color choice)."""
    from toollint.report.format import render

    write(render(findings, settings.output_format, sources=sources, color=use_color(color),
                 rule_docs=rule_docs(settings.output_format, statistics), root=settings.root,
                 statistics=statistics, unsafe_fixes=getattr(settings, "unsafe_fixes", False)))


def print_error(text: str, multiline: bool = False) -> None:
    """Print to stderr what may quote a file name, a config value or a comment: one line
    (with `multiline`, for --verbose tracebacks, indented lines), no terminal control
    characters, no CI log command."""
    from toollint.report.format import defuse_ci_commands, sanitize

    if multiline:
        first, *rest = text.split("\n")
        text = "\n".join([sanitize(first)] + ["    " + sanitize(line) for line in rest if line.strip()])
    else:
        text = sanitize(text)
    print(defuse_ci_commands(text), file=sys.stderr)
