"""Command line: `toollint check`, `toollint rule`. Exit 0 clean, 1 findings, 2 usage/config/internal error."""
from __future__ import annotations

import argparse
import traceback
from typing import Optional, Sequence

from toollint import __version__
from toollint.commands.common import print_error
from toollint.config.settings import OUTPUT_FORMATS, ConfigError


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

    # Each further command owns its arguments: its module has add_parser and run.
    for name in _COMMANDS:
        _command(name).add_parser(sub)
    return parser


_COMMANDS = {
    "dump": "toollint.commands.dump",
    "usage": "toollint.usage.command",
    "server": "toollint.lsp.command",  # the language server, for editors
}


def _command(name: str):
    import importlib

    return importlib.import_module(_COMMANDS[name])


def _rule(args: argparse.Namespace) -> int:
    from toollint.commands.rule import show

    return show(args.rule, args.all, args.output_format)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            from toollint.commands.check import run

            return run(args)
        if args.command == "rule":
            return _rule(args)
        if args.command in _COMMANDS:
            return _command(args.command).run(args)
        parser.print_help()
        return 2
    except ConfigError as exc:
        print_error(f"toollint: error: {exc}")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    except Exception as exc:  # never a traceback for the user, unless asked for
        if getattr(args, "verbose", False):
            print_error(traceback.format_exc().rstrip("\n"), multiline=True)
        print_error(f"toollint: internal error: {type(exc).__name__}: {exc}; rerun with --verbose and report it")
        return 2
