"""What the last run learnt from each file, trusted while the file's stat is unchanged.

A run reads every file of the project, even one that checks a single file (pre-commit
passes the staged files; the rest is read so that a group split across modules is judged
whole), and on an unchanged tree reading is most of the run. As git's index does, the
cache remembers each file's stat (size, mtime, ctime, inode, device) beside what reading
it told: whether it passed the prefilter, and the hash of its bytes when it did. A file
whose stat is the same is not opened.

Why an unchanged stat can be trusted: every write sets the file's ctime to the current
time, and no program can set ctime back (utime sets mtime only). A file is remembered only
when its mtime and ctime are two seconds older than the run's start, so a write in the
same clock tick as a remembered stat ("racily clean", in git's words) cannot go unseen:
such a file is read again next time. `--no-cache` reads everything.

The stamps are one file per settings fingerprint beside the facts, signed like them
(toollint/cache/store.py): a stamp file toollint did not write on this account is ignored.
"""
from __future__ import annotations

import os
import stat
import time
from typing import Dict, Optional, Tuple

# (size, mtime_ns, ctime_ns, inode, device)
Stat = Tuple[int, int, int, int, int]
# stat, passed the prefilter, digest (b"" when it did not pass)
Entry = Tuple[Stat, bool, bytes]

_RACY_NS = 2_000_000_000  # FAT keeps mtimes to 2 s; every other file system is finer


def stat_of(path: str) -> Optional[Stat]:
    """The stat a stamp compares, or None when the file is not a regular file (read_source
    then says why)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


class Stamps:
    def __init__(self, entries: Dict[str, Entry]) -> None:
        self._old = entries
        self._new: Dict[str, Entry] = {}
        self._started = time.time_ns()
        self._cwd = os.getcwd()  # paths are the run's display paths: keyed whole, they are absolute

    def known(self, path: str, st: Stat) -> Optional[Tuple[bool, bytes]]:
        """(passed the prefilter, digest) when `path` is unchanged since it was remembered."""
        key = os.path.join(self._cwd, path)
        entry = self._old.get(key)
        if entry is None or entry[0] != st:
            return None
        self._new[key] = entry
        return entry[1], entry[2]

    def remember(self, path: str, st: Stat, passed: bool, digest: bytes) -> None:
        if max(st[1], st[2]) < self._started - _RACY_NS:
            self._new[os.path.join(self._cwd, path)] = (st, passed, digest if passed else b"")

    @property
    def changed(self) -> bool:
        """Whether the stamps to keep differ from those loaded (files gone, new or edited)."""
        return self._new != self._old

    @property
    def entries(self) -> Dict[str, Entry]:
        return self._new
