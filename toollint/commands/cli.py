"""Command line: `toollint check`, `toollint rule`. Exit 0 clean, 1 findings, 2 usage/config/internal error."""
from __future__ import annotations

import argparse
import gc
import os
import sys
import traceback
from contextlib import contextmanager
from typing import Dict, List, Optional, Sequence

from toollint import __version__
from toollint.config.settings import ConfigError

OUTPUT_FORMATS = ("concise", "full", "json", "github", "sarif", "gitlab")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line and exit 2, as for config errors
        self.exit(2, f"toollint: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="toollint", description="Lint the LLM tool definitions in Python code.")
    parser.add_argument("--version", action="version", version=f"toollint {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    check = sub.add_parser("check", help="lint files and folders (default: .)")
    check.add_argument("paths", nargs="*", metavar="PATH")
    sel = check.add_argument_group("rule selection")
    sel.add_argument("--select", metavar="CODES", help="comma-separated codes or prefixes to enable (replaces the default set)")
    sel.add_argument("--extend-select", metavar="CODES", help="codes or prefixes to enable in addition")
    sel.add_argument("--ignore", metavar="CODES", help="codes or prefixes to disable")
    sel.add_argument("--extend-ignore", metavar="CODES", help="codes or prefixes to disable in addition")
    sel.add_argument("--per-file-ignores", metavar="GLOB:CODES", help="e.g. 'tests/*:TL101,TL103 legacy.py:TL1'")
    files = check.add_argument_group("files")
    files.add_argument("--exclude", metavar="GLOBS", help="comma-separated globs replacing the default excludes")
    files.add_argument("--extend-exclude", metavar="GLOBS", help="globs to exclude in addition")
    files.add_argument("--force-exclude", action="store_true", default=None,
                       help="apply excludes to files named on the command line too (pre-commit)")
    files.add_argument("--stdin-filename", metavar="NAME", help="read the source from stdin (PATH '-') as this file")
    files.add_argument("--changed-since", metavar="REF",
                       help="check the Python files changed since the merge base with REF (git)")
    cfg = check.add_argument_group("configuration")
    cfg.add_argument("--config", metavar="FILE", help="read [tool.toollint] from this pyproject.toml")
    cfg.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    cfg.add_argument("--target", choices=("openai", "anthropic", "mcp"), help="provider whose tool-name rules apply")
    cfg.add_argument("--max-tools-per-turn", type=int, metavar="N")
    out = check.add_argument_group("output")
    out.add_argument("--output-format", choices=OUTPUT_FORMATS)
    out.add_argument("--show-source", action="store_true", help="same as --output-format full")
    out.add_argument("--statistics", action="store_true", help="count findings per rule")
    out.add_argument("--count", action="store_true", help="print the number of findings last")
    out.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    out.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    out.add_argument("--ignore-noqa", action="store_true", help="report findings that a noqa comment suppresses")
    out.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary")
    out.add_argument("-v", "--verbose", action="store_true", help="show tracebacks of internal errors")
    perf = check.add_argument_group("performance")
    perf.add_argument("-j", "--jobs", type=int, metavar="N", help="worker processes (default: CPU count)")
    perf.add_argument("--no-cache", action="store_true", help="neither read nor write .toollint_cache/")

    rule = sub.add_parser("rule", help="explain a rule, or list them all")
    rule.add_argument("rule", nargs="?", metavar="CODE|NAME")
    rule.add_argument("--all", action="store_true")
    rule.add_argument("--output-format", choices=("text", "json"), default="text")

    # Each further command owns its arguments: toollint/<command>.py has add_parser and run.
    for name in _COMMANDS:
        _command(name).add_parser(sub)
    return parser


_COMMANDS = {"dump": "toollint.commands.dump", "usage": "toollint.usage.command"}


def _command(name: str):
    import importlib

    return importlib.import_module(_COMMANDS[name])


def _overrides(args: argparse.Namespace) -> Dict[str, object]:
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


def _use_color(choice: str) -> bool:
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


def _settings(args: argparse.Namespace, paths: Sequence[str]):
    from toollint.config import load as config
    from toollint.rulekit.registry import rule_names

    rules = rule_names()
    path = args.config
    if path is None and not args.isolated:
        path = config.find_config(list(paths) or ["."])
    return config.load(path, isolated=args.isolated, overrides=_overrides(args), rules=rules)


@contextmanager
def _quiet_gc():
    """Rare cyclic collections while a run lasts (restored after, for callers of main()).

    A run allocates millions of objects (libcst trees, positions, cached facts) and frees
    nearly all of them by reference counting. At the default thresholds the cyclic
    collector rescans the survivors over and over: measured, a quarter of a cold run and
    three quarters of unpickling the cache. Collections stay possible, so a cycle nobody
    foresaw is still freed; tests/test_engine_perf.py checks extraction leaves none.
    """
    thresholds = gc.get_threshold()
    gc.freeze()  # what start-up imported (libcst's classes and all) is never garbage
    gc.set_threshold(50_000, 20, 100)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _check(args: argparse.Namespace) -> int:
    from toollint.engine import core as engine
    from toollint.report.format import render

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
    settings = _settings(args, paths if stdin is None else [stdin[0]])
    with _quiet_gc():
        result = engine.run(paths, settings, stdin=stdin, verbose=args.verbose, ignore_noqa=args.ignore_noqa,
                            jobs=args.jobs, cache=not args.no_cache)
    for warning in result.warnings:
        _print_error(f"toollint: warning: {warning}", multiline=args.verbose)
    from toollint.report.format import RuleDoc, needs_rule_docs
    from toollint.rulekit.registry import all_rules, doc_path

    docs = None
    if needs_rule_docs(settings.output_format, args.statistics):
        docs = {code: RuleDoc(code, rule.name, rule.summary, doc_path(code)) for code, rule in all_rules().items()}
    text = render(
        result.findings,
        settings.output_format,
        sources=result.sources,
        color=_use_color(args.color),
        rule_docs=docs,
        root=settings.root,
        statistics=args.statistics,
    )
    if text:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    if args.count:
        print(len(result.findings))
    if args.exit_zero:
        return 0
    return 1 if result.findings else 0


def _rule(args: argparse.Namespace) -> int:
    from toollint.commands.rule import show

    return show(args.rule, args.all, args.output_format)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "rule":
            return _rule(args)
        if args.command in _COMMANDS:
            return _command(args.command).run(args)
        parser.print_help()
        return 2
    except ConfigError as exc:
        _print_error(f"toollint: error: {exc}")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    except Exception as exc:  # never a traceback for the user, unless asked for
        if getattr(args, "verbose", False):
            _print_error(traceback.format_exc().rstrip("\n"), multiline=True)
        _print_error(f"toollint: internal error: {type(exc).__name__}: {exc}; rerun with --verbose and report it")
        return 2


def _print_error(text: str, multiline: bool = False) -> None:
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
