"""Run deeply recursive work (libcst's parser, its metadata and visitors, our extraction)
on a thread whose stack and recursion limit are large enough for any tree CPython accepts.

libcst recurses once per nesting level, and once per part of an implicitly concatenated
string: its position metadata dies with RecursionError past ~325 parts at Python's
default limit, and its native parser overflows the 8 MB main-thread stack (SIGSEGV, no
exception) on a 20,000-term `and` chain that CPython compiles. Raising the limit on the
main thread would only turn those RecursionErrors into segfaults, so the work runs on a
thread with a big stack, where the limit can be raised safely.

One long-lived thread, not one per call: measured on the benchmark tree, a fresh thread
per parse made libcst's parser 20% slower (each new thread starts with cold malloc
arenas and stack pages), the long-lived one is as fast as the caller's own thread. Each
job starts at the same depth of that thread, so what a file yields never depends on the
caller's stack: `-j 1` and `-j 2` agree.
"""
from __future__ import annotations

import os
import queue
import sys
import threading
from typing import Callable, Optional, TypeVar

T = TypeVar("T")

# Measured: the deepest trees CPython accepts (~3,000 nested operators, 3,000 string parts,
# 20,000-term boolean chains) need under 120,000 frames and 200 MB of stack through
# libcst's parser, PositionProvider and our visitors. The stack is reserved, not touched:
# only the pages a deep file uses are ever committed.
STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 120_000

_lock = threading.Lock()
_active = 0  # jobs queued or running; the limit is restored when the last ends
_saved_limit: Optional[int] = None
_worker: Optional["_Worker"] = None
_local = threading.local()


class _Job:
    __slots__ = ("fn", "args", "kwargs", "done", "value", "error")

    def __init__(self, fn, args, kwargs) -> None:
        self.fn, self.args, self.kwargs = fn, args, kwargs
        self.done = threading.Event()
        self.value = None
        self.error: Optional[BaseException] = None


class _Worker:
    def __init__(self) -> None:
        self.pid = os.getpid()  # a forked child has no such thread: it starts its own
        self.jobs: "queue.SimpleQueue[_Job]" = queue.SimpleQueue()
        previous = threading.stack_size()
        try:
            # stack_size is process-wide: set and reset under _lock (held by the caller)
            threading.stack_size(STACK_BYTES)
            self.thread = threading.Thread(target=self._loop, name="toollint-deep", daemon=True)
            self.thread.start()
        finally:
            threading.stack_size(previous)

    def alive(self) -> bool:
        return self.pid == os.getpid() and self.thread.is_alive()

    def _loop(self) -> None:
        _local.deep = True
        while True:
            job = self.jobs.get()
            try:
                job.value = job.fn(*job.args, **job.kwargs)
            except BaseException as exc:  # handed to the caller, who decides what it means
                job.error = exc
            finally:
                job.fn = job.args = job.kwargs = None
                job.done.set()


def call(fn: Callable[..., T], *args, **kwargs) -> T:
    """fn(*args, **kwargs) on the deep thread; its result, or its exception re-raised here."""
    if getattr(_local, "deep", False):  # already on it: nest plainly
        return fn(*args, **kwargs)
    worker = _acquire()
    if worker is None:
        # No thread could be made (a tight address-space limit): run here, at the limit
        # this thread's stack is sized for; the caller still turns RecursionError into TL001.
        return fn(*args, **kwargs)
    job = _Job(fn, args, kwargs)
    try:
        worker.jobs.put(job)
        job.done.wait()
    finally:
        _release()
    if job.error is not None:
        error, job.error = job.error, None
        raise error
    return job.value  # type: ignore[return-value]


def _acquire() -> Optional[_Worker]:
    global _active, _saved_limit, _worker
    with _lock:
        if _worker is None or not _worker.alive():
            try:
                _worker = _Worker()
            except (RuntimeError, ValueError, MemoryError):
                _worker = None
                return None
        if _active == 0:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_saved_limit, RECURSION_LIMIT))
        _active += 1
        return _worker


def _release() -> None:
    global _active
    with _lock:
        _active -= 1
        if _active == 0 and _saved_limit is not None:
            sys.setrecursionlimit(_saved_limit)


def _after_fork_in_child() -> None:
    # The lock may have been held by a thread that does not exist in the child.
    global _lock, _active, _worker
    _lock = threading.Lock()
    _active = 0
    _worker = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
