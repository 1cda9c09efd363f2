"""Which responses were counted already, in memory with a fixed ceiling.

A response is remembered as a 64-bit digest of (provider, response id) in an
open-addressing table of `array('Q')` slots: 8 bytes a slot, at most 60% full, so about
13 bytes an id where a Python set of ints takes about 70. The digests are uniform, so
their low bits index the table directly and linear probing stays short.

Exact deduplication of any input would need memory per distinct id without bound, so
the ids are kept in two generations of at most `window` ids each: when the current one
is full it becomes the previous one and the one before is forgotten. Memory therefore
stays under two full tables (2 x 16 MB) whatever the input's size; an input of up to
2 x window distinct ids (2.5 million by default) is deduplicated exactly, and beyond
that a copy logged more than `window` responses after the first counts again. The
report says how many ids were forgotten, so an inexact count never goes unsaid; the
DuckDB engine and the warehouse queries deduplicate exactly at any size.
"""
from __future__ import annotations

from array import array
from typing import Iterable, Iterator, Optional

WINDOW_BITS = 21  # a full generation: 2**21 slots, 16 MB
_FILL = 0.6


def window_for(bits: int) -> int:
    """How many ids one generation of 2**bits slots holds."""
    return int((1 << bits) * _FILL)


class _Table:
    """A set of nonzero 64-bit ints, growing by doubling (SeenIds starts a new one instead
    once it holds a window)."""

    __slots__ = ("slots", "mask", "count", "limit")

    def __init__(self, bits: int = 10) -> None:
        self.slots = array("Q", bytes(8 << bits))
        self.mask = (1 << bits) - 1
        self.count = 0
        self.limit = window_for(bits)

    def __contains__(self, key: int) -> bool:
        slots, mask = self.slots, self.mask
        i = key & mask
        while True:
            held = slots[i]
            if held == key:
                return True
            if not held:
                return False
            i = (i + 1) & mask

    def add(self, key: int) -> bool:
        """Add the key; whether it was absent (one probe finds it or its free slot)."""
        slots, mask = self.slots, self.mask
        i = key & mask
        while True:
            held = slots[i]
            if held == key:
                return False
            if not held:
                break
            i = (i + 1) & mask
        if self.count >= self.limit:
            self._grow()
            return self.add(key)
        slots[i] = key
        self.count += 1
        return True

    def _grow(self) -> None:
        old = self.slots
        self.__init__(self.mask.bit_length() + 1)
        for key in old:
            if key:
                self.add(key)

    def __iter__(self) -> Iterator[int]:
        return (key for key in self.slots if key)


class SeenIds:
    """The digests of the responses counted so far, forgetting the oldest generation once
    more than 2 x window have been seen (`forgotten` counts them)."""

    __slots__ = ("bits", "window", "current", "previous", "forgotten")

    def __init__(self, bits: Optional[int] = None) -> None:
        self.bits = bits = WINDOW_BITS if bits is None else bits
        self.window = window_for(bits)
        self.current = _Table(min(10, bits))
        self.previous: Optional[_Table] = None
        self.forgotten = 0

    def __contains__(self, key: int) -> bool:
        key = key or 1  # 0 marks an empty slot
        return key in self.current or (self.previous is not None and key in self.previous)

    def add(self, key: int) -> bool:
        """Remember the key; whether it was new."""
        key = key or 1
        if self.previous is not None and key in self.previous:
            return False
        if self.current.count >= self.window and key not in self.current:
            if self.previous is not None:
                self.forgotten += self.previous.count
            self.previous, self.current = self.current, _Table(min(10, self.bits))
        return self.current.add(key)

    def __len__(self) -> int:
        return self.current.count + (self.previous.count if self.previous is not None else 0)

    def __iter__(self) -> Iterator[int]:
        """Oldest first, so adding them elsewhere in this order keeps the same generations."""
        if self.previous is not None:
            yield from self.previous
        yield from self.current

    def meets(self, others: Iterable[int]) -> bool:
        return any(key in self for key in others)

    def update(self, later: "SeenIds") -> None:
        """Remember the ids of an input read after this one's."""
        self.forgotten += later.forgotten
        for key in later:
            self.add(key)
