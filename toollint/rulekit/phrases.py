"""Trigger and exclusion clauses (TL103, TL104): the detectors. The trigger phrasings are
rulekit/triggers.py's, the exclusion phrasings rulekit/exclusions.py's, the sibling tools a
description points to rulekit/pointers.py's.

Pure functions over strings (stdlib ``re`` only). The detectors match liberally,
because for them "found" is the quiet answer. The phrase sets were built from the
built-in tool descriptions agent frameworks ship (see tests/rules/test_phrase_corpus.py for
the shapes, with their verdicts).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, Pattern, Sequence, Tuple

from toollint.rulekit import memo

from toollint.rulekit.exclusions import EXCLUSION_PATTERNS
from toollint.rulekit.phrasebase import _BARE_TOOL_NAME, _alt
from toollint.rulekit.pointers import mentioned_tools
from toollint.rulekit.triggers import TRIGGER_PATTERNS

# ---------------------------------------------------------------------------------
# has_trigger / has_exclusion

# Trigger phrasings: rulekit/triggers.py; exclusion phrasings: rulekit/exclusions.py.

# The two big patterns are compiled on first use (0.02 s together): a pre-commit run
# finds every answer in the memo and never needs them.
@lru_cache(maxsize=None)
def _trigger() -> Pattern[str]:
    return re.compile(r"\b(?:%s)" % "|".join("(?:%s)" % p for p in TRIGGER_PATTERNS), re.IGNORECASE)


@lru_cache(maxsize=None)
def _exclusion() -> Pattern[str]:
    return re.compile(r"\b(?:%s)" % "|".join("(?:%s)" % p for p in EXCLUSION_PATTERNS), re.IGNORECASE)


_EXTRA_CACHE: Dict[Tuple[str, ...], Tuple[Pattern[str], ...]] = {}


def _extra(phrases: Sequence[str]) -> Tuple[Pattern[str], ...]:
    key = tuple(phrases)
    compiled = _EXTRA_CACHE.get(key)
    if compiled is None:
        compiled = tuple(re.compile(p, re.IGNORECASE) for p in key)
        if len(_EXTRA_CACHE) < 64:  # one config per run; the bound only guards misuse
            _EXTRA_CACHE[key] = compiled
    return compiled


def _any_extra(text: str, phrases: Sequence[str]) -> bool:
    return bool(phrases) and any(p.search(text) for p in _extra(phrases))


_EMPHASIS = re.compile(r"\*{1,2}([^*\n]+?)\*{1,2}")


_RST_CODE = re.compile(r"``([^`\n]+)``")
# a line wrapped inside a sentence: "Do not confuse with\n    ``list_table_links``, which ..."
_WRAPPED = re.compile(r"(?<=[^\s.!?:;])[ \t]*\n[ \t]*(?=[a-z`(])")
# a docstring's indentation, which MCP's FastMCP sends as written: "shapes.\n    Use before
# building raw queries" opens a sentence at its line's start (held-out round 52, F)
_INDENT = re.compile(r"\n[ \t]+")


def _plain(text: str) -> str:
    """Markdown emphasis left out: "only *one* key" is "only one key" (held-out round 22);
    RST's ``code`` as Markdown's `code`, and a sentence wrapped over lines as one line
    (held-out round 52, C: sibling names in markup, at the start of a wrapped line)."""
    if "*" in text:
        text = _EMPHASIS.sub(r"\1", text)
    if "``" in text:
        text = _RST_CODE.sub(r"`\1`", text)
    return _INDENT.sub("\n", _WRAPPED.sub(" ", text)) if "\n" in text else text


def has_trigger(description: str, extra_phrases: Sequence[str] = ()) -> bool:
    """Whether the text says *when* to call the tool, anywhere in it (TL103).

    Negated forms ("Do not use this when ...") are exclusions, not triggers.
    ``extra_phrases`` are user regexes, searched case-insensitively.
    """
    if not description:
        return False
    return memo.recall("has_trigger", (description, *extra_phrases), lambda: _has_trigger(description, extra_phrases))


def _has_trigger(description: str, extra_phrases: Sequence[str]) -> bool:
    description = _plain(description)
    return bool(_trigger().search(_uncoded(description))) or _event_trigger(description) \
        or _always_own_action(description) or _any_extra(description, extra_phrases)


_FIRST_VERB = re.compile(r"\W*([A-Za-z]{3,})\b")


def _always_own_action(description: str) -> bool:
    """"Create a chart from the table. ... Always create a chart when discussing trends."
    (held-out round 62, A): the tool's own action, from its first word, in an "always ...
    when" sentence says when to call it; another verb there is argument guidance ("Always
    quote paths when they contain spaces")."""
    first = _FIRST_VERB.match(description)
    word = first.group(1).lower() if first else ""
    if not word or (word.endswith("s") and not word.endswith("ss")):  # "Returns ...": no imperative
        return False
    return re.search(r"\balways\s+%s\b[^.;\n]{0,60}?\b(?:when|whenever|if|for)\s+[a-z]" % re.escape(first.group(1)),
                     description, re.IGNORECASE) is not None


# The event the call waits for, in the action's own sentence: "Find replacement flights
# when a segment is delayed or cancelled", "Import the asset after the generation task is
# completed". A sentence about the result ("Returns null when the key is missing", "Fails
# if the file is locked") describes behaviour, not when to call.
_EVENT = re.compile(
    r"\b(?:when|whenever|after|once)\s+(?:(?:the|a|an|your|its|their|each|every|any)\s+)?(?:[a-z]+\s+){0,3}"
    r"(?:is|are|has|have|was|were|gets|get)\s+(?:been\s+|being\s+)?(?:not\s+)?(?:yet\s+)?"
    # "Search the web when relevant URLs are not yet known" (held-out round 39)
    r"(?:[a-z]+ed|done|finished|complete|over|known|unknown|given|missing|unavailable"
    # "Request clarification from the user when the query is ambiguous" (held-out round 116, F)
    r"|ambiguous|unclear|uncertain|vague|incomplete|insufficient|inconclusive)\b"
    # ... elliptic, in a terse note: "when product change detected" (held-out round 85, C)
    r"|\bwhen\s+(?:[a-z]+\s+){1,3}" + _alt("detected found received triggered reached exceeded spotted observed")
    + r"\b(?!\s+(?:by|in|on|at|from|with)\b)",
    re.IGNORECASE)
