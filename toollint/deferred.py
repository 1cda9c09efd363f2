"""Values extraction leaves for linking to settle, picklable into the cache as the model's
are (toollint.cache.store); linking removes every one, no rule ever sees them."""
from __future__ import annotations

from dataclasses import dataclass

from toollint.model import Span, Value


@dataclass(frozen=True)
class ClassAttr:
    """`self.name` in a method of a class whose base another module defines (issue 18): the
    class's own `value` when linking reads that base, and its bases, and none of them can
    set `attr`; else `fallback` (what `self.name` evaluates to without the class)."""

    value: Value
    fallback: Value
    module: str  # where the base is imported from
    base: str  # the base's name there
    attr: str
    span: Span
