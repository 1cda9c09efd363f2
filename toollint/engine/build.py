"""From a Scan to the linked Project: the passing files' facts (cache, else extraction),
then linking, which loads the other modules it needs on demand (load.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List

from toollint.config.settings import Settings
from toollint.engine.load import Loader
from toollint.engine.scan import Scan, Task, cacheable, digest, extract_many
from toollint.model import Finding, ModuleFacts


@dataclass
class Build:
    """What extraction and linking made of the paths: the input of the rules."""

    project: Any  # toollint.link.Project; None when no file could hold a tool
    requested: List[str]
    errors: List[Finding]  # TL001 of requested files
    internal: List[str] = field(default_factory=list)  # tracebacks of our own bugs, for --verbose
    bugs: int = 0  # files an internal error stopped: such a run's findings are not remembered
    # path -> digest of the modules loaded on demand, filled while linking and judging
    loaded: Dict[str, bytes] = field(default_factory=dict)


def build_project(found: Scan, settings: Settings, verbose: bool, jobs: int) -> Build:
    if not found.requested:
        return Build(project=None, requested=[], errors=[])
    errors = list(found.errors)
    facts = _passing_facts(found, settings, jobs, errors)
    requested = set(found.requested)
    internal: List[str] = []
    good: Dict[str, ModuleFacts] = {}
    bugs = 0
    for path in sorted(facts):
        result = facts[path]
        if result.error is not None:
            bugs += result.internal_error is not None
            if path in requested:
                errors.append(result.error)
                if verbose and result.internal_error:
                    internal.append(f"{path}: {result.internal_error}")
            continue
        good[path] = result
    if not good:
        # Nothing can hold a tool, so no rule has anything to judge: stop before link,
        # which would import libcst.
        return Build(project=None, requested=found.requested, errors=errors, internal=internal, bugs=bugs)
    from toollint.link.project import link

    loader = Loader(found, good, settings, jobs)
    project = link(list(good.values()) + loader.neighbours(), loader)
    return Build(project=project, requested=found.requested, errors=errors, internal=internal, bugs=bugs,
                 loaded=loader.digests)


def _passing_facts(found: Scan, settings: Settings, jobs: int, errors: List[Finding]) -> Dict[str, ModuleFacts]:
    """Path -> facts of the files that passed the prefilter; a requested file that cannot
    be read any more adds its TL001 to `errors`."""
    store = found.store
    requested = set(found.requested)
    facts: Dict[str, ModuleFacts] = {}
    tasks: List[Task] = []
    digests = {p[0]: p[2] for p in found.passing}
    for path, data, sha in found.passing:
        name, pkg = found.module_of(path)
        hit = store.get(path, name, pkg, sha) if store is not None else None
        if hit is not None:
            facts[path] = hit
            continue
        if data is None:  # known by its stamp, but its facts are not in the cache
            data = found.read(path)
            if isinstance(data, Finding):
                if path in requested:
                    errors.append(data)
                continue
            digests[path] = digest(data)
        tasks.append((path, name, pkg, data))
    extracted = extract_many(tasks, settings, jobs) if tasks else {}
    for path, name, pkg, _ in tasks:
        result = extracted.get(path)
        if result is None:
            continue
        if store is not None and cacheable(result):
            store.put(path, name, pkg, digests[path], result)
        facts[path] = result
    return facts
