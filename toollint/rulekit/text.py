"""Judgements on the English text of tool descriptions.

Pure functions over strings (stdlib ``re`` only), called once per tool or parameter by
the description rules. Every function leans towards silence: a false positive on a good
description costs more trust than a missed label, so each heuristic needs positive
evidence before it reports anything, and the phrase detectors (``has_trigger``,
``has_exclusion``) match liberally, because for them "found" is the quiet answer.

The measures, so that rule docs and tests can state them:

* **Label** (TL102, ``reads_like_signature``). The prose is the description with a
  leading signature line (``name(args) -> ret``, as LlamaIndex prepends) and any
  docstring sections (Google ``Args:``/``Returns:``, NumPy underlined headers, Sphinx
  ``:param``) removed. The prose is a label when it is exactly one sentence of 1 to 8
  words (``_LABEL_MAX_WORDS``), has no trigger or exclusion clause, no clause word
  (when, if, unless, only, because, instead, before, after, except, e.g., such as,
  including, ...), and no punctuation that carries more content (comma, semicolon,
  colon, parentheses, dash, question mark). It *restates the name* when every content
  word, after dropping stop words and filler (information, details, data, given, ...),
  stemming (-s/-es/-ies/-ing/-ed/-e) and folding a few verb synonyms (get = fetch =
  retrieve = return = read = look up, ...), is one of the tool name's words (snake,
  kebab, camel and dotted names are split). Non-English prose is never judged.
* **English** (``looks_english``). Letters must be mostly ASCII (>= 80 %); then the
  text's common English function words are counted against those of Spanish, French,
  German, Italian, Portuguese and Dutch; more foreign than English means not English;
  accented letters with no English function word in a text over three words means
  not English; otherwise English (so a short ASCII label such as "Get user." is judged).
* **Similarity** (TL107, ``similarity``). Weighted Jaccard index of the sets of
  content words (lower-cased, punctuation and stop words dropped, boilerplate such as
  "use this tool when" dropped, stemmed as above). Word order and small function-word
  changes ("about" / "on") do not move it; a different object or verb does. Action
  verbs (get, search, create, delete, ...) weigh double, so the same object under a
  different action stays apart. ``NEAR_DUPLICATE`` (0.8) is the threshold.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, FrozenSet, List, Optional, Pattern, Sequence, Tuple

__all__ = [
    "NEAR_DUPLICATE",
    "has_exclusion",
    "has_trigger",
    "looks_english",
    "mentioned_tools",
    "reads_like_signature",
    "shouting",
    "similarity",
    "stated_default",
]

NEAR_DUPLICATE = 0.8

_LABEL_MAX_WORDS = 8

# ---------------------------------------------------------------------------------
# Words and stems

_WORD = re.compile(r"[A-Za-z0-9]+(?:['\u2019-][A-Za-z0-9]+)*")
_ALNUM = re.compile(r"[A-Za-z0-9]+")
_CAMEL_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NAME_SPLIT = re.compile(r"[^A-Za-z0-9]+")
_DOUBLED = re.compile(r"([b-df-hj-np-tv-z])\1$")  # gett -> get, but not ll/ss/zz

# Grammatical words carry no identity of their own when comparing a description with
# the tool's name or with another description.
_STOP = frozenset(
    """a an the of for by to in on at from with and or its it this that these those
    their his her our your my all any some each every one single up out into as via
    is are be been being was were will can may should would could does do
    me you we they them i us""".split()
)
# Words that make a label longer without saying more than the name.
_FILLER = frozenset(
    """information info details detail data record records given specified specific
    provided particular existing current new corresponding relevant matching
    associated""".split()
)
# Boilerplate every good description shares: it must not make two tools look alike.
_BOILERPLATE = frozenset(
    """use using used call calling called invoke tool tools function this when whenever
    if only not do don't never instead""".split()
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


def _stem(word: str) -> str:
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.replace("'", "")
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
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def _undouble(w: str) -> str:
    return w[:-1] if _DOUBLED.search(w) else w


