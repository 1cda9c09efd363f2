"""A progress bar on stderr while the payload files are read: only when stderr is a
terminal, and only once reading has taken two seconds (a small log shows nothing).

tqdm draws it: a small pure-Python package with no dependencies of its own, so it is a
dependency rather than an extra with a fallback. The bar counts the bytes of the files
as stored (compressed bytes for a .gz or .zst file), so its total is known before
reading; standard input has no size and shows bytes read only.
"""
from __future__ import annotations

import os
import sys
from typing import Sequence

from toollint.usage.sources import STDIN

EVERY = 1024  # records between updates: an update costs about as much as a record
DELAY = 2.0  # seconds of reading before the bar shows


class Progress:
    def __init__(self, paths: Sequence[str]):
        self._bar = None
        self._done = 0  # bytes of the files finished
        if not sys.stderr.isatty():
            return
        from tqdm import tqdm

        sizes = [os.path.getsize(p) if p != STDIN and os.path.isfile(p) else None for p in paths]
        total = None if None in sizes else sum(s for s in sizes if s is not None)
        self._bar = tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024, delay=DELAY, leave=False,
                         file=sys.stderr, desc="toollint: reading payloads", dynamic_ncols=True)

    def at(self, consumed: int) -> None:
        """The current file has `consumed` bytes read."""
        if self._bar is not None:
            self._bar.update(self._done + consumed - self._bar.n)

    def file_done(self, path: str) -> None:
        if self._bar is not None:
            size = os.path.getsize(path) if path != STDIN and os.path.isfile(path) else self._bar.n - self._done
            self._done += size
            self._bar.update(self._done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
