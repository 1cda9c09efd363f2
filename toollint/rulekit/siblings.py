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

from toollint.rulekit.phrasebase import _BARE_TOOL_NAME, COMPARATIVE, SET_AGAINST, SET_AGAINST_CASE
from toollint.rulekit.words import split_identifier

_NAMED = re.compile(r"(?:%s)\Z" % _BARE_TOOL_NAME)


def own_name_as_this(text: str, name) -> str:
    """The tool's own name, where the text names it as a tool can only be named (snake_case,
    camelCase, `code`), read as "this tool": "Use save_memory to keep facts" is "Use this tool
    to ...", a trigger, not a pointer to a sibling (held-out round 117, B)."""
    if not isinstance(name, str) or name not in text or not _NAMED.match(name):
        return text
    return re.sub(r"(?<![\w.`])`?%s`?(?:\(\))?(?![\w`])" % re.escape(name), "this tool", text)


def plain_names(tools: Iterable, tool) -> Tuple[str, ...]:
    """The other tools' names that are plain words (the phrase sets already read the rest);
    three letters at least: "ls", "cd" are words of any shell sentence."""
    found = {t.name.value for t in tools if t is not tool and isinstance(t.name.value, str)}
    return tuple(sorted(n for n in found if len(n) >= 3 and n.isidentifier() and not _NAMED.match(n)))


def _any(names: Tuple[str, ...]) -> str:
    return r"`?(?-i:%s)`?(?![\w-])" % "|".join(re.escape(n) for n in names)


def in_text(names: Tuple[str, ...], text: str) -> Tuple[str, ...]:
    """The names written in text: a pattern is built and compiled per tool from these, and
    with every sibling's name in it each tool got its own (a compile of a millisecond for
    most of TL104's time on a cold run); a name not written cannot match."""
    return tuple(n for n in names if n in text)


def words_in_text(words: Tuple[str, ...], text: str) -> Tuple[str, ...]:
    """As in_text, for name words, which the patterns match in any case."""
    lowered = text.lower()
    return tuple(w for w in words if w in lowered)


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


# Words any tool's name may hold: "less accurate than a full search" names no one sibling.
_GENERIC = frozenset(
    "get list search find fetch create update delete remove read write run query lookup check add set send make "
    "show view tool tools data info details detail file files item items all new api full quick basic simple "
    "advanced".split())


def name_words(tools: Iterable, tool) -> Tuple[str, ...]:
    """The words of the other tools' compound names ("avm" of avm_valuation) that no word of
    this tool's name shares and that are not any tool's (_GENERIC): a comparison may name a
    sibling by one ("Less accurate than full AVM but faster", held-out round 95, B)."""
    own = set(w.lower() for w in split_identifier(tool.name.value)) if isinstance(tool.name.value, str) else set()
    found = set()
    for t in tools:
        words = split_identifier(t.name.value) if t is not tool and isinstance(t.name.value, str) else []
        if len(words) > 1:  # a one-word name is plain_names' (read whole, as the tool's name)
            found.update(w.lower() for w in words if len(w) >= 3 and w.isalpha())
    return tuple(sorted(found - own - _GENERIC))


def sibling_word_exclusions(words: Tuple[str, ...]) -> Tuple[str, ...]:
    """The comparison with a sibling named by a word of its name, ending the noun phrase after
    "than" ("than full AVM", "than the AVM tool"), with the case or trade-off that makes it a
    boundary; without one ("Less accurate than full AVM.") it says nothing of when."""
    if not words:
        return ()
    alternatives = "|".join(re.escape(w) for w in words)
    # ... or the step before it, "Always check availability first" beside check_resource_availability
    # (held-out round 128, A)
    return (r"\b(?:check|verify|confirm|look\s+up)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:%s)\s+(?:first|before)\b"
            % alternatives,
            r"\b" + SET_AGAINST + r"(?:[\w-]+\s+){0,2}?(?:%s)(?![\w-])" % alternatives
            + SET_AGAINST_CASE,)