_CANON_CACHE: Dict[str, str] = {}


def _canon(word: str) -> str:
    c = _CANON_CACHE.get(word)
    if c is None:
        s = _stem(word)
        c = _CANON.get(s, s)
        if len(_CANON_CACHE) < 50000:  # vocabulary of a code base; the bound guards memory
            _CANON_CACHE[word] = c
    return c


def _split_identifier(name: str) -> List[str]:
    out: List[str] = []
    for part in _NAME_SPLIT.split(name):
        if part:
            out.extend(p for p in _CAMEL_SPLIT.split(part) if p)
    return out


# ---------------------------------------------------------------------------------
# looks_english

_NOT_LETTER = re.compile(r"[\W\d_]+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_UWORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_BACKTICKED = re.compile(r"`[^`]*`")

_EN_MARKERS = frozenset(
    """the a an to of for and or this that these when whenever is are be was were in on
    with by from it its if not as at into you your which will should must can
    instead only any than then before after use call returns""".split()
)
# Function words of the languages a tool description is most often written in,
# chosen so that none is an ordinary English word in a description.
_FOREIGN_MARKERS = frozenset(
    """el la los las del al un una unos unas por para con que y es se su sus
    le les des du une et est pour avec sur dans ou au aux ce cette qui pas ne l d
    der die das den dem des ein eine einen und ist mit von zu nicht oder auf nach
    für fur wird werden sich
    il lo gli della dello delle degli dei nel nella che di da non sono alla
    o os um uma em não nao ao à ou seu sua dos das
    het een van voor niet op te wordt""".split()
) - _EN_MARKERS


def looks_english(description: str) -> bool:
    """Whether the English phrase heuristics may judge this text (see module doc)."""
    text = _BACKTICKED.sub(" ", description or "")
    n_letters = len(_NOT_LETTER.sub("", text))
    if not n_letters:
        return True
    ascii_letters = n_letters - sum(1 for c in _NON_ASCII.findall(text) if c.isalpha())
    if ascii_letters < 0.8 * n_letters:
        return False
    words = _UWORD.findall(text.lower())
    english = sum(1 for w in words if w in _EN_MARKERS)
    foreign = sum(1 for w in words if w in _FOREIGN_MARKERS)
    if foreign > english:
        return False
    accented = ascii_letters < n_letters
    if accented and english == 0 and len(words) > 3:
        return False
    if english == foreign and english > 0 and accented:
        return False
    return True


# ---------------------------------------------------------------------------------
# has_trigger / has_exclusion

def _alt(words: str) -> str:
    """``"call use_it"`` becomes ``(?:call|use\\s+it)``: keeps phrase lists readable."""
    return "(?:%s)" % "|".join(w.replace("_", r"\s+") for w in words.split())


# Negated forms are exclusions, not triggers. Lookbehinds must be fixed-width, hence one
# per spelling.
_NOT_NEGATED = r"(?<!not )(?<!n't )(?<!n\u2019t )(?<!never )(?<!avoid )(?<!no )"
_SELF = r"(?:this|it|me)(?:\s+%s)?" % _alt(
    "tool function method endpoint action command api operation skill capability"
)
_CALL = _alt("call use invoke run")
# Every alternative starts at a word boundary: the combined pattern leads with one
# ``\b`` so that the scan rejects mid-word positions before trying a dozen branches.
_TRIGGER_PATTERNS = (
    # "Call this tool when", "Use this to", "Use it to", "Run this when", "use this first"
    _NOT_NEGATED + _alt("call use invoke run trigger select choose pick employ") + r"\s+" + _SELF
    + r"\s+(?:only\s+)?"
    + _alt("when whenever if to for before after first once as_soon_as in_case any_time anytime every_time")
    + r"\b",
    # "Use when", "Use for", "Use to", "Call only when", "Used for"
    _NOT_NEGATED + _alt("call use used invoke invoked run called") + r"\s+(?:only\s+)?"
    + _alt("when whenever if for to") + r"\b",
    # "Only call if", "Only use this tool when"
    r"only\s+" + _CALL + r"(?:\s+" + _SELF + r")?\s+"
    + _alt("when whenever if for after before once to") + r"\b",
    # "Should be called when", "This tool should be used when", "can be used to"
    _NOT_NEGATED + _alt("should must can may is_to are_to to") + r"\s+(?:only\s+)?be\s+"
    + _alt("used called invoked run selected chosen") + r"\b",
    # "Useful for when", "Best for", "Ideal when"
    _NOT_NEGATED
    + _alt("useful helpful handy ideal best suitable appropriate perfect designed intended meant")
    + r"\s+(?:only\s+)?" + _alt("for when if whenever") + r"\b",
    # "when the user asks", "If a customer wants", "whenever users"
    _alt("when whenever if once after") + r"\s+(?:(?:the|a|an|your)\s+)?"
    + _alt("user customer caller client human person visitor requester member employee "
           "operator admin patient buyer shopper student people") + r"s?\b",
    # "when you need to", "if the assistant has"
    _alt("when whenever if") + r"\s+" + _alt("you the_assistant the_model the_agent we") + r"\s+"
    + _alt("need want have must should are get receive cannot can't don't do_not would") + r"\b",
    _alt("when whenever if") + r"\s+" + _alt("asked requested prompted needed necessary") + r"\b",
    # "Trigger: ...", "When to use: ...", "Use cases:"
    r"(?:triggers?|when\s+to\s+use(?:\s+(?:it|this(?:\s+tool)?))?|use\s+cases?|use\s+it\s+for)\s*:",
    # "the right tool for", "the tool to use when"
    _alt("right best go-to correct preferred primary main") + r"\s+tool\s+(?:for|when|to)\b",
    r"tool\s+to\s+(?:use|call)\b",
    # "For billing questions, call this." / "... use this tool."
    _NOT_NEGATED + _CALL + r"\s+this(?:\s+(?:tool|function))?(?=\s*(?:[.;!]|$))",
)
_TRIGGER = re.compile(r"\b(?:%s)" % "|".join("(?:%s)" % p for p in _TRIGGER_PATTERNS), re.IGNORECASE)

# Case-sensitive inside the case-insensitive alternation: camelCase must stay camel.
# Pointers without a cue word ("For refunds, use issue_refund.") are left to
# mentioned_tools, which has_exclusion consults last.
_TOOLISH_WORD = r"(?-i:`[^`\n]+`|[A-Za-z][A-Za-z0-9]*_[\w.-]*|[a-z]{2,}[a-z0-9]*[A-Z][A-Za-z0-9]*)"
_NEGATION = r"(?:not|cannot|never|avoid|%sn['\u2019]t)" % _alt(
    "do does did should must could would ca wo is are was were need"
)
_EXCLUSION_PATTERNS = (
    # "Do not call", "Don't use", "Never call this", "Avoid calling", "should not be used"
    _NEGATION + r"\s+(?:to\s+)?(?:be\s+)?"
    + _alt("call calling called use using used invoke invoking invoked run running pick "
           "picking select selecting choose choosing rely relying") + r"\b",
    # "not for", "Not suitable for", "is not intended for"
    r"not\s+" + _alt("for suitable appropriate intended designed meant to_be when if the_right "
                     "the_tool a_replacement needed necessary recommended supported available")
    + r"\b",
    _alt("instead rather_than in_place_of prefer prefers preferred preferably unless deprecated "
         "out_of_scope handled_by covered_by") + r"\b",
    r"except\s+(?:when|if|for|to|in)\b",
    r"(?:handles|covers)\s+(?:those|these|them|that)\b",
    # "only for", "only when", "only be used", "for internal use only"
    r"only\s+(?:be\s+)?"
    + _alt("for when if whenever after before once call use used called invoke run to in with "
           "within on available work works applies") + r"\b",
    _alt("call use invoke run used called intended meant usage")
    + r"\s+(?:this\s+|it\s+)?(?:tool\s+|function\s+)?only\b",
    # "Does not handle refunds", "can't modify"
    r"(?:does\s+not|doesn['\u2019]t|cannot|can['\u2019]t|won['\u2019]t|will\s+not|is\s+not|isn['\u2019]t)\s+"
    + _alt("handle support cover apply work include return search modify accept process "
           "create delete update change find list send") + r"\b",
    # "use `search_users` for that"
    r"(?:use|call|try)\s+(?:the\s+)?" + _TOOLISH_WORD + r"\s+(?:tool\s+)?for\s+(?:that|those|these|them)\b",
)
_EXCLUSION = re.compile(r"\b(?:%s)" % "|".join("(?:%s)" % p for p in _EXCLUSION_PATTERNS), re.IGNORECASE)

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


