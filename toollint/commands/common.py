"""What the commands share: settings from their arguments, the colour decision, the rule
docs, the linked project of some paths, and printing findings and errors.

Imported by every command, so the heavy imports stay inside the functions.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Set


def resolver(args: argparse.Namespace, overrides: Optional[Mapping[str, object]] = None):
    """Settings per file: `--config FILE` (or `--isolated`) for all, else each file's
    nearest configuration; the command line's `overrides` on top of each."""
    from toollint.config.resolve import Resolver
    from toollint.rulekit.registry import rule_names

    return Resolver(args.config, isolated=args.isolated, overrides=dict(overrides or {}), rules=rule_names())


def load_settings(args: argparse.Namespace, paths: Sequence[str], overrides: Optional[Mapping[str, object]] = None):
    """The Settings of the first of `paths` (the working folder for none, or stdin's '-')."""
    first = paths[0] if paths and paths[0] != "-" else "."
    return resolver(args, overrides).for_path(first)


# --- options that several commands take -----------------------------------------------


def add_config_options(group) -> None:
    group.add_argument("--config", metavar="FILE",
                       help="use this configuration file for every file: a pyproject.toml ([tool.toollint]) "
                            "or a toollint.toml (default: each file's nearest one)")
    group.add_argument("--isolated", action="store_true",
                       help="ignore every configuration file (default: off)")


def add_selection_options(group) -> None:
    """Repeatable, as ruff's: `--select TL1 --select TL305` selects both."""
    def add(flag: str, text: str, metavar: str = "CODES") -> None:
        group.add_argument(flag, action="append", metavar=metavar, help=text + "; repeatable")

    add("--select", "comma-separated codes, prefixes or names to enable, replacing the configured set "
                    "(default: the configuration's, else every rule on by default)")
    add("--extend-select", "codes, prefixes or names to enable in addition (default: none)")
    add("--ignore", "codes, prefixes or names to disable (default: none)")
    add("--extend-ignore", "codes, prefixes or names to disable in addition (default: none)")


def selection_overrides(args: argparse.Namespace) -> Dict[str, object]:
    """select/extend-select/ignore/extend-ignore as pyproject keys: every repeat counts."""
    from toollint.config.load import parse_code_list

    out: Dict[str, object] = {}
    for key in ("select", "extend_select", "ignore", "extend_ignore"):
        values = getattr(args, key, None)
        if values is not None:
            out[key.replace("_", "-")] = [code for value in values for code in parse_code_list(value)]
    return out


def positive_int(text: str) -> int:
    """An argparse type: a whole number >= 1 (`-j 0` is refused, not taken as the default)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {value}")
    return value


def use_color(choice: str) -> bool:
    """`--color auto|always|never`; auto honours, in this order, NO_COLOR (no-color.org),
    FORCE_COLOR (force-color.org), CLICOLOR_FORCE and CLICOLOR=0 (bixense.com/clicolors),
    TERM=dumb, then whether stdout is a terminal."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    env = os.environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    if env.get("CLICOLOR_FORCE", "0") not in ("", "0"):
        return True
    if env.get("CLICOLOR") == "0" or env.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()


def report_root() -> str:
    """What machine-read output (github, sarif, gitlab) makes paths relative to: the top of
    the git work tree holding the working folder (where CI runs and annotations resolve),
    else the working folder; never a config file's folder."""
    here = os.getcwd()
    folder = here
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return here
        folder = parent


def rule_docs(output_format: str, statistics: bool = False):
    """Code -> RuleDoc when the format reads them, else None (building them imports every rule)."""
    from toollint.report.format import needs_rule_docs

    if not needs_rule_docs(output_format, statistics):
        return None
    from toollint.report.docs import rule_docs as docs

    return docs()


class Linked(NamedTuple):
    project: Any  # toollint.link.Project, empty when no file can hold a tool
    requested: Set[str]
    errors: List[Any]  # TL001 findings of requested files
    root: str  # the project root, that locations are relative to
    internal: List[str] = []  # with verbose: "path: traceback" of our own bugs


def linked_project(paths: Sequence[str], settings, verbose: bool = False, cache: bool = True) -> Linked:
    """The linked Project of `paths`, as `toollint check` builds it before its rules run."""
    from toollint.engine.core import build
    from toollint.engine.scan import project_root
    from toollint.link.project import Project

    built = build(paths, settings, verbose=verbose, cache=cache)
    project = built.project if built.project is not None else Project(modules={}, groups=[])
    return Linked(project, set(built.requested), built.errors, project_root(built.requested, settings),
                  list(built.internal))


def write(text: str) -> None:
    """`text` on stdout, ending with one newline; nothing when empty."""
    if text:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")


def print_findings(findings: Sequence[Any], settings, color: str, sources: Optional[Dict[str, str]] = None,
                   statistics: bool = False, counts: Optional[Mapping[str, int]] = None) -> None:
    """The findings in the settings' output format on stdout (`color`: the --color choice;
    `counts`: what the run checked, for the formats that carry it)."""
    from toollint.report.format import render

    write(render(findings, settings.output_format, sources=sources, color=use_color(color),
                 rule_docs=rule_docs(settings.output_format, statistics), root=report_root(),
                 statistics=statistics, counts=counts, unsafe_fixes=getattr(settings, "unsafe_fixes", False)))


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
