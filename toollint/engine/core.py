"""The pipeline: discover → prefilter → parse → extract → link → rules → suppress.

Data flows one way: scan.py (discover, read, prefilter) → build.py (the passing files'
facts, from the cache or extraction; linking, which loads other modules on demand through
load.py) → runner.py (the rules) → suppression; pool.py is the one process pool. This
module is the entry, and keeps the run cache.

Where the time goes, and what keeps it low (numbers in README "Performance"):
- every file is read and prefiltered in this process; only the few that pass go further,
  and a file's bytes are dropped as soon as it fails, so memory follows the passing files;
- a passing file's facts come from the cache when its bytes, toollint and the settings
  are unchanged (toollint/cache/store.py), else from extraction: libcst parses a reduced source
  in which the function bodies extraction cannot read from are blanked (front/narrow.py);
- a file whose stat is unchanged since the last run is not read: its prefilter verdict
  and digest come from the cache's stamps (toollint/cache/stamps.py);
- an unchanged tree reuses the last run's findings (keyed by every input): it is stat'ed
  and printed, and nothing is parsed, linked or judged;
- a finding's fix is not applied here (`[*]` marks every enabled fix, as ruff's does):
  --fix, --diff, the json/sarif edits and the editor's code action apply it and say when
  it does not apply; a test applies every fix the corpora offer (tests/fix/test_offered.py);
- extraction runs in a process pool (`-j`, default: the CPUs this process may use), in
  byte-balanced chunks, biggest files first, then the modules linking is about to read;
  the rules run there too, by group; a handful of files stays serial, so a pre-commit
  run on the staged files pays for no pool;
- a run on some files judges only the groups that can report in them (runner.reach);
- nothing imports libcst (0.2 s) until a file needs parsing: a run whose files all fail
  the prefilter, or that reuses the last result, never loads it.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from toollint.config.settings import Settings
from toollint.engine import scan as _scan
from toollint.engine.build import Build, build_project
from toollint.engine.pool import default_jobs
from toollint.front.read import decode, read_source
from toollint.model import Finding, ModuleFacts


@dataclass
class Result:
    findings: List[Finding]
    sources: Dict[str, str] = field(default_factory=dict)  # path -> text, for excerpts
    warnings: List[str] = field(default_factory=list)
    files_checked: int = 0
    # what the checked files take part in: the groups (agents) judged and their tools
    tools: int = 0
    groups: int = 0


def build(paths: Sequence[str], settings: Settings, *, stdin: Optional[Tuple[str, bytes]] = None,
          verbose: bool = False, jobs: Optional[int] = None, cache: bool = True) -> Build:
    """Discover, prefilter, extract (cache, pool) and link: the Project the rules read."""
    found = _scan.scan(paths, settings, stdin, cache)
    return build_project(found, settings, verbose, jobs or default_jobs())


def run(paths: Sequence[str], settings: Settings, *, stdin: Optional[Tuple[str, bytes]] = None,
        verbose: bool = False, ignore_noqa: bool = False, jobs: Optional[int] = None,
        cache: bool = True) -> Result:
    found = _scan.scan(paths, settings, stdin, cache)
    if not found.requested:
        return Result(findings=[])
    store = found.store
    run_key = scope = None
    if store is not None:
        from toollint.cache.store import run_fingerprint

        run_fp = run_fingerprint(settings, _scan.NARROW, ignore_noqa)
        run_key = _run_key(found, run_fp)
        scope = run_fp.hex() + ("all" if len(found.requested) == len(found.everything) else "some")
        hit = store.get_run(run_key, scope)
        if hit is not None and _unchanged(hit[0]):
            findings = list(hit[1])
            return Result(findings=findings, sources=_sources(findings, settings, found),
                          warnings=list(hit[2]), files_checked=len(found.requested), tools=hit[3][0],
                          groups=hit[3][1])
    jobs = jobs or default_jobs()
    built = build_project(found, settings, verbose, jobs)
    kept, warnings = _judge(built, settings, jobs, ignore_noqa, store)
    counts = _counts(built)
    if store is not None and run_key is not None and scope is not None and not built.bugs:
        store.put_run(run_key, scope, sorted(built.loaded.items()), kept, warnings, counts)
    return Result(findings=kept, sources=_sources(kept, settings, found), warnings=built.internal + warnings,
                  files_checked=len(built.requested), tools=counts[0], groups=counts[1])


def _counts(built: Build) -> Tuple[int, int]:
    """(tools, groups) of the groups a checked file takes part in."""
    if built.project is None:
        return 0, 0
    requested = set(built.requested)
    groups = [g for g in built.project.groups if g.tools and not g.paths.isdisjoint(requested)]
    # one definition in two lists (`[W]` on one turn, `[W, F]` on the next) is one tool, as dump lists it
    return len({(t.span, t.name.value, t.shape) for g in groups for t in g.tools}), len(groups)


def _judge(built: Build, settings: Settings, jobs: int, ignore_noqa: bool, store=None) -> Tuple[List[Finding], List[str]]:
    """(findings kept after suppression, sorted; suppression's warnings)."""
    from toollint.engine.runner import check
    from toollint.report.suppress import suppress

    requested = set(built.requested)
    if built.project is None:
        # No tool anywhere: no rule has anything to judge, and only TL001s can be reported
        # (per-file-ignores still apply to them; a broken file carries no noqa).
        project: Any = _NoModules()
        findings = list(built.errors)
    else:
        project = built.project
        findings = _remembering(store, lambda: check(project, settings, requested, jobs))
        findings.extend(built.errors)
    kept, warnings = suppress(findings, project, settings, requested, ignore_noqa=ignore_noqa)
    kept.sort(key=Finding.sort_key)
    return kept, warnings


def _remembering(store, judge):
    """judge(), with the rules' answers of the last runs at hand, and this run's stored."""
    if store is None:
        return judge()
    from toollint.rulekit import memo

    memo.begin(store.memo())
    try:
        findings = judge()
    finally:
        answers = memo.end()
    if answers is not None:
        store.put_memo(answers)
    return findings


class _NoModules:
    """The part of a Project that suppression reads, for a run that found no module to link."""

    modules: Dict[str, ModuleFacts] = {}


def _run_key(found: _scan.Scan, run_fp: bytes) -> bytes:
    import hashlib

    from toollint.config.pins import project_bounds

    h = hashlib.sha256(run_fp)
    for part in (found.requested, found.everything):
        h.update(b"\1" + "\0".join(part).encode("utf-8", "surrogateescape"))
    # module names follow from the root and the list of files, both in the key
    h.update(b"\3" + os.path.abspath(found.root).encode("utf-8", "surrogateescape"))
    for path, _, digest in found.passing:
        h.update(b"\2" + path.encode("utf-8", "surrogateescape") + b"\0" + digest)
        # the framework versions its project pins decide what its tools send (config/pins.py)
        h.update(b"\4" + repr(project_bounds(path)).encode())
    return h.digest()


def _unchanged(loaded) -> bool:
    for path, digest in loaded:
        data = read_source(path)
        if (b"" if isinstance(data, Finding) else _scan.digest(data)) != digest:
            return False
    return True


def _sources(findings: List[Finding], settings: Settings, found: _scan.Scan) -> Dict[str, str]:
    sources: Dict[str, str] = {}
    if settings.output_format == "full":
        for path in {f.span.path for f in findings}:
            data = found.read(path)
            if isinstance(data, bytes):
                text = decode(path, data)
                if isinstance(text, str):
                    sources[path] = text
    return sources
