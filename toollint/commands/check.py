"""`toollint check`: lint files and folders, print the findings, exit 1 when there are any."""
from __future__ import annotations

import argparse
import gc
import sys
from contextlib import contextmanager
from typing import Dict, List

from toollint.commands.common import load_settings, print_error, print_findings
from toollint.config.settings import ConfigError


def run(args: argparse.Namespace) -> int:
    from toollint.engine import core as engine

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
    settings = load_settings(args, paths if stdin is None else [stdin[0]], _overrides(args))
    _check_conflicts(args, settings.output_format)
    with _quiet_gc():
        result = engine.run(paths, settings, stdin=stdin, verbose=args.verbose, ignore_noqa=args.ignore_noqa,
                            jobs=args.jobs, cache=not args.no_cache)
    for warning in result.warnings:
        print_error(f"toollint: warning: {warning}", multiline=args.verbose)
    counts = {"files": result.files_checked, "tools": result.tools, "groups": result.groups}
    return _finish(args, settings, result.findings, result.sources, counts)


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


def _overrides(args: argparse.Namespace) -> Dict[str, object]:
    """The configuration the command line sets, in pyproject's keys."""
    from toollint.config.load import parse_code_list, parse_per_file_ignores

    out: Dict[str, object] = {}
    for key in ("select", "extend_select", "ignore", "extend_ignore"):
        value = getattr(args, key)
        if value is not None:
            out[key.replace("_", "-")] = list(parse_code_list(value))
    for key in ("exclude", "extend_exclude"):
        value = getattr(args, key)
        if value is not None:
            out[key.replace("_", "-")] = [v.strip() for v in value.split(",") if v.strip()]
    if args.per_file_ignores is not None:
        out["per-file-ignores"] = {glob: list(codes) for glob, codes in parse_per_file_ignores(args.per_file_ignores)}
    if args.force_exclude:
        out["force-exclude"] = True
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
