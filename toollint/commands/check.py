"""`toollint check`: lint files and folders, print the findings, exit 1 when there are any."""
from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Dict, List

from toollint.commands.common import print_error, print_findings, resolver, selection_overrides
from toollint.commands.parts import Part, partition, show as _show
from toollint.config.settings import ConfigError


def run(args: argparse.Namespace) -> int:
    paths: List[str] = list(args.paths)
    stdin = None
    if paths == ["-"] or args.stdin_filename:
        if args.stdin_filename is None:
            raise ConfigError("reading from stdin ('-') needs --stdin-filename NAME")
        if args.add_noqa:
            raise ConfigError("--add-noqa edits files in place; it cannot edit stdin")
        paths = [p for p in paths if p != "-"]
        stdin = (args.stdin_filename, sys.stdin.buffer.read())
    elif args.changed_since is not None:
        from toollint.front.changed import changed_files

        paths = changed_files(args.changed_since, paths)
        if not paths:
            return 0
        args.force_exclude = True  # changed files are not chosen by hand: excludes apply
    elif not paths:
        paths = ["."]
    if "" in paths:
        raise ConfigError("an empty path ('') was given: name a file or folder, or '.' for this one")
    from toollint.fix import options as fixing
    from toollint.fix.policy import with_fixes_allowed

    resolve = resolver(args, {**_overrides(args), **fixing.overrides(args)})
    if stdin is not None:
        parts = [Part(resolve.for_path(stdin[0]), paths, None)]
    else:
        parts = partition(paths, resolve)
    if args.show_files or args.show_settings:
        return _show(args, parts, resolve, stdin)
    # output options are the first path's configuration's (one output for the whole run)
    settings = resolve.for_path(stdin[0] if stdin is not None else paths[0])
    _check_conflicts(args, settings.output_format)

    def run_once(source=stdin):
        return _lint(args, parts, resolve, source)

    if fixing.wanted(args, settings):
        return _fix(args, settings, run_once, stdin)
    # `[*]` marks every enabled fix, unapplied (as ruff's): applying each was a fifth of a
    # cold run; --fix says which did not apply, and tests/fix/test_offered.py applies every
    # fix the corpora offer.
    linted = _lint(args, parts, resolve, stdin)
    _warn(linted.warnings, args)
    findings = with_fixes_allowed(linted.findings, settings)
    return _finish(args, settings, findings, linted.sources, linted.counts)


@dataclass
class Linted:
    """What the engine runs of every configuration's part found, together (a run's result)."""
    findings: List
    sources: Dict[str, str]
    warnings: List[str]
    counts: Dict[str, int]


def _lint(args: argparse.Namespace, parts: List[Part], resolve, stdin):
    """The findings, sources, warnings and counts of every part, each run with its own settings."""
    from toollint.engine import core as engine
    from toollint.front.discover import hand_over
    from toollint.model import Finding

    findings: List = []
    sources: Dict[str, str] = {}
    warnings: List[str] = []
    counts = {"files": 0, "tools": 0, "groups": 0}
    with _quiet_gc():
        for part in parts:
            if part.walked:  # the walk is not done twice
                hand_over(part.paths, part.settings, part.files or [])
            result = engine.run(part.paths, part.settings, stdin=stdin, verbose=args.verbose,
                                ignore_noqa=args.ignore_noqa, jobs=args.jobs, cache=not args.no_cache)
            mine = result.findings
            if len(parts) > 1:
                # a group reaching into another configuration's files reports there in that one's run
                mine = [f for f in mine if resolve.config_for(os.path.dirname(os.path.abspath(f.span.path)))
                        == part.settings.config_path]
            findings.extend(mine)
            sources.update(result.sources)
            warnings.extend(w for w in result.warnings if w not in warnings)
            for key, value in (("files", result.files_checked), ("tools", result.tools), ("groups", result.groups)):
                counts[key] += value
    findings.sort(key=Finding.sort_key)
    return Linted(findings, sources, warnings, counts)


