"""The pipeline: discover → prefilter → parse → extract → link → rules → suppress.

Where the time goes, and what keeps it low (numbers in README "Performance"):
- every file is read and prefiltered in this process; only the few that pass go further,
  and a file's bytes are dropped as soon as it fails, so memory follows the passing files;
- a passing file's facts come from the cache when its bytes, toollint and the settings
  are unchanged (toollint/cache/store.py), else from extraction: libcst parses a reduced source
  in which the function bodies extraction cannot read from are blanked (parse.py);
- a file whose stat is unchanged since the last run is not read: its prefilter verdict
  and digest come from the cache's stamps (toollint/cache/stamps.py);
- an unchanged tree reuses the last run's findings (keyed by every input): it is stat'ed
  and printed, and nothing is parsed, linked or judged;
- extraction runs in a process pool (`-j`, default: the CPUs this process may use), in
  byte-balanced chunks, biggest files first, then the modules linking is about to read;
  the rules run there too, by group; a handful of files stays serial, so a pre-commit
  run on the staged files pays for no pool;
- a run on some files judges only the groups that can report in them (`_reach`);
- nothing imports libcst (0.2 s) until a file needs parsing: a run whose files all fail
  the prefilter, or that reuses the last result, never loads it.
"""
from __future__ import annotations

import os
import sys
import traceback
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple, Union

from toollint.cache.stamps import stat_of
from toollint.config.settings import Settings
from toollint.front.discover import discover, display_path, relative
from toollint.front.parse import parse
from toollint.front.prefilter import may_define_tools, needles
from toollint.front.read import decode, file_error, read_source
from toollint.link.graph import ModuleGraph, import_targets, module_index
from toollint.model import Finding, ModuleFacts

# TOOLLINT_NARROW=0 parses whole files: the reference the narrowing is tested against.
NARROW = os.environ.get("TOOLLINT_NARROW", "1") != "0"
# Below this much source to extract a pool costs more than it saves (fork, imports, IPC).
_PARALLEL_MIN_BYTES = 48_000
_PARALLEL_MIN_FILES = 4
_PARALLEL_MIN_TOOLS = 60  # rules cost ~5 ms a tool: below this a pool is not worth forking


@dataclass
class Result:
    findings: List[Finding]
    sources: Dict[str, str] = field(default_factory=dict)  # path -> text, for excerpts
    warnings: List[str] = field(default_factory=list)
    files_checked: int = 0


@dataclass
class Build:
    """What extraction and linking made of the paths: the input of the rules."""

    project: Any  # toollint.link.Project; None when no file could hold a tool
    requested: List[str]
    errors: List[Finding]  # TL001 of requested files
    internal: List[str] = field(default_factory=list)  # tracebacks of our own bugs, for --verbose
    bugs: int = 0  # files an internal error stopped: such a run's findings are not remembered


def extract_file(path: str, module: str, is_package: bool, settings: Settings,
                 data: Optional[bytes] = None, prefilter: bool = True,
                 narrow: Optional[bool] = None) -> Optional[ModuleFacts]:
    """ModuleFacts for one file, None when it cannot hold a tool. Never raises."""
    if data is None:
        got = read_source(path)
        if isinstance(got, Finding):
            return ModuleFacts(path=path, module=module, error=got)
        data = got
    keys = needles(settings)
    if prefilter and not may_define_tools(data, keys):
        return None
    text = decode(path, data)
    if isinstance(text, Finding):
        return ModuleFacts(path=path, module=module, error=text)
    reduced = None
    if NARROW if narrow is None else narrow:
        from toollint.front.narrow import reduce_source

        reduced = reduce_source(text, keys)
    tree = parse(path, reduced if reduced is not None else text)
    if isinstance(tree, Finding) and reduced is not None:
        tree = parse(path, text)  # libcst's own verdict on the real file, position and all
    if isinstance(tree, Finding):
        return ModuleFacts(path=path, module=module, error=tree)
    try:
        from toollint.extract import extract_module

        # the real text: comments and mutation scans read it, and its lines are the tree's
        return extract_module(path, module, is_package, tree, text, settings)
    except RecursionError:
        return ModuleFacts(path=path, module=module,
                           error=file_error(path, "cannot analyse file: it is nested too deeply"))
    except Exception as exc:  # a bug of ours must not hide the other files' findings
        error = file_error(path, f"internal error while analysing this file ({type(exc).__name__}); "
                                 "rerun with --verbose and report it")
        detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return ModuleFacts(path=path, module=module, error=error, internal_error=detail)