def has_trigger(description: str, extra_phrases: Sequence[str] = ()) -> bool:
    """Whether the text says *when* to call the tool, anywhere in it (TL103).

    Negated forms ("Do not use this when ...") are exclusions, not triggers.
    ``extra_phrases`` are user regexes, searched case-insensitively.
    """
    if not description:
        return False
    return bool(_TRIGGER.search(description)) or _any_extra(description, extra_phrases)


def has_exclusion(description: str, extra_phrases: Sequence[str] = ()) -> bool:
    """Whether the text says when *not* to call the tool, or restricts it (TL104).

    A restriction ("only for admins", "unless ...") and a pointer to a sibling tool
    ("For refunds, use issue_refund.") count as exclusions.
    """
    if not description:
        return False
    return (
        bool(_EXCLUSION.search(description))
        or _any_extra(description, extra_phrases)
        or bool(mentioned_tools(description))
    )


# ---------------------------------------------------------------------------------
# mentioned_tools

_ID = r"(?:`(?P<bt>[^`\s]{1,100})`|(?P<id>[A-Za-z][\w.\-]*[A-Za-z0-9]))"
_TOOL_WORD = r"(?:\s+(?:tool|function))?"
_POINTER_PATTERNS = (
    # "use search_users instead", "call get_invoice instead", "use X to find people instead"
    r"\b(?:use|call|invoke|try|run|pick|choose|select)\s+(?:the\s+)?" + _ID + _TOOL_WORD
    + r"(?=[^.;\n]{0,80}?\binstead\b)",
    # "prefer lookup_order", "preferably call `x`"
    r"\bprefer(?:s|ably)?\s+(?:to\s+(?:use|call)\s+|using\s+|calling\s+)?(?:the\s+)?" + _ID,
    # "instead of delete_user", "rather than calling x"
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:calling\s+|using\s+|invoking\s+)?(?:the\s+)?" + _ID,
    # "use `search_users` for that"
    r"\b(?:use|call|try)\s+(?:the\s+)?" + _ID + _TOOL_WORD
    + r"\s+(?:for|with)\s+(?:that|this|those|these|them|it)\b",
    # "Do not use this for refunds; use issue_refund."
    r"(?:\bnot\b|n['\u2019]t\b|\bnever\b)[^.\n]{0,120}?(?:[,;:]|\s[\u2014\u2013-])\s*(?:use|call|try)\s+(?:the\s+)?"
    + _ID + _TOOL_WORD + r"(?=\s*(?:[.;,!)\n]|$))",
    # "For refunds, use issue_refund."
    r"(?:^|(?<=[.;:!?\n]))\s*(?:for|to|if|when|whenever)\b[^.;\n]{1,80}?,\s*(?:use|call|try)\s+(?:the\s+)?"
    + _ID + _TOOL_WORD + r"(?=\s*(?:[.;!)\n]|$))",
    r"\b(?:handled|covered|done|served)\s+by\s+(?:the\s+)?" + _ID,
)
_POINTERS = tuple(re.compile(p, re.IGNORECASE) for p in _POINTER_PATTERNS)
# "...; escalate_ticket handles those". The identifier comes first, so this pattern
# would be tried at every word: run it only when its verb phrase is present.
_HANDLES = r"\s+(?:handles|covers|takes\s+care\s+of|is\s+for|does)\s+(?:those|that|these|them|this|it)\b"
_HANDLES_GATE = re.compile(_HANDLES, re.IGNORECASE)
_HANDLES_POINTER = re.compile(r"(?<![\w.`-])" + _ID + _TOOL_WORD + _HANDLES, re.IGNORECASE)

