"""`toollint check`: lint files and folders, print the findings, exit 1 when there are any."""
from __future__ import annotations

import argparse
import contextlib
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
    from toollint.fix import command as fixing
    from toollint.fix.policy import verified, with_fixes_allowed

    settings = load_settings(args, paths if stdin is None else [stdin[0]], {**_overrides(args),
                                                                              **fixing.overrides(args)})

    def run_once(source=stdin):
        return engine.run(paths, settings, stdin=source, verbose=args.verbose, ignore_noqa=args.ignore_noqa,
                          jobs=args.jobs, cache=not args.no_cache)

    with _quiet_gc():
        if fixing.wanted(args, settings):
            return _fix(args, settings, run_once, stdin)
        result = run_once()
    _warn(result.warnings, args)
    findings = verified(with_fixes_allowed(result.findings, settings), stdin)
    print_findings(findings, settings, args.color, sources=result.sources, statistics=args.statistics)
    _fix_hint(args, settings, findings)
    if args.count:
        print(len(result.findings))
    if args.exit_zero:
        return 0
    return 1 if result.findings else 0


def _warn(warnings, args: argparse.Namespace) -> None:
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
