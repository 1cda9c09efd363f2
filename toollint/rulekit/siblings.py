"""Clauses that name a sibling by a plain word (held-out round 62, C-E): "Unlike exec
which blocks until done, ...", "when browse isn't enough", "Much faster than shell + grep
for workspace searches". The phrase sets of rulekit/triggers.py and rulekit/exclusions.py
read a name only where it can only be a tool's (snake_case, camelCase, `code`); a plain
word is a sibling's name only when a tool offered with this one has exactly that name, so
these phrasings are built per group from those names and handed to the detectors as extra
phrases."""
from __future__ import annotations

import re
from typing import Iterable, Tuple

from toollint.rulekit.phrasebase import _BARE_TOOL_NAME, COMPARATIVE

_NAMED = re.compile(r"(?:%s)\Z" % _BARE_TOOL_NAME)


def plain_names(tools: Iterable, tool) -> Tuple[str, ...]:
    """The other tools' names that are plain words (the phrase sets already read the rest);
    three letters at least: "ls", "cd" are words of any shell sentence."""
    found = {t.name.value for t in tools if t is not tool and isinstance(t.name.value, str)}
    return tuple(sorted(n for n in found if len(n) >= 3 and n.isidentifier() and not _NAMED.match(n)))


def _any(names: Tuple[str, ...]) -> str:
    return r"`?(?-i:%s)`?(?![\w-])" % "|".join(re.escape(n) for n in names)


def sibling_exclusions(names: Tuple[str, ...]) -> Tuple[str, ...]:
    if not names:
        return ()
    n = _any(names)
    return (r"\bunlike\s+(?:the\s+)?" + n,
            r"\bwhen\s+(?:the\s+)?" + n + r"\s+(?:tool\s+)?(?:isn['\u2019]t|is\s+not|can['\u2019]t|cannot|"
            r"doesn['\u2019]t|does\s+not|won['\u2019]t|fails)",
            r"\b(?:use|call|try)\s+(?:the\s+)?" + n + r"\s+(?:tool\s+)?(?:instead|for|to|when|if)\b",
            r"\b(?:instead\s+of|rather\s+than)\s+(?:the\s+)?" + n)


def sibling_triggers(names: Tuple[str, ...]) -> Tuple[str, ...]:
    if not names:
        return ()
    return (r"\b" + COMPARATIVE + r"\s+than\s+(?:calling\s+|using\s+)?(?:the\s+)?" + _any(names),)