_IDENT = re.compile(r"[A-Za-z_][\w.\-]*")
_CAMEL = re.compile(r"[a-z]{2,}[a-z0-9]*(?:[A-Z][a-z0-9]+)+")
_KEBAB_VERBS = frozenset(
    """get list search find create update delete fetch lookup send read write run query
    add remove post put patch open close check execute exec call make generate upload
    download sync export import parse validate convert resolve submit cancel book
    schedule translate summarize summarise count describe start stop""".split()
)
_KEBAB_PARTICLES = frozenset("only in on up out off over back down through to by".split())
# Naming conventions and nouns that follow a *parameter* or field, never a tool.
_NOT_TOOLS = frozenset(
    "snake_case camelcase kebab-case pascalcase lower_case upper_case screaming_snake_case".split()
)
_FIELD_NOUNS = frozenset(
    """field fields parameter parameters param params argument arguments arg args column
    columns flag flags option options key keys value values mode format attribute
    attributes property properties variable variables header headers setting settings
    filter type style convention case naming notation syntax env""".split()
)
_NEXT_WORD = re.compile(r"\s*([A-Za-z]+)?")
_KEBAB_FOLLOW = frozenset("instead tool function for to when if rather unless".split())


def _toolish(name: str, bare: bool) -> bool:
    if name.lower() in _NOT_TOOLS or not _IDENT.fullmatch(name):
        return False
    if not bare:
        return name.lower() not in _STOP
    if "_" in name:
        return True
    if _CAMEL.fullmatch(name):
        return True
    if "-" in name and "." not in name:
        parts = name.lower().split("-")
        return parts[0] in _KEBAB_VERBS and parts[-1] not in _KEBAB_PARTICLES
    return False


