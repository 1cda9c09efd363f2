"""The one process pool: extraction and the rules both fan out through `run_chunks`.

As flake8's checker.Manager.run: the pool is an optimisation, never a requirement. Every
reason to stay in this process is in `serial_reason`; a pool that fails to start or
breaks mid-way returns what finished, and the caller does the rest serially, so a run
never fails for want of a pool.
"""
from __future__ import annotations

import os
import sys
from typing import Callable, List, Optional, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# Below these a pool costs more than it saves (fork, imports, IPC).
MIN_FILES = 4
MIN_BYTES = 48_000  # of source to extract
MIN_GROUPS = 2
MIN_TOOLS = 60  # rules cost ~5 ms a tool

# How finely the work is cut: chunks of about 1/(CHUNKS_PER_JOB*jobs) of it.
EXTRACT_CHUNKS_PER_JOB = 8
RULES_CHUNKS_PER_JOB = 4


def default_jobs() -> int:
    """The CPUs this process may run on (a container's share, not the host's)."""
    count = getattr(os, "process_cpu_count", None)
    if count is not None:
        return max(1, count() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def can_fork() -> bool:
    return sys.platform.startswith("linux")


def serial_reason(stage: str, jobs: int, units: int, size: int, partial: bool = False) -> Optional[str]:
    """Why `stage` ("extract": units are files, size bytes; "rules": groups and tools)
    runs in this process, or None when a pool pays."""
    if jobs <= 1:
        return "one job"
    if stage == "extract":
        if units < MIN_FILES:
            return "too few files"
        if size < MIN_BYTES:
            return "too little source"
        return None
    if not can_fork():
        # the rules read the linked Project, which only a forked worker inherits cheaply
        return "no fork on this platform"
    if partial:
        return "a run on some files judges only the groups they reach"  # see runner.reach
    if units < MIN_GROUPS:
        return "one group"
    if size < MIN_TOOLS:
        return "too few tools"
    return None


def chunk_size(total: int, jobs: int, per_job: int) -> int:
    """About 1/(per_job*jobs) of the work per chunk: few round trips, and the small chunks
    at the end even out the workers' finishing times."""
    return max(1, total // (per_job * jobs))


def chunked(items: Sequence[T], weight: Callable[[T], int], target: int) -> List[List[T]]:
    """The items, heaviest first, in consecutive chunks of at least `target` weight."""
    chunks: List[List[T]] = []
    current: List[T] = []
    size = 0
    for item in sorted(items, key=lambda i: -weight(i)):
        current.append(item)
        size += weight(item)
        if size >= target:
            chunks.append(current)
            current, size = [], 0
    if current:
        chunks.append(current)
    return chunks


def run_chunks(work: Callable[[List[T]], List[R]], chunks: List[List[T]], jobs: int,
               initializer: Optional[Callable[..., None]] = None, initargs: tuple = ()) -> List[R]:
    """The results of `work` on the chunks that finished in a pool of `jobs` workers (all
    of them, unless the pool failed: the caller redoes what is missing)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # forked workers start in milliseconds and inherit what this process has loaded
    context = multiprocessing.get_context("fork") if can_fork() else None
    out: List[R] = []
    try:
        with ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), mp_context=context,
                                 initializer=initializer, initargs=initargs) as pool:
            for future in as_completed([pool.submit(work, chunk) for chunk in chunks]):
                out.extend(future.result())
    except Exception:  # BrokenProcessPool, a worker killed, no semaphores: finish serially
        pass
    return out
