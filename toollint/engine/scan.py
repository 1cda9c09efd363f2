"""Discovery, reading and the prefilter of every file, and the extraction of the passing
ones: what every run does first, in this process or the pool (toollint/engine/pool.py)."""
from __future__ import annotations

import os
import traceback
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from toollint.cache.stamps import stat_of
from toollint.config.settings import Settings
from toollint.engine import pool
from toollint.front.discover import discover, display_path, relative
from toollint.front.parse import parse
from toollint.front.prefilter import may_define_tools, needles
from toollint.front.read import decode, file_error, read_source
from toollint.link.graph import module_index
from toollint.model import Finding, ModuleFacts


def narrow_from_environment() -> bool:
    """TOOLLINT_NARROW=0 parses whole files: the reference the narrowing is tested against."""
    return os.environ.get("TOOLLINT_NARROW", "1") != "0"


NARROW = narrow_from_environment()


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
    from toollint.extract.testcode import test_file

    if test_file(path):
        # its tools are the tests' inputs (toollint.extract): not parsed, which was half
        # of a project's extraction where tests outnumber modules (held-out round 17)
        return ModuleFacts(path=path, module=module)
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


def _marked(folder: str) -> bool:
    return any(os.path.exists(os.path.join(folder, m)) for m in _MARKERS)


def _siblings(files: Sequence[str]) -> List[str]:
    """The Python files beside `files`, one level deep: what a script imports by name."""
    out: List[str] = []
    for folder in sorted({os.path.dirname(f) or "." for f in files}):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        out.extend(os.path.join(folder, n) if folder != "." else n for n in names
                   if n.endswith((".py", ".pyi")) and os.path.isfile(os.path.join(folder, n)))
    return out


def digest(data: bytes) -> bytes:
    from toollint.cache.store import digest as of

    return of(data)


def cacheable(facts: ModuleFacts) -> bool:
    return facts.internal_error is None  # a bug of ours is re-run, not remembered


# --- extraction of many files ------------------------------------------------------------

Task = Tuple[str, str, bool, bytes]  # path, module, is_package, bytes
_worker_settings: Optional[Settings] = None


def _init_worker(settings: Settings, narrow: bool) -> None:
    global _worker_settings, NARROW
    _worker_settings = settings
    NARROW = narrow


def _extract_tasks(tasks: List[Task], settings: Optional[Settings] = None) -> List[Tuple[str, ModuleFacts]]:
    if settings is None:  # in a worker
        settings = _worker_settings
    assert settings is not None
    out = []
    for path, module, pkg, data in tasks:
        facts = extract_file(path, module, pkg, settings, data=data, prefilter=False)
        if facts is not None:
            out.append((path, facts))
    return out


def extract_many(tasks: List[Task], settings: Settings, jobs: int) -> Dict[str, ModuleFacts]:
    """Path -> facts of the tasks that can hold a tool: biggest files first, in the pool
    when it pays, else (and for whatever a broken pool left) here."""
    out: Dict[str, ModuleFacts] = {}
    total = sum(len(t[3]) for t in tasks)
    if pool.serial_reason("extract", jobs, len(tasks), total) is None:
        import toollint.extract  # noqa: F401  # before the fork: workers inherit libcst

        target = pool.chunk_size(total, jobs, pool.EXTRACT_CHUNKS_PER_JOB)
        chunks = pool.chunked(tasks, lambda t: len(t[3]), target)
        out.update(pool.run_chunks(_extract_tasks, chunks, jobs, _init_worker, (settings, NARROW)))
        tasks = [t for t in tasks if t[0] not in out]
    out.update(_extract_tasks(tasks, settings))
    return out


# --- discovery, reading, prefilter --------------------------------------------------------


@dataclass
class Scan:
    """Discovery, reading and the prefilter: what every run does before anything is parsed."""

    requested: List[str]
    everything: List[str]
    root: str
    passing: List[Tuple[str, Optional[bytes], bytes]]  # path, bytes (None: not read, stamps knew it), digest
    errors: List[Finding]  # files named or found that cannot be read, when requested
    stdin_path: Optional[str] = None
    stdin_data: Optional[bytes] = None
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

    def read(self, path: str) -> Union[bytes, Finding]:
        """The file's bytes (stdin's for the file it stands for), or its TL001."""
        if path == self.stdin_path and self.stdin_data is not None:
            return self.stdin_data
        return read_source(path)


def scan(paths: Sequence[str], settings: Settings, stdin: Optional[Tuple[str, bytes]], cache: bool) -> Scan:
    requested = discover(paths, settings) if paths else []
    stdin_path = display_path(stdin[0]) if stdin is not None else None
    if stdin_path is not None:
        requested = sorted(set(requested) | {stdin_path})
    if not requested:
        return Scan([], [], settings.root, [], [])
    root = project_root(requested, settings)
    store = open_cache(root, settings) if cache else None
    # The rest of the project is read too, so that a group split across modules is judged
    # whole even when only one of its files is checked (pre-commit passes staged files).
    if paths and all(os.path.isdir(p) and os.path.abspath(p) == os.path.abspath(root) for p in paths):
        context = requested  # `toollint check .` at the root: the same walk, done once
    elif not settings.config_path and not _marked(root):
        # no project around the files (`toollint check /tmp/agent.py`): their folders' own modules,
        # not a walk of everything below a common folder that may be /tmp or /
        context = discover(_siblings(requested), settings)
    else:
        context = discover([root], settings) if os.path.isdir(root) else []
    everything = sorted(set(context) | set(requested))
    found = Scan(requested, everything, root, [], [], stdin_path, stdin[1] if stdin is not None else None,
                 store=store)
    _prefilter(found, settings)
    return found


def _prefilter(found: Scan, settings: Settings) -> None:
    """Fill `passing` and `errors`, reading only what the stamps do not know."""
    store = found.store
    # On Windows st_ctime is the creation time, which a write does not move: no stamps there
    stamps = store.stamps() if store is not None and os.name != "nt" else None
    requested = set(found.requested)
    keys = needles(settings)
    for path in found.everything:
        st = None
        if path != found.stdin_path and stamps is not None:
            st = stat_of(path)
            known = stamps.known(path, st) if st is not None else None
            if known is not None:
                if known[0]:
                    found.passing.append((path, None, known[1]))
                continue
        data = found.read(path)
        if isinstance(data, Finding):
            if path in requested:
                found.errors.append(data)
            continue
        passed = may_define_tools(data, keys)
        sha = digest(data) if passed else b""
        if st is not None:
            stamps.remember(path, st, passed, sha)
        if passed:  # else the bytes go now: memory does not grow with the files that fail
            found.passing.append((path, data, sha))
    if stamps is not None:
        store.put_stamps(stamps)


def open_cache(root: str, settings: Settings):
    if os.environ.get("TOOLLINT_NO_CACHE", "").strip() not in ("", "0"):
        return None
    from toollint.cache.store import Cache

    return Cache.open(root, settings, NARROW)