# ... or a state a party reports (held-out round 69, A): "when the backend confirms ...", "when
# the account already qualifies for ...", "when the change can be completed"; not inside a
# relative clause ("an automation that sends a task when a trigger fires") nor a question
# ("Forecast when a metric will breach a threshold")
_STATE = re.compile(
    r"\b(?:when|whenever|once)\s+(?:the|a|an|your|its|their)\s+[a-z]+(?:['\u2019]s\s+[a-z]+)?\s+"
    r"(?:already\s+|still\s+|also\s+|explicitly\s+)?(?:(?!(?:is|has|was|does|this|its|his)\b)[a-z]+s\b"
    r"|(?:can|may|must|should)\s+(?:not\s+)?(?:be\s+)?[a-z]+)", re.IGNORECASE)
_RELATIVE = re.compile(r"\b(?:that|which|who)\b", re.IGNORECASE)
_RESULT_SENTENCE = re.compile(
    r"^\W*(?:it\s+|this\s+(?:tool\s+)?)?(?:returns?|raises?|fails?|throws?|errors?|yields?|outputs?|responds?|"
    r"reports?|will|may|might|can|if|note)\b", re.IGNORECASE)


# ... or after a case named by an event noun (held-out rounds 64, D and 66, C): "Prepare an
# outbound callback after a resolved support request", "Save the profile after consent",
# "Record whether a review passed after visual inspection"; not a place ("Insert a cell
# after the cell with the given ID"), a bound on the data ("messages after a cursor") or
# the tool's own processing ("Execute a query after validation")
_DET = r"(?:(?:a|an|the|each|every|any|their|its|your|explicit)\s+)?"
_PROCESSING = ("validation processing parsing normalization normalisation sanitization sanitisation conversion "
               "filtering formatting encoding decoding compression execution insertion deletion creation "
               "transformation serialization deserialization aggregation deduplication tokenization translation "
               "rendering position section selection")
_AFTER_CASE = re.compile(
    r"(?<!\bor\s)(?<!\band\s)\bafter\s+" + _DET
    + r"(?:(?!" + _alt("given specified certain particular provided specific selected last first next previous latest")
    + r"\b)[a-z][\w-]*\s+){0,4}?"
    r"(?!" + _alt(_PROCESSING) + r"\b)"
    r"(?:[a-z]+(?:tion|sion|ment|ance|ence)|" + _alt("consent request approval review call meeting login signup sign-up "
                                                  "purchase crash failure error reply answer response feedback "
                                                  "conversation interview visit checkout booking handoff escalation "
                                                  "outage incident issue problem") + r")s?\b(?!\s+(?:id|date|time|number)\b)",
    re.IGNORECASE)


def _event_trigger(description: str) -> bool:
    """Only in the first sentence, the one that names the action: later sentences with an
    event ("The cache is refreshed when the list is updated") describe what happens."""
    first = re.split(r"(?<=[.!?])\s+|\n\s*\n", description.strip(), maxsplit=1)[0]
    state = _STATE.search(first)
    return bool(_EVENT.search(first) or _AFTER_CASE.search(first)
                or (state and not _RELATIVE.search(first, 0, state.start()))) and not _RESULT_SENTENCE.match(first)


def has_exclusion(description: str, extra_phrases: Sequence[str] = ()) -> bool:
    """Whether the text says when *not* to call the tool, or restricts it (TL104).

    A restriction ("only for admins", "unless ...") and a pointer to a sibling tool
    ("For refunds, use issue_refund.") count as exclusions.
    """
    if not description:
        return False
    return memo.recall("has_exclusion", (description, *extra_phrases),
                       lambda: _has_exclusion(description, extra_phrases))


def _has_exclusion(description: str, extra_phrases: Sequence[str]) -> bool:
    plain = _plain(description)
    return (
        bool(_exclusion().search(_uncoded(plain)))
        or _any_extra(plain, extra_phrases)
        or bool(mentioned_tools(plain))  # which reads `name` itself: a backticked word is a name
        or bool(_NON_KIND.search(re.split(r"(?<=[.!?])\s+|\n\s*\n", plain.strip(), maxsplit=1)[0]))
    )


# "Find the most liquid SINGLE (non-combo) markets": which items it takes, before their noun, in
# the sentence that names the action (held-out round 118, H); not "inside the sandbox
# (non-recursive).", how it works (round 116), nor "- active_count: active (non-idle) workers", a
# result's field
_NON_KIND = re.compile(r"\(non[\s-][a-z][\w-]*\)\s+[a-z]", re.IGNORECASE)


# a name as tools are named (snake_case, camelCase), not a plain word: "Use `first` and
# `after` to paginate" names parameters; Sphinx's :func:`x` too
_CODE_NAME = re.compile(r"(?::\w+:)?`((?:" + _BARE_TOOL_NAME + r")(?:\(\))?)`")


def _uncoded(text: str) -> str:
    """`get_pipe` as get_pipe, for the phrase patterns: "Use `get_pipe` to find ..." is
    "Use get_pipe to find ..." (held-out round 52, C)."""
    return _CODE_NAME.sub(r"\1", text) if "`" in text else text