def _module_index(files: Iterable[str], root: str) -> Dict[str, Tuple[str, bool]]:
    """Dotted module name -> (path, is_package), also without a leading `src.`."""
    return module_index((path, relative(path, root)) for path in files)


_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")


def project_root(files: Sequence[str], settings: Settings) -> str:
    """The folder whose modules make one project: the config file's, else the nearest folder
    above the checked files that holds a project marker, else their common folder."""
    if settings.config_path:
        return settings.root
    if not files:
        return settings.root
    common = os.path.commonpath([os.path.dirname(os.path.abspath(f)) for f in files])
    here = common
    while True:
        if any(os.path.exists(os.path.join(here, m)) for m in _MARKERS):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return common
        here = parent


def default_jobs() -> int:
    """The CPUs this process may run on (a container's share, not the host's)."""
    count = getattr(os, "process_cpu_count", None)
    if count is not None:
        return max(1, count() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


# --- extraction of many files ------------------------------------------------------------

_Task = Tuple[str, str, bool, bytes]  # path, module, is_package, bytes
_worker_settings: Optional[Settings] = None


def _init_worker(settings: Settings, narrow: bool) -> None:
    global _worker_settings, NARROW
    _worker_settings = settings
    NARROW = narrow


def _extract_chunk(chunk: List[_Task]) -> List[Tuple[str, ModuleFacts]]:
    assert _worker_settings is not None
    out = []
    for path, module, pkg, data in chunk:
        facts = extract_file(path, module, pkg, _worker_settings, data=data, prefilter=False)
        if facts is not None:
            out.append((path, facts))
    return out


def _chunks(tasks: List[_Task], jobs: int) -> List[List[_Task]]:
    """Biggest files first, in chunks of about 1/(8*jobs) of the bytes: few round trips, and
    the small chunks at the end even out the workers' finishing times."""
    ordered = sorted(tasks, key=lambda t: -len(t[3]))
    target = max(1, sum(len(t[3]) for t in ordered) // (8 * jobs))
    chunks: List[List[_Task]] = []
    current: List[_Task] = []
    size = 0
    for task in ordered:
        current.append(task)
        size += len(task[3])
        if size >= target:
            chunks.append(current)
            current, size = [], 0
    if current:
        chunks.append(current)
    return chunks


def _extract_many(tasks: List[_Task], settings: Settings, jobs: int) -> Dict[str, ModuleFacts]:
    out: Dict[str, ModuleFacts] = {}
    total = sum(len(t[3]) for t in tasks)
    if jobs > 1 and len(tasks) >= _PARALLEL_MIN_FILES and total >= _PARALLEL_MIN_BYTES:
        done = _extract_parallel(tasks, settings, jobs, out)
        tasks = [t for t in tasks if t[0] not in done]
    for path, facts in _extract_chunk_here(tasks, settings):
        out[path] = facts
    return out


def _extract_chunk_here(tasks: List[_Task], settings: Settings) -> List[Tuple[str, ModuleFacts]]:
    out = []
    for path, module, pkg, data in tasks:
        facts = extract_file(path, module, pkg, settings, data=data, prefilter=False)
        if facts is not None:
            out.append((path, facts))
    return out


def _extract_parallel(tasks: List[_Task], settings: Settings, jobs: int, out: Dict[str, ModuleFacts]) -> Set[str]:
    """Fill `out` from a process pool; returns the paths done (a broken pool leaves the
    rest to the serial path rather than failing the run)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # Imported before the fork, so that each worker inherits libcst instead of loading it.
    import toollint.extract  # noqa: F401
    context = None
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("fork")  # workers start in milliseconds
    chunks = _chunks(tasks, jobs)
    done: Set[str] = set()
    try:
        with ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), mp_context=context,
                                 initializer=_init_worker, initargs=(settings, NARROW)) as pool:
            futures = [pool.submit(_extract_chunk, chunk) for chunk in chunks]
            for future in as_completed(futures):
                for path, facts in future.result():
                    out[path] = facts
                    done.add(path)
    except Exception:  # BrokenProcessPool, a worker killed, no semaphores: finish serially
        pass
    return done


# --- the pipeline --------------------------------------------------------------------------


@dataclass
class _Scan:
    """Discovery, reading and the prefilter: what every run does before anything is parsed."""

    requested: List[str]
    everything: List[str]
    root: str
    passing: List[Tuple[str, Optional[bytes], bytes]]  # path, bytes (None: not read, stamps knew it), digest
    errors: List[Finding]  # files named or found that cannot be read, when requested
    stdin_path: Optional[str] = None
    store: Any = None  # toollint.cache.Cache, when the cache is on
    _index: Optional[Dict[str, Tuple[str, bool]]] = None
    _modules: Optional[Dict[str, Tuple[str, bool]]] = None  # path -> (module, is_package)

    @property
    def index(self) -> Dict[str, Tuple[str, bool]]:
        """Module name -> (path, is_package); built only when something is extracted or
        linked (a warm run that reuses the last result never needs it)."""
        if self._index is None:
            self._index = _module_index(self.everything, self.root)
        return self._index

    def module_of(self, path: str) -> Tuple[str, bool]:
        if self._modules is None:
            self._modules = {p: (name, pkg) for name, (p, pkg) in self.index.items()}
        return self._modules.get(path, ("", False))


def _scan(paths: Sequence[str], settings: Settings, stdin: Optional[Tuple[str, bytes]], cache: bool) -> _Scan:
    requested = discover(paths, settings) if paths else []
    stdin_path = display_path(stdin[0]) if stdin is not None else None
    if stdin_path is not None:
        requested = sorted(set(requested) | {stdin_path})
    if not requested:
        return _Scan([], [], settings.root, [], [])
    root = project_root(requested, settings)
    store = _open_cache(root, settings) if cache else None
    # On Windows st_ctime is the creation time, which a write does not move: no stamps there
    stamps = store.stamps() if store is not None and os.name != "nt" else None
    # The rest of the project is read too, so that a group split across modules is judged
    # whole even when only one of its files is checked (pre-commit passes staged files).
    if paths and all(os.path.isdir(p) and os.path.abspath(p) == os.path.abspath(root) for p in paths):
        context = requested  # `toollint check .` at the root: the same walk, done once
    else:
        context = discover([root], settings) if os.path.isdir(root) else []
    everything = sorted(set(context) | set(requested))
    requested_set = set(requested)
    keys = needles(settings)
    errors: List[Finding] = []
    passing = []
    for path in everything:
        if path == stdin_path and stdin is not None:
            data: Union[bytes, Finding] = stdin[1]
            st = None
        else:
            st = stat_of(path) if stamps is not None else None
            known = stamps.known(path, st) if st is not None else None
            if known is not None:
                if known[0]:
                    passing.append((path, None, known[1]))
                continue
            data = read_source(path)
        if isinstance(data, Finding):
            if path in requested_set:
                errors.append(data)
            continue
        passed = may_define_tools(data, keys)
        digest = _digest(data) if passed else b""
        if st is not None:
            stamps.remember(path, st, passed, digest)
        if passed:  # else the bytes go now: memory does not grow with the files that fail
            passing.append((path, data, digest))
    if stamps is not None:
        store.put_stamps(stamps)
    return _Scan(requested, everything, root, passing, errors, stdin_path, store=store)


def build(paths: Sequence[str], settings: Settings, *, stdin: Optional[Tuple[str, bytes]] = None,
          verbose: bool = False, jobs: Optional[int] = None, cache: bool = True) -> Build:
    """Discover, prefilter, extract (cache, pool) and link: the Project the rules read."""
    scan = _scan(paths, settings, stdin, cache)
    return _build(scan, settings, stdin, verbose, jobs or default_jobs(), scan.store, {})


def _build(scan: _Scan, settings: Settings, stdin, verbose: bool, jobs: int, store,
           loaded_digests: Dict[str, bytes]) -> Build:
    if not scan.requested:
        return Build(project=None, requested=[], errors=[])
    requested_set = set(scan.requested)
    errors = list(scan.errors)
    internal: List[str] = []
    facts: Dict[str, ModuleFacts] = {}
    tasks: List[_Task] = []
    digests = {p[0]: p[2] for p in scan.passing}
    for path, data, digest in scan.passing:
        name, pkg = scan.module_of(path)
        hit = store.get(path, name, pkg, digest) if store is not None else None
        if hit is not None:
            facts[path] = hit
            continue
        if data is None:  # known by its stamp, but its facts are not in the cache
            data = read_source(path)
            if isinstance(data, Finding):
                if path in requested_set:
                    errors.append(data)
                continue
            digests[path] = _digest(data)
        tasks.append((path, name, pkg, data))

    extracted = _extract_many(tasks, settings, jobs) if tasks else {}
    for path, name, pkg, data in tasks:
        result = extracted.get(path)
        if result is None:
            continue
        if store is not None and _cacheable(result):
            store.put(path, name, pkg, digests[path], result)
        facts[path] = result
    good: Dict[str, ModuleFacts] = {}
    bugs = 0
    for path in sorted(facts):
        result = facts[path]
        if result.error is not None:
            bugs += result.internal_error is not None
            if path in requested_set:
                errors.append(result.error)
                if verbose and result.internal_error:
                    internal.append(f"{path}: {result.internal_error}")
            continue
        good[path] = result
    if not good:
        # Nothing can hold a tool, so no rule has anything to judge: stop before link,
        # which would import libcst.
        return Build(project=None, requested=scan.requested, errors=errors, internal=internal, bugs=bugs)

    loaded: Dict[str, Optional[ModuleFacts]] = {}
    index = scan.index
    early = _prefetch(good, index, settings, store, scan, stdin, jobs) if jobs > 1 else {}

    def load(module: str) -> Optional[ModuleFacts]:
        hit = index.get(module)
        if hit is None:
            return None
        path, pkg = hit
        if path in good:
            return good[path]
        if path not in loaded:
            ready = early.pop(path, None)
            if ready is not None and (ready[1] is None or ready[1].module == module):
                loaded_digests[path], loaded[path] = ready
            else:
                loaded[path] = _load_one(path, module, pkg, settings, store, scan.stdin_path, stdin, loaded_digests)
        result = loaded[path]
        return result if result is not None and result.error is None else None

    from toollint.link.project import link

    project = link(list(good.values()), load)
    return Build(project=project, requested=scan.requested, errors=errors, internal=internal, bugs=bugs)


def _prefetch(good: Dict[str, ModuleFacts], index, settings: Settings, store, scan: _Scan, stdin,
              jobs: int) -> Dict[str, Tuple[bytes, Optional[ModuleFacts]]]:
    """The modules linking will ask for, extracted in the pool now rather than one at a time
    while it links: those the registry modules import (a handlers module often fails the
    prefilter: it names no tool). Linking still decides what it reads; a module fetched
    here and never asked for is dropped, and one asked for under another name is redone."""
    wanted: Dict[str, Tuple[str, bool]] = {}
    for facts in good.values():
        if not facts.registries:
            continue
        for name in import_targets(facts):
            hit = index.get(name)
            if hit is not None and hit[0] not in good and hit[0] not in wanted:
                wanted[hit[0]] = (name, hit[1])
    out: Dict[str, Tuple[bytes, Optional[ModuleFacts]]] = {}
    tasks: List[_Task] = []
    digests: Dict[str, bytes] = {}
    for path, (module, pkg) in sorted(wanted.items()):
        data = stdin[1] if path == scan.stdin_path and stdin is not None else read_source(path)
        if isinstance(data, Finding):
            out[path] = (b"", None)
            continue
        digests[path] = _digest(data)
        hit = store.get(path, module, pkg, digests[path]) if store is not None else None
        if hit is not None:
            out[path] = (digests[path], hit)
        else:
            tasks.append((path, module, pkg, data))
    extracted = _extract_many(tasks, settings, jobs) if tasks else {}
    for path, module, pkg, _ in tasks:
        result = extracted.get(path)
        if result is not None and store is not None and _cacheable(result):
            store.put(path, module, pkg, digests[path], result)
        out[path] = (digests[path], result)
    return out


def _load_one(path: str, module: str, pkg: bool, settings: Settings, store, stdin_path, stdin,
              digests: Dict[str, bytes]) -> Optional[ModuleFacts]:
    """A module linking asks for (an import of a checked one), whatever the prefilter says."""
    data = stdin[1] if path == stdin_path and stdin is not None else read_source(path)
    if isinstance(data, Finding):
        digests[path] = b""
        return None
    digest = digests[path] = _digest(data)
    if store is not None:
        hit = store.get(path, module, pkg, digest)
        if hit is not None:
            return hit
    result = extract_file(path, module, pkg, settings, data=data, prefilter=False)
    if result is not None and store is not None and _cacheable(result):
        store.put(path, module, pkg, digest, result)
    return result


def _digest(data: bytes) -> bytes:
    from toollint.cache.store import digest

    return digest(data)


def _cacheable(facts: ModuleFacts) -> bool:
    return facts.internal_error is None  # a bug of ours is re-run, not remembered


def _open_cache(root: str, settings: Settings):
    if os.environ.get("TOOLLINT_NO_CACHE", "").strip() not in ("", "0"):
        return None
    from toollint.cache.store import Cache

    return Cache.open(root, settings, NARROW)


def _run_key(scan: _Scan, run_fp: bytes) -> bytes:
    import hashlib

    h = hashlib.sha256(run_fp)
    for part in (scan.requested, scan.everything):
        h.update(b"\1" + "\0".join(part).encode("utf-8", "surrogateescape"))
    # module names follow from the root and the list of files, both in the key
    h.update(b"\3" + os.path.abspath(scan.root).encode("utf-8", "surrogateescape"))
    for path, _, digest in scan.passing:
        h.update(b"\2" + path.encode("utf-8", "surrogateescape") + b"\0" + digest)
    return h.digest()


def _unchanged(loaded) -> bool:
    for path, digest in loaded:
        data = read_source(path)
        if (b"" if isinstance(data, Finding) else _digest(data)) != digest:
            return False
    return True


def run(paths: Sequence[str], settings: Settings, *, stdin: Optional[Tuple[str, bytes]] = None,
        verbose: bool = False, ignore_noqa: bool = False, jobs: Optional[int] = None,
        cache: bool = True) -> Result:
    scan = _scan(paths, settings, stdin, cache)
    if not scan.requested:
        return Result(findings=[])
    store = scan.store
    run_key = scope = None
    if store is not None:
        from toollint.cache.store import run_fingerprint

        run_fp = run_fingerprint(settings, NARROW, ignore_noqa)
        run_key = _run_key(scan, run_fp)
        scope = run_fp.hex() + ("all" if len(scan.requested) == len(scan.everything) else "some")
        hit = store.get_run(run_key, scope)
        if hit is not None and _unchanged(hit[0]):
            findings = list(hit[1])
            return Result(findings=findings, sources=_sources(findings, settings, stdin),
                          warnings=list(hit[2]), files_checked=len(scan.requested))
    jobs = jobs or default_jobs()
    loaded_digests: Dict[str, bytes] = {}
    built = _build(scan, settings, stdin, verbose, jobs, store, loaded_digests)
    requested_set = set(built.requested)
    if built.project is None:
        # No tool anywhere: no rule has anything to judge, and only TL001s can be reported
        # (per-file-ignores still apply to them; a broken file carries no noqa).
        project: Any = _NoModules()
        findings = list(built.errors)
    else:
        project = built.project
        findings = _check(project, settings, requested_set, jobs)
        findings.extend(built.errors)
    from toollint.report.suppress import suppress

    kept, warnings = suppress(findings, project, settings, requested_set, ignore_noqa=ignore_noqa)
    kept.sort(key=Finding.sort_key)
    if store is not None and run_key is not None and scope is not None and not built.bugs:
        store.put_run(run_key, scope, sorted(loaded_digests.items()), kept, warnings)
    return Result(findings=kept, sources=_sources(kept, settings, stdin), warnings=built.internal + warnings,
                  files_checked=len(built.requested))


class _NoModules:
    """The part of a Project that suppression reads, for a run that found no module to link."""

    modules: Dict[str, ModuleFacts] = {}


def _sources(findings: List[Finding], settings: Settings, stdin: Optional[Tuple[str, bytes]]) -> Dict[str, str]:
    sources: Dict[str, str] = {}
    if settings.output_format == "full":
        for path in {f.span.path for f in findings}:
            data = stdin[1] if stdin is not None and path == display_path(stdin[0]) else read_source(path)
            if isinstance(data, bytes):
                text = decode(path, data)
                if isinstance(text, str):
                    sources[path] = text
    return sources


def _check(project, settings: Settings, requested: Set[str], jobs: int = 1) -> List[Finding]:
    from toollint.config.select import enabled
    from toollint.rulekit.registry import all_rules
    from toollint.rulekit.rule import Context

    rules = [r for code, r in all_rules().items() if code in enabled(settings)]
    ctx = Context(settings=settings, project=project)
    per_group: Optional[Dict[int, List[Finding]]] = None
    tools = sum(len(g.tools) for g in project.groups)
    if jobs > 1 and tools >= _PARALLEL_MIN_TOOLS and len(project.groups) > 1 and _can_fork() \
            and all(path in requested for path in project.modules):
        per_group = _check_parallel(rules, ctx, requested, jobs)
    out: List[Finding] = []
    reach = None if all(path in requested for path in project.modules) else _reach(project, requested)
    for i, group in enumerate(project.groups):
        if per_group is not None and i in per_group:
            out.extend(per_group[i])
        elif reach is None or group.paths & reach:
            out.extend(_check_group(rules, ctx, group, requested))
    for rule in rules:
        out.extend(f for f in rule.check_project(project, ctx) if f.span.path in requested)
    return list(dict.fromkeys(out))


def _reach(project, requested: Set[str]) -> Set[str]:
    """The modules whose groups can hold a Span in a requested file: those files and every
    module that imports one of them, directly or not.

    Extraction gives each value the Spans of the file it was read from, and linking brings
    a value from another module only along an import (a Ref, a handler, a re-export); so a
    group whose registries all lie outside this set holds no Span in a requested file, and
    can yield no finding kept for them. Pre-commit names a few files of a project with
    hundreds of tools: this keeps that run from judging all of them.
    """
    graph = ModuleGraph((m for m in project.modules.values() if m is not None), packages=True)
    return graph.importers_of(p for p in requested if p in project.modules)


def _check_group(rules, ctx, group, requested: Set[str]) -> List[Finding]:
    touched = bool(group.paths & requested)
    found: List[Finding] = []
    for rule in rules:
        found.extend(rule.check_group(group, ctx))
        for tool in group.tools:
            found.extend(rule.check_tool(tool, group, ctx))
    return [f for f in found if touched or f.span.path in requested]


# Rules read the linked Project, which exists only in this process: forked workers inherit
# it (copy-on-write) instead of receiving it pickled, and send back only their findings.
_fork_state: Optional[Tuple[Any, Any, Set[str]]] = None


def _can_fork() -> bool:
    return sys.platform.startswith("linux")


def _check_groups(indexes: List[int]) -> List[Tuple[int, List[Finding]]]:
    assert _fork_state is not None
    rules, ctx, requested = _fork_state
    return [(i, _check_group(rules, ctx, ctx.project.groups[i], requested)) for i in indexes]


def _check_parallel(rules, ctx, requested: Set[str], jobs: int) -> Optional[Dict[int, List[Finding]]]:
    """Findings per group index, from a pool of forked workers; None if the pool fails."""
    global _fork_state
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    groups = ctx.project.groups
    # Biggest groups first, in chunks of about 1/(4*jobs) of the tools.
    order = sorted(range(len(groups)), key=lambda i: -len(groups[i].tools))
    target = max(1, sum(len(g.tools) for g in groups) // (4 * jobs))
    chunks: List[List[int]] = []
    current: List[int] = []
    size = 0
    for i in order:
        current.append(i)
        size += len(groups[i].tools) + 1
        if size >= target:
            chunks.append(current)
            current, size = [], 0
    if current:
        chunks.append(current)
    _fork_state = (rules, ctx, requested)
    try:
        out: Dict[int, List[Finding]] = {}
        with ProcessPoolExecutor(max_workers=min(jobs, len(chunks)),
                                 mp_context=multiprocessing.get_context("fork")) as pool:
            for part in pool.map(_check_groups, chunks):
                out.update(part)
        return out
    except Exception:  # a broken pool: the serial path redoes what is missing
        return None
    finally:
        _fork_state = None