def mentioned_tools(description: str) -> List[Tuple[str, int]]:
    """Identifiers an exclusion clause points to as another tool, with their offsets.

    Only tool-like identifiers count: snake_case, camelCase, verb-led kebab-case
    (``search-users``, not ``read-only``), or anything in backticks. An identifier
    followed by a field noun ("use order_id field instead") is a parameter, not a tool.
    Each name is reported once, at its first offset; results are in text order.
    """
    if not description:
        return []
    found: Dict[str, int] = {}
    patterns = _POINTERS
    if _HANDLES_GATE.search(description):
        patterns = patterns + (_HANDLES_POINTER,)
    for pattern in patterns:
        for m in pattern.finditer(description):
            bare = m.group("bt") is None
            group = "id" if bare else "bt"
            name = m.group(group)
            start = m.start(group)
            if not bare and name.endswith("()"):
                name = name[:-2]
            if not _toolish(name, bare):
                continue
            nxt = _NEXT_WORD.match(description, m.end(group) + (0 if bare else 1)).group(1)
            nxt = (nxt or "").lower()
            if nxt in _FIELD_NOUNS:
                continue
            if bare and "-" in name and "_" not in name and nxt and nxt not in _KEBAB_FOLLOW:
                continue  # "use read-write mode": a compound adjective, not a tool
            if name not in found or start < found[name]:
                found[name] = start
    return sorted(found.items(), key=lambda kv: kv[1])


# ---------------------------------------------------------------------------------
# reads_like_signature