# --- what was checked, option conflicts, --output-file, --add-noqa (issue 19) -------------

_JSON_FORMATS = ("json", "sarif", "gitlab")


def _finish(args: argparse.Namespace, settings, findings, sources, counts: Dict[str, int]) -> int:
    """Print the findings (or add their directives), say what was checked; the exit status.
    `counts`: the files checked, and the tools and groups they take part in."""
    if args.add_noqa:
        return _add_noqa(args, findings, settings)
    counts = dict(counts, findings=len(findings))
    with _output(args.output_file):
        print_findings(findings, settings, args.color, sources=sources, statistics=args.statistics, counts=counts)
        _fix_hint(args, settings, findings)
        if args.count:
            print(len(findings))
    if not args.quiet and settings.output_format in ("concise", "full"):
        print_error(summary_line(counts))
    if args.exit_zero:
        return 0
    return 1 if findings else 0


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary_line(counts: Dict[str, int]) -> str:
    """What a concise or full run checked, so that "clean" can be told from "unseen"."""
    files = _plural(counts["files"], "file")
    findings = _plural(counts["findings"], "finding")
    if not counts["files"]:
        return "No Python files to check."
    if not counts["tools"]:
        return f"No tool definitions found in {files}" + (f"; {findings}." if counts["findings"] else ".")
    return f"Checked {files}: {_plural(counts['tools'], 'tool')} in {_plural(counts['groups'], 'group')}, {findings}."


def _check_conflicts(args: argparse.Namespace, fmt: str) -> None:
    """Options that cannot mean anything together: one line, exit 2 (ConfigError)."""
    if args.show_source and args.output_format not in (None, "full", "concise"):
        raise ConfigError(f"--show-source shows source lines in the full format; "
                          f"it cannot be combined with --output-format {args.output_format}")
    if args.count and fmt in _JSON_FORMATS:
        raise ConfigError(f"--count prints a line after the findings; the {fmt} output would no "
                          "longer be valid JSON (count the array's items instead)")
    if args.statistics and fmt not in ("concise", "full", "json"):
        raise ConfigError(f"--statistics prints a table or a JSON array, not a {fmt} report; "
                          "use it with --output-format concise or json")
    if args.add_noqa and (args.output_file or args.statistics or args.count):
        raise ConfigError("--add-noqa edits the files and reports no findings; "
                          "it cannot be combined with --output-file, --statistics or --count")


@contextmanager
def _output(path):
    """stdout, or the --output-file FILE the findings go to instead (created or replaced)."""
    if path is None:
        yield
        return
    from contextlib import redirect_stdout

    try:
        out = open(path, "w", encoding="utf-8", newline="")
    except OSError as exc:
        raise ConfigError(f"--output-file {path}: {exc.strerror or exc}") from None
    with out, redirect_stdout(out):
        yield


def _add_noqa(args: argparse.Namespace, findings, settings) -> int:
    """Add the directives, then report what could not be suppressed (exit 1 if any)."""
    from toollint.report.add_noqa import add_noqa

    added = add_noqa(findings)
    for warning in added.warnings:
        print_error(f"toollint: warning: {warning}")
    print_findings(added.left, settings, args.color)
    if not args.quiet:
        print_error(f"Added {_plural(added.directives, 'noqa directive')} to {_plural(added.files, 'file')}.")
    return 1 if added.left and not args.exit_zero else 0


def _warn(warnings, args: argparse.Namespace) -> None:
    if args.quiet:  # -q: findings and errors only
        return
    for warning in warnings:
        print_error(f"toollint: warning: {warning}", multiline=args.verbose)


def _fix_hint(args: argparse.Namespace, settings, findings) -> None:
    """ruff's "[*] N fixable with the `--fix` option." after the text formats."""
    from toollint.fix.policy import summary

    if not args.quiet and not args.statistics and settings.output_format in ("concise", "full"):
        line = summary(findings, settings.unsafe_fixes)
        if line:
            print(line)


