"""`toollint usage`: the tools logged traffic shows are sent on every turn and never called.

Static checks read what a definition says; logged payloads say whether the model ever
chose the tool. This command reads a sample of logged request/response payloads
(payloads.py: the layouts; read.py, fetch.py: getting them), counts for each tool the
turns that declared it, the turns that offered it (a `tool_choice` can rule it out) and
its calls (analysis.py), and reports each tool (report.py) at the line of the source
defining it (findings.py). What each TL4xx finding says is in its rule module.

The module is imported for every `toollint` command, so it only defines things here;
json, urllib, the engine and the rules are imported when the command runs.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Dict, List, Sequence, Tuple

from toollint.commands.common import add_config_options, add_selection_options, positive_int, print_error, use_color, write
from toollint.config.settings import OUTPUT_FORMATS
from toollint.usage.fetch import BASE_URL_ENV, DEFAULT_BASE_URL
from toollint.usage.warehouse import DIALECTS

FINDING_FORMATS = OUTPUT_FORMATS


def _share(text: str) -> float:
    raw = text.strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        value = float("nan")
    if not 0 <= value < 1:  # also rejects nan
        raise argparse.ArgumentTypeError(f"expected a share such as 0.01 or 1%, from 0 up to 1 (excluded), got {text!r}")
    return value


def add_parser(sub) -> None:
    p = sub.add_parser(
        "usage",
        help="from logged payloads: tools sent on every turn and never called",
        description="Read logged LLM request/response payloads and report the tools that are sent and "
                    "never (or rarely) called, at the line of the source that defines them.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="source to map the tools back to, as for check; without it, a table")
    inp = p.add_argument_group("payloads")
    inp.add_argument("--responses", nargs="+", action="extend", default=[], metavar="FILE",
                     help="JSON or JSON Lines files of logged payloads (optionally .gz or .zst), folders of them, or - "
                          "for stdin: OpenAI Responses objects, or {\"request\": ..., \"response\": ...} pairs "
                          "(Responses, Chat Completions, Anthropic Messages); .py files and folders with Python "
                          "source given here are taken as PATHs")
    inp.add_argument("--openai-response-ids", metavar="FILE",
                     help="fetch these stored OpenAI responses (one resp_... id a line), read-only, "
                          f"with OPENAI_API_KEY; {BASE_URL_ENV} overrides {DEFAULT_BASE_URL}")
    inp.add_argument("-j", "--jobs", type=positive_int, default=1, metavar="N",
                     help="parse the payload files in N processes; the report is the same (default: 1)")
    inp.add_argument("--counts", metavar="FILE",
                     help="per-tool counts aggregated elsewhere, instead of payloads: CSV or JSON Lines with tool, "
                          "offered, called and optionally declared, calls, size, characters (see README)")
    inp.add_argument("--engine", choices=("python", "duckdb"), default="python",
                     help="count the --responses files here (python, the default) or with the reference query "
                          "in DuckDB (see README)")
    inp.add_argument("--print-query", choices=DIALECTS, metavar="DIALECT",
                     help="print the reference SQL (duckdb, bigquery or spark) that produces the --counts columns "
                          "from logs, and exit")
    ana = p.add_argument_group("analysis")
    ana.add_argument("--min-offered", type=positive_int, default=50, metavar="N",
                     help="fewer offered turns than this is too small a sample to judge (default: 50)")
    ana.add_argument("--rare", type=_share, default=0.01, metavar="SHARE",
                     help="called in fewer than this share of its offered turns is rare (default: 0.01, or 1%%)")
    cfg = p.add_argument_group("configuration")
    add_config_options(cfg)
    add_selection_options(cfg)
    out = p.add_argument_group("output")
    out.add_argument("--output-format", choices=FINDING_FORMATS + ("text",),
                     help="with PATHs: findings as check prints them (default: concise), or text for the table; "
                          "without: text (default) or json")
    out.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    out.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                     help="colour the output: auto honours NO_COLOR, FORCE_COLOR, CLICOLOR(_FORCE), TERM=dumb "
                          "and the terminal (default: auto)")
    out.add_argument("--ignore-noqa", action="store_true", help="report findings that a noqa comment suppresses")
    out.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary")
    out.add_argument("-v", "--verbose", action="store_true", help="show tracebacks of internal errors")


def _split_inputs(responses: Sequence[str], paths: Sequence[str]) -> Tuple[List[str], List[str]]:
    # `--responses a.jsonl src/` is how people type it, and argparse puts src/ among the
    # files; `usage logs.jsonl src/` is the other slip. Source is .py files and folders
    # with Python source; a folder of payload files and no source is payloads.
    from toollint.usage.sources import STDIN, is_payload_name, payload_folder

    files, source = [], []
    for item in responses:
        if item == STDIN:
            files.append(item)
        elif os.path.isdir(item):
            inside = payload_folder(item)
            if inside:
                files.extend(inside)
            else:
                source.append(item)
        else:
            (source if item.endswith(".py") else files).append(item)
    for item in paths:
        (files if is_payload_name(item) and not os.path.isdir(item) else source).append(item)
    return [f if f == STDIN else os.path.normpath(f) for f in files], source


def _settings(args, paths: Sequence[str]):
    """The settings as check would load them for these PATHs and options: the one place
    usage reads configuration."""
    from toollint.commands.common import load_settings, selection_overrides

    overrides: Dict[str, object] = selection_overrides(args)
    if args.output_format in FINDING_FORMATS:
        overrides["output-format"] = args.output_format
    return load_settings(args, paths, overrides)


def _warn(line: str) -> None:
    print(f"toollint: warning: {line}", file=sys.stderr)


def run(args) -> int:
    from toollint.config.settings import ConfigError
    from toollint.usage.analysis import analyse
    from toollint.usage.sample import read_sample
    from toollint.usage.report import problem_warnings

    if args.print_query is not None:
        from toollint.usage.warehouse import query

        write(query(args.print_query))
        return 0
    files, paths = _split_inputs(args.responses, args.paths)
    if args.counts is not None and (files or args.openai_response_ids is not None):
        raise ConfigError("--counts replaces the payloads: give either --counts FILE or --responses / "
                          "--openai-response-ids")
    if not files and args.openai_response_ids is None and args.counts is None:
        raise ConfigError("usage needs payloads: --responses FILE [FILE ...] (JSON or JSON Lines of logged "
                          "payloads), --openai-response-ids FILE, or --counts FILE")
    if not paths and args.output_format not in (None, "text", "json"):
        raise ConfigError(f"--output-format {args.output_format} needs PATH arguments: its findings sit at the "
                          "tools' definitions; without PATHs use text or json")
    settings = _settings(args, paths)
    if args.counts is not None:
        from toollint.usage.counts import read_counts

        sample = read_counts(args.counts)
    elif args.engine == "duckdb":
        from toollint.usage.warehouse import duckdb_sample

        sample = duckdb_sample(files, args.openai_response_ids)
    else:
        sample = read_sample(files, args.openai_response_ids, jobs=args.jobs)
    report = analyse(sample, args.min_offered, args.rare, settings.max_tools_per_turn)
    for line in problem_warnings(sample):
        _warn(line)
    failing = _table(args, settings, report, sample) if not paths else _at_source(args, settings, paths, report, sample)
    return 1 if failing and not args.exit_zero else 0


def _table(args, settings, report, sample) -> bool:
    """Print the table (or its JSON); whether an enabled verdict fails the run."""
    from toollint.config.select import enabled
    from toollint.usage.analysis import FAILING, RULE
    from toollint.usage.report import json_report, text_table

    write(json_report(report, sample) if args.output_format == "json" else text_table(report, sample))
    on = enabled(settings)
    codes = {RULE[s.state].code for s in report.tools if s.state in RULE}
    return any(code in FAILING and code in on for code in codes)


def _at_source(args, settings, paths, report, sample) -> bool:
    """Print the findings at the definitions (or the table with DEFINED AT); whether one fails the run."""
    from toollint.usage.analysis import FAILING
    from toollint.usage.findings import findings, keep, project, render
    from toollint.usage.report import text_table

    linked, tools, errors, internal = project(paths, settings, args.verbose)
    for trace in internal:
        print_error(f"toollint: warning: {trace}", multiline=args.verbose)
    for error in errors:
        _warn(f"{error.span.path}: {error.message}; its tools are not mapped")
    found, where = findings(report, tools)
    kept, warnings = keep(found, linked, settings, args.ignore_noqa)
    for warning in warnings:
        _warn(warning)
    if args.output_format == "text":
        write(text_table(report, sample, where))
    else:
        write(render(kept, settings, use_color(args.color)))
        if not args.quiet:
            _print_summary(report, sample, tools)
    return any(f.code in FAILING for f in kept)


def _print_summary(report, sample, tools) -> None:
    from toollint.report.format import sanitize
    from toollint.usage.analysis import TOO_SMALL
    from toollint.usage.report import summary_lines
    from toollint.usage.words import plural

    # Orphan calls are TL404 findings here already.
    for line in summary_lines(report, sample, orphans=False):
        print(f"toollint: usage: {sanitize(line)}", file=sys.stderr)
    small = [s for s in report.tools if s.state == TOO_SMALL]
    if small:
        names = ", ".join(f"{s.name} ({s.offered:,} offered)" for s in small)
        print(sanitize(f"toollint: usage: too small a sample to judge (fewer than --min-offered "
                       f"{report.min_offered} turns): {names}"), file=sys.stderr)
    unseen = sorted({t.name.value for t in tools if t.name.value is not None} - {s.name for s in report.tools})
    if unseen:
        print(sanitize(f"toollint: usage: {plural(len(unseen), 'tool')} defined under the given paths "
                       f"appear in no sampled request, so nothing is claimed about them: {', '.join(unseen)}"),
              file=sys.stderr)