_SIGNATURE_LINE = re.compile(
    r"^\s*(?:(?:async\s+)?def\s+)?[A-Za-z_][\w.]*\([^()]*(?:\([^()]*\)[^()]*)*\)"
    r"\s*(?:->\s*[^\n]+?)?\s*:?\s*$"
)
_SECTION_START = re.compile(
    r"^[ \t]*(?:"
    # Google: "Args:" on its own line; "Returns: a dict" may carry text
    r"(?:Args|Arguments|Parameters|Params|Keyword\s+Args|Keyword\s+Arguments|Kwargs|"
    r"Other\s+Parameters|Attributes)[ \t]*:[ \t]*$"
    r"|(?:Returns?|Yields?|Raises)[ \t]*:"
    # NumPy: header underlined with dashes
    r"|(?:Parameters|Returns|Yields|Raises|Other\s+Parameters|Attributes)[ \t]*\n[ \t]*-{3,}[ \t]*$"
    # Sphinx / epytext
    r"|[:@](?:param|parameter|arg|argument|key|keyword|type|returns?|rtype|raises?|except|ivar|cvar)\b"
    r")",
    re.MULTILINE | re.IGNORECASE,
)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_BULLET_LINE = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)])\s+", re.MULTILINE)
_ABBREV = re.compile(r"\b(?:e\.g|i\.e|etc|vs|approx|incl|cf|No|Dr|Mr|Mrs|Ms|St)\.", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)")
_CONTENT_PUNCT = re.compile(r"[,;:()\[\]{}?\u2014\u2013]|\s-\s|\.\.\.|\u2026")
_CLAUSE_WORDS = re.compile(
    r"\b(?:when|whenever|if|unless|only|because|since|instead|before|after|otherwise|"
    r"except|rather|until|while|whereas|although|though|then|such\s+as|for\s+example|"
    r"for\s+instance|e\.g|i\.e|including|includes|so\s+that|in\s+order\s+to|"
    r"deprecated|note|must|never|always|don't|not)\b",
    re.IGNORECASE,
)


def _split_sections(text: str) -> str:
    m = _SECTION_START.search(text)
    return text[: m.start()] if m else text


def _one_sentence(prose: str) -> bool:
    if _PARAGRAPH_BREAK.search(prose) or _BULLET_LINE.search(prose):
        return False
    masked = _ABBREV.sub(lambda m: "x" * len(m.group()), prose.strip())
    ends = list(_SENTENCE_END.finditer(masked))
    return not ends or (len(ends) == 1 and ends[0].end() == len(masked))


def _restates(words: List[str], tool_name: str) -> bool:
    name_words = [w for w in _split_identifier(tool_name) if w]
    if not name_words:
        return False
    name_set = {_canon(w) for w in name_words}
    name_set.update(_canon(a + b) for a, b in zip(name_words, name_words[1:]))
    if len(words) > 4 * len(name_words) + 4:
        return False  # longer than any restatement; spares splitting a long text
    parts: List[str] = []
    for w in words:
        if w.isalpha() and w[1:].islower():
            parts.append(w)
        else:
            parts.extend(_split_identifier(w))
    covered = [False] * len(parts)
    content = 0
    for i, w in enumerate(parts):
        low = w.lower()
        if low in _STOP or low in _FILLER or len(low) == 1:
            covered[i] = True
            continue
        if covered[i]:
            continue
        content += 1
        if _canon(w) in name_set:
            covered[i] = True
        elif i + 1 < len(parts) and (
            _canon(w + parts[i + 1]) in name_set or _canon(_stem(w) + parts[i + 1]) in name_set
        ):
            covered[i] = covered[i + 1] = True
        else:
            return False
    return content > 0


def reads_like_signature(description: str, tool_name: str) -> Optional[str]:
    """Why the description is a label or a signature rather than a description, or None.

    See the module docstring for the measure. Empty and non-English text return None.
    """
    if not description or not description.strip():
        return None
    text = description.strip()
    first, _, rest = text.partition("\n")
    if _SIGNATURE_LINE.match(first):
        if not rest.strip():
            return "it is a signature, not a description"
        text = rest.strip()
    prose = _split_sections(text).strip()
    if not prose:
        return "it is only an Args/Returns block"
    words = _WORD.findall(prose)
    if not words:
        return None
    if tool_name and _restates(words, tool_name):
        reason = "it only restates the name '%s'" % tool_name
    elif len(words) <= _LABEL_MAX_WORDS and _one_sentence(prose) and not _CONTENT_PUNCT.search(prose):
        reason = "it is a bare label: one short verb phrase with no selection rule"
    else:
        return None
    # Only the prose: "only when known" under Args: restricts a parameter, not the tool.
    # Checked last because it is the expensive part and most texts are out by now.
    if _CLAUSE_WORDS.search(prose) or has_trigger(prose) or has_exclusion(prose):
        return None
    return reason if looks_english(prose) else None


