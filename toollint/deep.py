"""Run deeply recursive work (libcst's parser, its metadata and visitors, our extraction)
on a thread whose stack and recursion limit are large enough for any tree CPython accepts.

libcst recurses once per nesting level, and once per part of an implicitly concatenated
string: its position metadata dies with RecursionError past ~325 parts at Python's
default limit, and its native parser overflows the 8 MB main-thread stack (SIGSEGV, no
exception) on a 20,000-term `and` chain that CPython compiles. Raising the limit on the
main thread would only turn those RecursionErrors into segfaults, so the work runs on a
fresh thread with a big stack, where the limit can be raised safely.

A fresh thread per call also makes the depth budget the same whether a file is extracted
in this process or in a pool worker: what a file yields never depends on the caller's
stack, so `-j 1` and `-j 2` agree.
"""
from __future__ import annotations

import sys
import threading
from typing import Callable, Optional, TypeVar

T = TypeVar("T")

# Measured: the deepest trees CPython accepts (~3,000 nested operators, 3,000 string parts,
# 20,000-term boolean chains) need under 60,000 frames and 200 MB of stack through
# libcst's parser, PositionProvider and our visitors. The stack is reserved, not touched:
# only the pages a deep file uses are ever committed.
STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 120_000

_lock = threading.Lock()
_active = 0  # calls running on deep threads; the limit is restored when the last ends
_saved_limit: Optional[int] = None
_local = threading.local()


def call(fn: Callable[..., T], *args, **kwargs) -> T:
    """fn(*args, **kwargs) on a deep thread; its result, or its exception re-raised here."""
    if getattr(_local, "deep", False):  # already on one: nest plainly
        return fn(*args, **kwargs)
    outcome: dict = {}

    def target() -> None:
        _local.deep = True
        try:
            outcome["value"] = fn(*args, **kwargs)
        except BaseException as exc:  # handed to the caller, who decides what it means
            outcome["error"] = exc

    thread = _start(target)
    if thread is None:
        # No thread could be made (a tight address-space limit): run here, at the limit
        # this thread's stack is sized for; the caller still turns RecursionError into TL001.
        return fn(*args, **kwargs)
    try:
        thread.join()
    finally:
        _release()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def _start(target: Callable[[], None]) -> Optional[threading.Thread]:
    global _active, _saved_limit
    with _lock:
        # stack_size is process-wide: set and reset it under the lock so no other thread
        # is created with it by accident.
        previous = threading.stack_size()
        try:
            threading.stack_size(STACK_BYTES)
            thread = threading.Thread(target=target, name="toollint-deep", daemon=True)
            if _active == 0:
                _saved_limit = sys.getrecursionlimit()
                sys.setrecursionlimit(max(_saved_limit, RECURSION_LIMIT))
            _active += 1
            try:
                thread.start()
            except BaseException:
                _active -= 1
                if _active == 0 and _saved_limit is not None:
                    sys.setrecursionlimit(_saved_limit)
                raise
            return thread
        except (RuntimeError, ValueError, MemoryError):
            return None
        finally:
            threading.stack_size(previous)


def _release() -> None:
    global _active
    with _lock:
        _active -= 1
        if _active == 0 and _saved_limit is not None:
            sys.setrecursionlimit(_saved_limit)
