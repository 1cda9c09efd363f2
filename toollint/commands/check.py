"""`toollint check`: lint files and folders, print the findings, exit 1 when there are any."""
from __future__ import annotations

import argparse
import gc
import os
import sys
from contextlib import contextmanager
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
    resolve = resolver(args, _overrides(args))
    if stdin is not None:
        parts = [Part(resolve.for_path(stdin[0]), paths, None)]
    else:
        parts = partition(paths, resolve)
    if args.show_files or args.show_settings:
        return _show(args, parts, resolve, stdin)
    findings, sources, warnings = _lint(args, parts, resolve, stdin)
    if not args.quiet:
        for warning in warnings:
            print_error(f"toollint: warning: {warning}", multiline=args.verbose)
    # output options are the first path's configuration's (one output for the whole run)
    settings = resolve.for_path(stdin[0] if stdin is not None else paths[0])
    print_findings(findings, settings, args.color, sources=sources, statistics=args.statistics)
    if args.count:
        print(len(findings))
    if args.exit_zero:
        return 0
    return 1 if findings else 0


def _lint(args: argparse.Namespace, parts: List[Part], resolve, stdin):
    """(findings, sources, warnings) of every part, each run with its own settings."""
    from toollint.engine import core as engine
    from toollint.front.discover import hand_over
    from toollint.model import Finding

    findings: List = []
    sources: Dict[str, str] = {}
    warnings: List[str] = []
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
    findings.sort(key=Finding.sort_key)
    return findings, sources, warnings


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