def _fix(args: argparse.Namespace, settings, run_once, stdin) -> int:
    """--fix, --fix-only, --diff (toollint/fix/command.py); exit as ruff: --diff 1 when there
    is a change, --fix-only 0, --fix 1 when findings remain."""
    from toollint.fix import command as fixing
    from toollint.fix.policy import verified, with_fixes_allowed

    outcome = fixing.fix_loop(run_once, settings, write=not args.diff, stdin=stdin)
    _warn(list(outcome.result.warnings) + outcome.warnings, args)
    if args.diff:
        for path, (before, after) in sorted(outcome.sources.items()):
            fixing.write_bytes(fixing.unified_diff(path, before, after))
        if not args.quiet and outcome.fixed:
            n = sum(outcome.fixed.values())
            print_error(f"Would fix {n} error{'' if n == 1 else 's'}.")
        return 1 if outcome.sources else 0
    if stdin is not None:
        fixing.write_bytes(outcome.sources.get(stdin[0], (stdin[1], stdin[1]))[1])
    remaining = verified(with_fixes_allowed(outcome.result.findings, settings), stdin and (
        stdin[0], outcome.sources.get(stdin[0], (stdin[1], stdin[1]))[1]))
    out = sys.stderr if stdin is not None else sys.stdout
    if args.show_fixes:
        fixing.write_bytes(fixing.fixed_table(outcome.fixed), out)
    if args.fix_only:
        return 0
    with contextlib.redirect_stdout(out):
        print_findings(remaining, settings, args.color, sources=outcome.result.sources, statistics=args.statistics)
        if not args.quiet and settings.output_format in ("concise", "full"):
            line = fixing.fix_summary(outcome, len(remaining))
            if line:
                print(line)
        _fix_hint(args, settings, remaining)
        if args.count:
            print(len(remaining))
    return 0 if args.exit_zero or not remaining else 1


def _overrides(args: argparse.Namespace) -> Dict[str, object]:
    """The configuration the command line sets, in pyproject's keys; a repeated option adds
    to what the ones before it gave."""
    from toollint.config.load import parse_per_file_ignores

    out: Dict[str, object] = selection_overrides(args)
    for key in ("exclude", "extend_exclude"):
        values = getattr(args, key)
        if values is not None:
            out[key.replace("_", "-")] = [v.strip() for value in values for v in value.split(",") if v.strip()]
    if args.per_file_ignores is not None:
        merged: Dict[str, List[str]] = {}
        for value in args.per_file_ignores:
            for glob, codes in parse_per_file_ignores(value):
                merged.setdefault(glob, []).extend(c for c in codes if c not in merged.get(glob, []))
        out["per-file-ignores"] = merged
    if args.force_exclude:
        out["force-exclude"] = True
    if args.respect_gitignore is not None:
        out["respect-gitignore"] = args.respect_gitignore
    if args.target:
        out["target"] = args.target
    if args.max_tools_per_turn is not None:
        out["max-tools-per-turn"] = args.max_tools_per_turn
    if args.show_source:
        out["output-format"] = "full"
    elif args.output_format:
        out["output-format"] = args.output_format
    return out


@contextmanager
def _quiet_gc():
    """Rare cyclic collections while a run lasts (restored after, for callers of main()).

    A run allocates millions of objects (libcst trees, positions, cached facts) and frees
    nearly all of them by reference counting. At the default thresholds the cyclic
    collector rescans the survivors over and over: measured, a quarter of a cold run and
    three quarters of unpickling the cache. Collections stay possible, so a cycle nobody
    foresaw is still freed; tests/engine/test_engine.py checks extraction leaves none.
    """
    thresholds = gc.get_threshold()
    gc.freeze()  # what start-up imported (libcst's classes and all) is never garbage
    gc.set_threshold(50_000, 20, 100)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