# ---------------------------------------------------------------------------------
# shouting

_CODE_SPAN = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
_QUOTED = re.compile(r"\"[^\"\n]{0,60}\"|\u201c[^\u201d\n]{0,60}\u201d|'[A-Z][A-Z0-9_ ]*'")
_CAPS = re.compile(r"(?<![\w\-./=$@#{\\])[A-Z]{2,}(?:['\u2019][A-Z]{1,2})?(?![\w\-/(=])")
_BANGS = re.compile(r"!{2,}")
_EMPHATIC = frozenset(
    """ALWAYS MUST MUSTN'T NEVER IMPORTANT CRITICAL CRUCIAL REQUIRED MANDATORY ONLY
    WARNING CAUTION NOT DON'T DONT SHOULD SHALL ESSENTIAL URGENT STRICTLY ABSOLUTELY
    EXTREMELY VERY EVER""".split()
)


def _blank(m: "re.Match[str]") -> str:
    return " " * len(m.group())


def shouting(description: str) -> Optional[str]:
    """The first emphatic fragment ("MUST", "DO NOT", "!!"), or None (TL106).

    Only known emphatic words in capitals count, so acronyms (URL, JSON, UTC) never do;
    code spans, quoted values and enum lists ("DEBUG, INFO, WARNING") are skipped.
    """
    if not description:
        return None
    text = _CODE_SPAN.sub(_blank, description)
    text = _QUOTED.sub(_blank, text)
    tokens = [(m.start(), m.end(), m.group().replace("\u2019", "'")) for m in _CAPS.finditer(text)]
    hits: List[Tuple[int, str]] = []
    for i, (start, end, word) in enumerate(tokens):
        fragment = None
        if word == "DO" and i + 1 < len(tokens) and tokens[i + 1][2] == "NOT" \
                and not text[end:tokens[i + 1][0]].strip():
            fragment = "DO NOT"
        elif word in _EMPHATIC:
            fragment = description[start:end]
        if fragment is None or _in_enum_list(text, tokens, i):
            continue
        hits.append((start, fragment))
        break
    bang = _BANGS.search(text)
    if bang:
        hits.append((bang.start(), bang.group()))
    return min(hits)[1] if hits else None


def _in_enum_list(text: str, tokens: List[Tuple[int, int, str]], i: int) -> bool:
    """A capital word listed beside a non-emphatic capital word is an enum value."""
    for j in (i - 1, i + 1):
        if not 0 <= j < len(tokens):
            continue
        other = tokens[j][2]
        if other in _EMPHATIC or other == "DO":
            continue
        between = text[tokens[j][1]:tokens[i][0]] if j < i else text[tokens[i][1]:tokens[j][0]]
        if between.strip() in (",", "|", "/", "or", "and", ", or", ", and"):
            return True
    return False


# ---------------------------------------------------------------------------------
# similarity


# The action is what tells two tools over the same object apart ("Get a user by email"
# vs "Delete a user by email"), so these verbs weigh double.
_ACTION_VERBS = frozenset(
    _canon(w)
    for w in """get search list create delete update send cancel archive restore refund
    approve reject upload download export import assign escalate merge move copy rename
    write run execute schedule book translate summarize summarise convert""".split()
)


@lru_cache(maxsize=4096)  # TL107 compares every pair in a group: tokenise each text once
def _content_set(text: str) -> FrozenSet[str]:
    out = set()
    for w in _ALNUM.findall(text.lower().replace("_", " ")):
        if w in _STOP or w in _BOILERPLATE or len(w) == 1:
            continue
        out.add(_canon(w))
    return frozenset(out)


