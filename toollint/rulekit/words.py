"""The word model the text judgements share: tokens, stop words, stems, verb synonyms.

Pure functions over strings (stdlib ``re`` only). Stemming is deliberately crude
(-s/-es/-ies/-ing/-ed/-e): it only has to make two spellings of one word equal, never
to produce a dictionary form.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, List, Pattern

# Words and stems

WORD = re.compile(r"[A-Za-z0-9]+(?:['\u2019-][A-Za-z0-9]+)*")
# Markup a framework wraps around a docstring (pydantic-ai's <summary>/<returns> tags):
# not the description's own words, so neither the language gate nor TL107 reads it.
MARKUP = re.compile(r"</?[A-Za-z][\w-]*\s*/?>")
# Words in any script, for TL107: a run of Chinese or Japanese characters becomes its
# character pairs ("查询用户" -> 查询 询用 用户), as those scripts put no space between words.
# Both patterns compile on first use, by a text that is not ASCII: their ranges cost `re`
# 3 ms to compile, which an ASCII text (nearly every description) never needs.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_ASCII_WORD = re.compile(r"[^\W_]+")  # what _any_word() finds in an ASCII text


@lru_cache(maxsize=None)
def _any_word() -> Pattern[str]:
    return re.compile(r"[%s]+|[^\W_%s]+" % (_CJK, _CJK))


@lru_cache(maxsize=None)
def _cjk() -> Pattern[str]:
    return re.compile(r"[%s]" % _CJK)


def starts_cjk(text: str) -> bool:
    """Whether ``text`` starts with a Chinese or Japanese character."""
    return not text.isascii() and _cjk().match(text) is not None


def words_any_script(text: str) -> List[str]:
    """The words of ``text`` in any script, lower-cased, markup dropped (see _any_word)."""
    out: List[str] = []
    text = MARKUP.sub(" ", text).lower()
    for w in (_ASCII_WORD if text.isascii() else _any_word()).findall(text):
        if starts_cjk(w):
            out.extend([w] if len(w) == 1 else [w[i:i + 2] for i in range(len(w) - 1)])
        else:
            out.append(w)
    return out


_CAMEL_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NAME_SPLIT = re.compile(r"[^A-Za-z0-9]+")
_DOUBLED = re.compile(r"([b-df-hj-np-tv-z])\1$")  # gett -> get, but not ll/ss/zz

# Grammatical words carry no identity of their own when comparing a description with
# the tool's name or with another description.
STOP = frozenset(
    """a an the of for by to in on at from with and or its it this that these those
    their his her our your my all any some each every one single up out into as via
    is are be been being was were will can may should would could does do
    me you we they them i us""".split()
)
# Words that make a label longer without saying more than the name.
FILLER = frozenset(
    """information info details detail data record records given specified specific
    provided particular existing current new corresponding relevant matching
    associated""".split()
)
# Boilerplate every good description shares: it must not make two tools look alike.
BOILERPLATE = frozenset(
    """use using used call calling called invoke tool tools function this when whenever
    if only not do don't never instead""".split()
)

# The verbs a tool's name or description starts with (`get-user`, "List open orders."): a
# kebab name led by one is a tool's (rulekit/pointers.py), a text led by one is English
# (rulekit/text.py language).
TOOL_VERBS = frozenset(
    """get list search find create update delete fetch lookup send read write run query
    add remove post put patch open close check execute exec call make generate upload
    download sync export import parse validate convert resolve submit cancel book
    schedule translate summarize summarise count describe start stop""".split()
)

_SYNONYM_GROUPS = (
    ("get", "fetch retriev obtain return read load lookup look show view display grab"),
    ("search", "find query"),
    ("list", "enumerat"),
    ("creat", "add mak insert"),
    ("delet", "remov destroy eras"),
    ("updat", "modify modifi edit chang"),
)
_CANON: Dict[str, str] = {
    _stem_form: _head for _head, _forms in _SYNONYM_GROUPS for _stem_form in [_head, *_forms.split()]
}


# singulars in -as that the plural rules below would cut ("alias" -> "alia", while "aliases"
# -> "alias"; held-out round 52: identity-entity-aliases-list "List all entity alias IDs")
_AS_WORDS = {w + e: w for w in ("alias", "canvas", "atlas", "bias", "gas") for e in ("", "es")}


# singulars in -is that are no plural of a word in -i ("axis", "debris"); -sis ones are kept anyway
_SINGULAR_IS = frozenset("this axis debris iris pelvis trellis tennis redis paris elvis chablis".split())


def stem(word: str) -> str:
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.replace("'", "")
    if w in _AS_WORDS:
        return _AS_WORDS[w]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith("ied"):
        return w[:-3] + "y"
    if len(w) > 5 and w.endswith("ing"):
        w = _undouble(w[:-3])
    elif len(w) > 4 and w.endswith("ed"):
        w = _undouble(w[:-2])
    elif len(w) > 4 and w.endswith(("ches", "shes", "sses", "xes", "zes")):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    elif len(w) > 3 and w.endswith("is") and not w.endswith("sis") and w not in _SINGULAR_IS:
        w = w[:-1]  # "emojis", "apis", "uris" (held-out round 68, B)
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def _undouble(w: str) -> str:
    return w[:-1] if _DOUBLED.search(w) else w


_CANON_CACHE: Dict[str, str] = {}


def canon(word: str) -> str:
    c = _CANON_CACHE.get(word)
    if c is None:
        s = stem(word)
        c = _CANON.get(s, s)
        if len(_CANON_CACHE) < 50000:  # vocabulary of a code base; the bound guards memory
            _CANON_CACHE[word] = c
    return c


def split_identifier(name: str) -> List[str]:
    out: List[str] = []
    for part in _NAME_SPLIT.split(name):
        if part:
            out.extend(p for p in _CAMEL_SPLIT.split(part) if p)
    return out
