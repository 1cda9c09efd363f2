"""Command line: `toollint check`, `toollint rule`. Exit 0 clean, 1 findings, 2 usage/config/internal error."""
from __future__ import annotations

import argparse
import sys
import traceback
from typing import Optional, Sequence

from toollint import __version__
from toollint.commands.common import (
    add_config_options,
    add_selection_options,
    positive_int,
    print_error,
)
from toollint.config.settings import OUTPUT_FORMATS, ConfigError


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        # `--sel` for `--select` would break silently when an option beginning alike is added
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # one line and exit 2, as for config errors
        self.exit(2, f"toollint: error: {message}\n")


def _parser(command: Optional[str] = None) -> argparse.ArgumentParser:
    """The whole command line, or with `command` (check, rule) only what that command's parsing
    needs: the other commands' modules (the language server, usage's log readers) are then
    not imported, which a pre-commit run of `check` paid for at every start."""
    parser = _Parser(prog="toollint", description="Lint the LLM tool definitions in Python code.")
    parser.add_argument("--version", action="version", version=f"toollint {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    check = sub.add_parser("check", help="lint files and folders (default: .)")
    check.add_argument("paths", nargs="*", metavar="PATH", help="files and folders to check (default: .)")
    sel = check.add_argument_group("rule selection")
    add_selection_options(sel)
    sel.add_argument("--per-file-ignores", action="append", metavar="GLOB:CODES",
                     help="e.g. 'tests/*:TL101,TL103 legacy.py:TL1', added to the configured ones "
                          "(default: none); repeatable")
    _add_file_options(check.add_argument_group("files"))
    cfg = check.add_argument_group("configuration")
    add_config_options(cfg)
    cfg.add_argument("--show-settings", action="store_true",
                     help="print the settings the first file is checked with and where they come from, and exit")
    cfg.add_argument("--target", choices=("openai", "anthropic", "mcp"),
                     help="provider whose tool-name rules apply (default: each definition's shape decides)")
    cfg.add_argument("--max-tools-per-turn", type=positive_int, metavar="N",
                     help="the most tools one turn may offer before TL307 (default: 20)")
    out = check.add_argument_group("output")
    out.add_argument("--output-format", choices=OUTPUT_FORMATS, help="how findings are printed (default: the configuration's, else concise)")
    out.add_argument("--show-source", action="store_true", help="same as --output-format full")
    out.add_argument("--statistics", action="store_true", help="count findings per rule")
    out.add_argument("--count", action="store_true", help="print the number of findings last")
    out.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    out.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                     help="colour the output: auto honours NO_COLOR, FORCE_COLOR, CLICOLOR(_FORCE), TERM=dumb "
                          "and the terminal (default: auto)")
    out.add_argument("--ignore-noqa", action="store_true", help="report findings that a noqa comment suppresses")
    out.add_argument("-q", "--quiet", action="store_true",
                     help="print findings and errors only: no warnings, no summary")
    out.add_argument("-v", "--verbose", action="store_true", help="show tracebacks of internal errors")
    # issue 19: a baseline, the report to a file
    out.add_argument("--add-noqa", action="store_true",
                     help="add a `# noqa: CODE` to every line with a finding (merging with the line's own) "
                          "instead of reporting it")
    out.add_argument("-o", "--output-file", metavar="FILE", help="write the findings to FILE (default: stdout)")
    from toollint.fix.options import add_arguments as add_fix_arguments

    add_fix_arguments(check)  # the "fixes" group: --fix, --diff, --unsafe-fixes, ... (issue 20)
    perf = check.add_argument_group("performance")
    perf.add_argument("-j", "--jobs", type=positive_int, metavar="N",
                      help="worker processes (default: the CPUs this process may use)")
    perf.add_argument("--no-cache", action="store_true",
                      help="neither read nor write the cache (default: .toollint_cache/ at the project root, "
                           "else the user cache folder)")

    rule = sub.add_parser("rule", help="explain a rule, or list them all")
    rule.add_argument("rule", nargs="?", metavar="CODE|NAME", help="the rule to explain")
    rule.add_argument("--all", action="store_true", help="list every rule")
    rule.add_argument("--output-format", choices=("text", "json"), default="text", help="(default: text)")

    # Each further command owns its arguments: its module has add_parser and run.
    for name in _COMMANDS if command is None else ():
        _command(name).add_parser(sub)
    return parser


def _named_command(argv: Sequence[str]) -> Optional[str]:
    """`check` or `rule` when the command line names it first (options of the top level
    before it would need the whole parser): the parsing is then the same without the others."""
    return argv[0] if argv and argv[0] in ("check", "rule") else None


def _add_file_options(files) -> None:
    """check's options that choose the files (issue 19: .gitignore, --show-files)."""
    files.add_argument("--exclude", action="append", metavar="GLOBS",
                       help="comma-separated globs replacing the default excludes (default: ruff's list, "
                            "see README); repeatable")
    files.add_argument("--extend-exclude", action="append", metavar="GLOBS",
                       help="globs to exclude in addition (default: none); repeatable")
    files.add_argument("--force-exclude", action="store_true", default=None,
                       help="apply excludes and .gitignore to files named on the command line too, as "
                            "pre-commit needs (default: off)")
    files.add_argument("--respect-gitignore", dest="respect_gitignore", action="store_true", default=None,
                       help="skip what .gitignore files and .git/info/exclude ignore (default: on)")
    files.add_argument("--no-respect-gitignore", dest="respect_gitignore", action="store_false", default=None,
                       help="check files git ignores too")
    files.add_argument("--stdin-filename", metavar="NAME",
                       help="read the source from stdin (PATH '-') as this file (default: none)")
    files.add_argument("--changed-since", metavar="REF",
                       help="check the Python files changed since the merge base with REF (git; default: off)")
    files.add_argument("--show-files", action="store_true",
                       help="print the files that would be checked, one a line, and exit")


_COMMANDS = {
    "dump": "toollint.commands.dump",
    "usage": "toollint.usage.command",
    "server": "toollint.lsp.command",  # the language server, for editors
    "daemon": "toollint.commands.daemon",  # the resident toollint, for pre-commit
}


def _command(name: str):
    import importlib

    return importlib.import_module(_COMMANDS[name])


def _rule(args: argparse.Namespace) -> int:
    from toollint.commands.rule import show

    return show(args.rule, args.all, args.output_format)


def main(argv: Optional[Sequence[str]] = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = _parser(_named_command(argv))
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