def _weight(words: FrozenSet[str]) -> int:
    return sum(2 if w in _ACTION_VERBS else 1 for w in words)


def similarity(a: str, b: str) -> float:
    """Near-duplicate measure in [0, 1] of two descriptions (TL107).

    Weighted Jaccard index of the two sets of content words: lower-cased, split on
    anything not a letter or digit, stop words and selection boilerplate ("use", "call",
    "this", "tool", "when", "instead", ...) dropped, stemmed and verb synonyms folded as
    for TL102; action verbs (get, search, list, create, delete, update, send, ...) weigh
    2, other words 1. Word order does not count. Two texts without content words score 1
    only if they are equal, and empty text scores 0.
    """
    sa, sb = _content_set(a or ""), _content_set(b or "")
    if not sa and not sb:
        same = (a or "").strip().lower() == (b or "").strip().lower()
        return 1.0 if same and (a or "").strip() else 0.0
    return _weight(sa & sb) / _weight(sa | sb)


# ---------------------------------------------------------------------------------
# stated_default

_DEFAULT_WORD = re.compile(
    r"(?<![\w-])(?P<no>(?:no|by|the)\s+)?defaults?\b(?![\w-])(?:\s+value)?", re.IGNORECASE
)
_CONNECTOR = re.compile(r"\s*(?:(?:is|was|will\s+be|to|of)\b|[=:])?\s*", re.IGNORECASE)
_QUOTED_VALUE = re.compile(
    r"'([^'\n]{0,40})'|\"([^\"\n]{0,40})\"|`([^`\n]{0,40})`"
    r"|\u2018([^\u2019\n]{0,40})\u2019|\u201c([^\u201d\n]{0,40})\u201d"
)
_NUMBER_VALUE = re.compile(r"[-+]?\d+(?:\.\d+)?(?![\w%]|[\-:/.]\d)")
_KEYWORD_VALUE = re.compile(r"(?:true|false|none|null|nil)\b|\[\]|\{\}", re.IGNORECASE)
_BARE_VALUE = re.compile(r"[A-Za-z_][\w\-]*(?:\.[\w\-]+)*(?=\s*(?:[.,;)\]]|$))")
_UNIT = re.compile(
    r"\s*(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|"
    r"months?|years?|bytes?|[kmgt]i?b|k|percent)\b",
    re.IGNORECASE,
)
_NOT_VALUES = _STOP | _FILLER | frozenset(
    """required optional unset empty set provided used applied whatever unspecified
    everything nothing now today tomorrow yesterday unlimited infinite infinity on off
    yes no enabled disabled same blank omitted ignored inherited automatic system""".split()
)


def stated_default(description: str) -> Optional[str]:
    """The default a parameter description states ("(default: 20)", "Defaults to 'asc'").

    Returns the raw token with quotes stripped, or None. Bare words count only after a
    connector ("is", "to", ":", "=") and when they end the clause ("Defaults to asc."),
    so "Defaults to the first page" and "Uses the default model" say nothing. A number
    with a unit ("Defaults to 1 hour") returns None: the handler's value may be in
    another unit.
    """
    if not description:
        return None
    for m in _DEFAULT_WORD.finditer(description):
        if m.group("no"):
            if m.group("no").split()[0].lower() != "the":
                continue  # "no default", "by default": no value follows
        conn = _CONNECTOR.match(description, m.end())
        pos = conn.end()
        has_connector = bool(conn.group().strip())
        q = _QUOTED_VALUE.match(description, pos)
        if q:
            return next(g for g in q.groups() if g is not None)
        k = _KEYWORD_VALUE.match(description, pos)
        if k:
            return k.group()
        n = _NUMBER_VALUE.match(description, pos)
        if n:
            if _UNIT.match(description, n.end()):
                return None
            return n.group()
        if has_connector:
            b = _BARE_VALUE.match(description, pos)
            if b and b.group().lower() not in _NOT_VALUES:
                return b.group()
    return None
