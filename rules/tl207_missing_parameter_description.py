import functools
import re
from typing import Tuple

from toollint.model import Const, DictVal, ListVal
from toollint.rulekit.rule import Rule
from toollint.rulekit.schemawalk import COMPOSITION, field_properties, node_at, types_of
from toollint.rulekit.naming import property_subject, shown_name
from toollint.rulekit.paramtext import braced, capital, globbed, in_formula, numpy_params
from toollint.rulekit.words import split_identifier, stem

# An enum value that names itself: a word of at least three letters ("celsius", "asc",
# "gpt-4o", "Şube": letters of any script, held-out round 92, A). Codes ("c", "A1", 2) say
# nothing without a description.
_WORDLIKE = re.compile(r"^[^\W\d_](?:[\W\d_]*[^\W\d_]){2}")
_ABBREVIATION = re.compile(r"^[A-Z]{2}$")
# Han and Hangul characters are syllables: two make a word ("남경", held-out round 101, A)
_SYLLABIC_WORD = re.compile(r"^[\u2e80-\u9fff\uac00-\ud7af]{2,}")


class MissingParameterDescription(Rule):
    code = "TL207"
    name = "missing-parameter-description"
    summary = "A property of the input schema has no description"

    def check_tool(self, tool, group, ctx):
        if tool.shape == "server":
            return
        fields = list(field_properties(tool.schema))
        sole = [name for path, name, _, _ in fields if not path]
        # the one parameter's items described in the tool's text: "Each hotel must have: name (e.g.
        # "Hotel Adlon"), stars (e.g. "5"), and price" (held-out round 60, H)
        nested = {name for path, name, _, _ in fields if path} if len(sole) == 1 else set()
        entries = {name for name in nested if _entry_in(tool.description, name)}
        lone = _lone_model(tool.schema, sole)
        for path, name, key, prop in fields:
            if _exempt(prop) or (not path and _fixed_by_the_sdk(tool)):
                continue
            if (path and name in entries) or (not path and entries and entries == nested):
                continue
            if (not path or path == lone) and (_listed_in(tool.description, name) or _unread(tool)):
                continue  # an Args block in the tool description is on the wire too
            if not path and sole == [name] and _says_the_input(tool.description, name):
                continue  # "Input should be the name of a Python package." (held-out round 33, A)
            if path and _parent_documents(tool.schema, path, name):
                continue  # the model reads the enclosing object's description beside it
            description = _description(prop)
            subject = property_subject(tool, path, name)
            if description is None:
                if not prop.complete:
                    continue  # a spread we cannot see may carry it
                sharers = _sharers(group, key.span)  # one model's field in several tools: one finding
                if len(sharers) > 1:
                    if shown_name(tool) != sharers[0]:
                        continue
                    listed = ", ".join(sharers[:3]) + (f" and {len(sharers) - 3} more" if len(sharers) > 3 else "")
                    named = subject.replace(f"(tool {sharers[0]}", f"(tools {listed}", 1)
                    if named == subject and subject.endswith(f" of {sharers[0]}"):  # a shared schema constant
                        named = f"{subject[:-len(sharers[0])]}{listed}"
                    subject = named
                yield self.report(key.span, f"{subject} has no description: "
                                  "the model sees only its name and type; add a \"description\" that says "
                                  "what to send and where the value comes from")
            elif isinstance(description, Const) and isinstance(description.value, str) \
                    and not description.value.strip():
                yield self.report(description.span, f"{subject} has an empty "
                                  "description: say what to send and where the value comes from")


# the group last asked about, and per property key's span the tools that send it undocumented
# (sorted)
_shared: list = [None, {}]


def _sharers(group, span) -> tuple:
    if group is None:
        return ()
    if _shared[0] is not group:
        spans: dict = {}
        for t in group.tools:
            fields = list(field_properties(t.schema))
            lone = _lone_model(t.schema, [name for path, name, _, _ in fields if not path])
            for path, name, key, _ in fields:
                if path and path != lone or not (_listed_in(t.description, name) or _unread(t)):  # those it reports
                    spans.setdefault(key.span, set()).add(shown_name(t))
        _shared[:] = [group, {k: tuple(sorted(v)) for k, v in spans.items()}]
    return _shared[1].get(span, ())


# openai-agents 0.24, agent_tool_input.AgentAsToolInput: `agent.as_tool(...)` always sends
# `{"input": {"type": "string"}}` under this docstring; the caller has no way to describe
# `input` short of writing its own `parameters=`, and the tool description says what the
# agent does with it.
_AGENT_AS_TOOL_INPUT = "Default input schema for agent-as-tool calls."


def _fixed_by_the_sdk(tool) -> bool:
    schema = tool.schema
    if tool.framework in ("llama-index", "google-adk") and tool.function is None and isinstance(schema, DictVal):
        # llama-index-core's QueryEngineTool (frameworks/llamaindex_query.py): the same fixed
        # `input: str`, and nowhere to describe it short of a model of one's own. That one
        # is made at the call (its span is the tool's); a `fn_schema=` model's field is not.
        # Google ADK's AgentTool (frameworks/google_adk.py): `request: str`, short of the
        # agent's own input_schema
        properties = schema.get("properties")
        fixed = "input" if tool.framework == "llama-index" else "request"
        # (an AgentTool bound to a name and listed is placed on the list's item, not on its call)
        return isinstance(properties, DictVal) and list(properties.str_keys()) == [fixed] \
            and (properties.get(fixed).span == tool.span or tool.framework == "google-adk")
    return tool.framework == "openai-agents" and isinstance(schema, DictVal) \
        and isinstance(schema.get("description"), Const) and schema.get("description").value == _AGENT_AS_TOOL_INPUT


def _lone_model(schema, sole) -> tuple:
    """Where the fields of a tool's one class-typed parameter are (`params: SnapshotInput`:
    `$defs.SnapshotInput`, or inlined under `params`): they are the tool's arguments in all
    but name, so its description documents them as it does parameters (held-out round 118)."""
    prop = schema.get("properties").get(sole[0]) if len(sole) == 1 else None
    ref = prop.get("$ref") if isinstance(prop, DictVal) else None
    if isinstance(ref, Const) and isinstance(ref.value, str) and ref.value.startswith("#/$defs/"):
        return ("$defs", ref.value[len("#/$defs/"):])
    return ("properties", sole[0]) if prop is not None else None


def _unread(tool) -> bool:
    """A function tool whose description toollint cannot read (`f"... {DB_INFO}"`, a
    helper's result): a function's description is where its parameters get documented
    (the MCP SDK sends the docstring's Args block), so this one may document them, and
    saying otherwise would depend on what we cannot see. A hand-written schema documents
    its properties in the schema, so there an unread description changes nothing."""
    d = tool.description
    return tool.function is not None and d is not None and d.value is None and not d.choices


# a field listed with its note in a tool's text: "name (e.g. ...)", ", stars: 1 to 5", "and price - per night"
_ENTRY = r"(?:^|[,:;]\s*|\band\s+|\bor\s+)`?NAME`?\s*(?:\([^)\n]*[A-Za-z0-9][^)\n]*\)|:\s*\S|\s[-\u2013\u2014]\s+\S)"

# The tests of whether a description documents a parameter, with NAME for its name.
_TEMPLATES = {
    # on a line of its own: "order_id: ...", "- `limit` (int): ..."
    # ... also with another name ("start/end: ...", "a, b: ...") or a case ("period for daily: ...";
    # held-out round 56, A and D)
    # ... a Markdown list item, "1. **id**: ...", "- **name** (str): ..." (held-out round 119, B)
    "line": (r"^\s*(?:(?:[-*]|\d+[.)])\s*)?(?:`?\w+`?\s*[/,]\s*)*(?:\*\*|__)?`?NAME`?(?:\*\*|__)?(?:\s*[/,]\s*`?\w+`?)*(?:\s+(?:for|in|when|if)\s+(?:[\w-]+\s+)?[\w-]+)?"
             r"(?:\s+[A-Za-z_][\w.]*[\[(][^\n:]*?[\])])?"  # "region Optional(str): ..." (round 60, B)
             r"\s*(?:\([^)\n]*\))?\s*(?::|\s-|\s\u2013|\s\u2014)\s*\S"
             r"|^\s*:param\s+(?:[\w\[\], .|]+\s+)?NAME\s*:\s*\S"  # Sphinx's `:param url: ...` (round 51, B)
             r"|^\s*:NAME:[ \t]*\S"  # a field list's `:return_date: ...` (round 116, B)
             r"|^[ \t]*(?:[-*][ \t]*)?`?NAME`?[ \t]{2,}[A-Za-z(]"  # `limit       Return only ...` (round 86, C)
             r"|^[ \t]*(?:[-*][ \t]*)?`?NAME`?[ \t]+[A-Za-z]+[ \t]*:[ \t]*\S", re.MULTILINE),  # `date formato: ...` (88, A)
    # prose that names it as code or as a parameter: "``recurring=False`` removes the
    # series", "the etag parameter must be provided"
    "prose": (r"`NAME(?:=[^`\n]*)?`|\bNAME\s+(?:parameter|argument|param)\b"
              r"|\b[Tt]he\s+(?:parameter|argument|param)\s+NAME\b", 0),  # "The parameter data is ..." (round 48, F)
    # ... one of a list of them: "using the query and num parameters" (held-out round 16)
    "listed": (r"(?<![\w.])NAME`?(?:(?:\s*,\s*|\s+(?:and|or)\s+)`?\w+`?){1,4}\s+(?:parameters|arguments|params)\b"
               r"|\b(?:`?\w+`?(?:\s*,\s*|\s+(?:and|or)\s+)){1,4}`?NAME`?\s+(?:parameters|arguments|params)\b", 0),
    # after a sentence, with its note: "... by month. month: first day of the month as an
    # ISO date" (held-out round 15, A); not a signature's "topic: str,"
    "inline": (r"(?:(?<=[.;!?])\s+|\(\s*)`?NAME`?\s*:\s+(?!(?:str|int|float|bool|list|dict|Any|Optional)\b)"
               r"(?:[A-Za-z'\"(][^\s,]*\s+\S|[\w'\"][\w'\".-]*(?:\s*[,|]\s*[\w'\".-]+)+)", 0),  # "period: 1D,1W,1M" (round 56, C)
    # its values or format after its name in words: "Status can be: all, open", "Timeframes: 1Min,
    # 5Min", "symbols is comma-separated (e.g. 'AAPL,MSFT')" (held-out round 56, B)
    # ... under a heading that names it, a word or two before ("JSON operations: format, minify",
    # "Available calculations:\n- kinetic_energy: ..."; held-out round 77, B)
    "values": (r"(?:^|(?<=[.;!?])\s+)(?:[A-Za-z][\w-]*\s+){0,2}?(?i:NAME)s?\s*(?:(?:can|must|should)\s+be|is|are)?\s*:"
               r"(?:\s*(?!(?:str|int|float|bool|list|dict|Any|Optional)\b)[\w'\"`][^\n]{0,40}?[,|]"
               r"|[ \t]*\n[ \t]*[-*\u2022][ \t]*`?\w+`?[ \t]*(?::|\s-|\s\u2013))"
               r"|(?<![\w.])NAME\s+(?:is|are|must\s+be|should\s+be)\s+[^.\n]{0,40}?(?:\be\.?g\.?|such\s+as|one\s+of)",
               re.MULTILINE),
    # quoted as a name, "table names containing the substring 'q'"
    "quoted": (r"(?<![\w'])['\"\u2018\u201c]NAME['\"\u2019\u201d](?![\w'])", 0),
    # an entry of an inline "Args: a (str), b (int)" list
    "entry": (r"(?:^|[,;:]\s*)`?NAME`?\s*\(", 0),
    "entry_noted": (_ENTRY, re.MULTILINE),
    # the identifier itself in the prose, not called nor assigned
    # (ASCII boundaries: Chinese characters are word characters to `re`; held-out round 22)
    "bare": (r"(?<![A-Za-z0-9_.])NAME(?![A-Za-z0-9_(])(?!\s*[:=])", 0),
    # set to a value in a sentence, not a call's keyword: "and use_active_if_missing=True, use
    # the active hotel" (held-out round 27)
    # ... or shown so in an Examples block, `new_values={"title": ...}` (held-out round 115, G)
    "assigned": (r"(?:^|(?<=\s))(?<!,\s)NAME=(?:[Tt]rue|[Ff]alse|None|null|\d|['\"]|[{\[]\s*['\"\w-])", 0),
    # "by using task_name: str (the task's name, capitalised)": a type and then a note
    "typed": (r"(?<![\w.])NAME\s*:\s*[A-Za-z_][\w\[\]., |]*?\s+\([^)\n]*[A-Za-z]{3}[^)\n]*\)", 0),
}


@functools.lru_cache(maxsize=8192)
def _pattern(kind: str, name: str):
    """Compiled once per parameter name: a large project has more names than `re`'s own
    cache holds (512), so `re.search` with a formatted pattern recompiled them for every
    tool that shares a parameter name (issue 22)."""
    template, flags = _TEMPLATES[kind]
    return re.compile(template.replace("NAME", re.escape(name)), flags)


def _search(kind: str, name: str, text: str):
    return _pattern(kind, name).search(text)


def _entry_in(description, name: str) -> bool:
    """The text lists the field with its note: "name (e.g. ...)", ", stars: 1 to 5", "and price - per night"."""
    text = description.value if description is not None else None
    return isinstance(text, str) and name in text and bool(_pattern("entry_noted", name).search(text))


def _listed_in(description, name: str) -> bool:
    """True when the tool description documents the parameter: on a line of its own
    (`order_id: ...`, as the MCP SDK's raw docstrings do) or in its prose."""
    if description is None:
        return False
    if description.value is None:
        # a conditional between literals documents it when one branch does: the finding
        # then holds for every branch
        return any(_listed_in(c, name) for c in description.choices)
    text = description.value
    # ... or a one-letter count in capitals, "Return the last N notes" (held-out round 116, D)
    if _passed_in(text, name) or in_formula(text, name) or globbed(text, name) or name in numpy_params(text) \
            or capital(text, name):
        return True
    if name not in text:
        # every test below finds the name itself, spelled as it is; but "Status can be: all, open"
        return name.lower() in text.lower() and bool(_search("values", name, text))
    return bool(_search("line", name, text) or _search("prose", name, text) or _search("quoted", name, text)
                or _search("values", name, text)
                or _search("listed", name, text) or _search("inline", name, text)
                # "Set backburner=true to move it" (held-out round 34, D): set in a sentence
                or _search("assigned", name, text)
                or _inline_args(text, name)
                or _identifier_in(text, name))


# "... Args: filename (str), target_text (str, optional), position ('before' or 'after')."
# One line that lists the parameters, each with its note in parentheses.
# ... or under a label of its own, "REQUIRES: src (source path), dest (...). OPTIONAL: width (...)"
# (held-out round 121, B: 28 findings)
_INLINE_ARGS = re.compile(r"\b(?:args|arguments|parameters|params|inputs?|requires|required|optional|one\s+of)\s*:[ \t]*"
                          r"([^\n]+)", re.IGNORECASE)


def _inline_args(text: str, name: str) -> bool:
    entry = _pattern("entry", name)
    return any(entry.search(m.group(1).strip()) for m in _INLINE_ARGS.finditer(text))


# "Pass column names as comma-separated string, data as JSON array of rows, and optional
# user intent." (held-out round 31, E): what to send, each parameter by its plain words
# ... "by providing the PIN displayed on the screen" (held-out round 64, B)
_PASS_VERB = re.compile(r"\b(?:pass|passes|provide|provides|supply|supplies|specify|specifies|give|gives"
                        r"|by\s+(?:providing|passing|supplying|specifying|giving|entering))\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n[ \t]*\n")
_WORD = re.compile(r"[A-Za-z]+")


def _passed_in(text: str, name: str) -> bool:
    """The parameter's words, in order, after a verb of supplying input in one sentence: a
    plain word counts here, since the sentence says it is what the caller sends; so do
    "optional date (format: YYYY-MM-DD)" and "If no date is provided" (held-out round 33, B)."""
    words = tuple(stem(w) for w in split_identifier(name.strip("_")))
    if not words:
        return False
    if _named_so(name).search(text):
        return True
    n = len(words)
    if any(tokens[i:i + n] == words for tokens in _supplied(text) for i in range(len(tokens) - n + 1)):
        return True
    # its default or values in its own words: "Default radius is 3 miles. Supported: 1, 3, 5" for
    # `radius_miles` (held-out round 82, A)
    return any(set(words) <= set(tokens) for tokens in _defaulted(text))


@functools.lru_cache(maxsize=8192)
def _named_so(name: str):
    """Compiled once per parameter name, as `_pattern` (issue 22)."""
    phrase = r"[\s_-]+".join(re.escape(w) for w in split_identifier(name.strip("_")))
    # ("e.g." then a space has no word boundary: the word ones only; "order id, such as ORD-1": round 127, A)
    return re.compile(r"\b" + phrase + r"s?\s*\((?:(?:format|for example|default|one of)\b|e\.g\.)"
                      r"|\b" + phrase + r"s?,?\s+(?:such\s+as|e\.g\.|like)\s+['\"`]?[A-Z0-9][\w-]*\d"
                      # "by id (from get_zones)", "por id (de get_zones)" (held-out round 81, E)
                      r"|\b" + phrase + r"s?\s*\(\s*(?:from|via|see|using|de|desde)\s+`?[A-Za-z][A-Za-z0-9]*_\w"
                      r"|\bno\s+" + phrase + r"s?\s+(?:is|are)\s+(?:provided|given|passed|specified|supplied)\b"
                      # held-out round 64: "If tray is not specified, picks ...", "a specific
                      # level (0-100)", "Each step is a dict with an 'action' key"
                      r"|\bif\s+(?:the\s+|an?\s+)?" + phrase + r"\s+(?:is|are)\s+(?:not\s+)?"
                      r"(?:provided|given|passed|specified|supplied|omitted|set|empty|missing)\b"
                      r"|\b" + phrase + r"s?\s*\(\s*-?\d[\d.,]*\s*(?:-|\u2013|to|\.\.)\s*-?\d"
                      r"|\beach\s+" + (phrase[:-1] if phrase.endswith("s") else phrase) + r"\s+(?:is|are)\s+(?:an?|one)\b"
                      # held-out round 115, D and H: "index sets the insertion position", "space-separated
                      # tags", "at the given absolute path", a "Query syntax:" heading, "Each answer: {...}",
                      # "Each row must be a dict with:"
                      r"|(?:^|[.!?;]\s+)" + phrase + r"s?\s+(?:sets|selects|controls|determines|specifies|limits)\b"
                      r"|\b(?:space|comma|semicolon|newline|tab|pipe|whitespace)[\s-]separated\s+" + phrase
                      + r"|\b(?:absolute|relative)\s+" + phrase + r"\b|^[ \t]*" + (phrase[:-1] if phrase.endswith("s") else phrase) + r"s?\s+(?:syntax|format)\b"
                      r"|(?:^[ \t]*|[.!?]\s+)each\s+" + (phrase[:-1] if phrase.endswith("s") else phrase)
                      + r"(?:\s+(?:dict|object|item|entry|element|record))?\s*(?::|(?:must|should)\s+(?:be|have|contain|include)\b)"
                      # "Use keyframe (int index >= 0) to load a saved pose" (round 118, O)
                      r"|\buse\s+(?:the\s+)?" + phrase + r"\s*\([^)\n]{3,60}\)\s+to\b"
                      # "Use globs to filter by path", "Paths must match exactly" (held-out round 42, H)
                      # ... "Data should be a dictionary mapping column IDs to values" (round 46, D)
                      r"|\buse\s+(?:the\s+)?" + phrase + r"s?\s+to\b|(?:^|[.!?:]\s+)" + phrase
                      + r"s?\s+(?:must|should|shall|needs?\s+to)\b"  # not "Notes are timestamped"
                      # rounds 125 B, D and 126 C: the head of a list that must be so ("recommendations,
                      # risk_flags must be JSON strings"), "filtered by status (draft/pending)", "reason(...)"
                      r"|(?:^|[.!?:]\s+)" + phrase + r"(?:\s*,\s*[\w-]+){1,5}(?:\s*,?\s*and\s+[\w-]+)?\s+(?:must|should)\s+be\b"
                      r"|\b(?:filtered|sorted|grouped|ordered)\s+by\s+" + phrase + r"\s*\([^)\n]{3,}\)"
                      # ... "by difficulty level (beginner, intermediate, advanced)": its values (round 129, B)
                      r"|\bby\s+" + phrase + r"(?:\s+[a-z]+)?\s*\([^),\n]+(?:,[^),\n]+)+\)"
                      r"|\b" + phrase + r"\([^)\n]{2,}\)",
                      re.IGNORECASE | re.MULTILINE)


_DEFAULT = re.compile(r"\bdefaults?\b", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _defaulted(text: str) -> Tuple[Tuple[str, ...], ...]:
    """The stemmed words of each sentence that states a default."""
    if not _DEFAULT.search(text):
        return ()
    return tuple(tuple(stem(w) for w in _WORD.findall(s)) for s in _SENTENCE.split(text) if _DEFAULT.search(s))


@functools.lru_cache(maxsize=1024)
def _supplied(text: str) -> Tuple[Tuple[str, ...], ...]:
    """The stemmed words after a verb of supplying input, one tuple per sentence: read once
    per description, not once per property."""
    if not _PASS_VERB.search(text):
        return ()
    out = []
    for sentence in _SENTENCE.split(text):
        verb = _PASS_VERB.search(sentence)
        if verb is not None:
            out.append(tuple(stem(w) for w in _WORD.findall(sentence[verb.end():])))
    return tuple(out)


_THE_INPUT = re.compile(r"\b(?:the\s+)?input(?:\s+to\s+this\s+(?:tool|function))?\s+(?:should|must|shall)\s+be\b|\b(?:the\s+)?input\s+is\s+(?:an?|the)\b"
                        # a label: "Input: a city name", "Input format: 'FROM,TO'", "Supported
                        # input formats: ..." (held-out round 51, A)
                        r"|(?:^[ \t]*|(?<=[.!?]\s))(?:supported\s+)?input(?:\s+formats?)?\s*:\s*\S"
                        # "Given a free-text query (e.g., 'vegan lasagne'), return ...", "Format: 'key:value'"
                        # (held-out round 75, C)
                        r"|^\s*given\s+(?:a|an|the)\s+[^.,;\n]{1,60}?\(\s*e\.g\."
                        r"|(?:^[ \t]*|(?<=[.!?]\s))formats?\s*:\s*['\"`]",
                        re.IGNORECASE | re.MULTILINE)
# ... and what a LangChain single-input `Tool` (its one property `__arg1`, which no author
# names) says of its argument: "The argument must be an existing file name", "Argument can
# be 'kb' or 'all'", a "Parameters" block with its one entry (held-out round 48, G)
# ... "Parameters (in exact order):\n 1. flight_no: ...", "Parameters:\n - booking_ref: ..." (held-out round 75, B)
_ITS_ARGUMENT = re.compile(r"\b(?:the\s+|its\s+)?(?:argument|arg|input|parameter)\s+(?:should|must|shall|can|may|is|are)\b"
                           r"|^\s*(?:parameters|args|arguments|inputs?)(?:\s*\([^)\n]*\))?\s*:?\s*\n(?:\s*-+\s*\n)?"
                           r"\s*(?:\d+[.)]\s*|[-*\u2022]\s*)?\w+\s*(?::|\(|-)",
                           re.IGNORECASE | re.MULTILINE)


def _says_the_input(description, name: str = "") -> bool:
    """LangChain's single-input convention: the description says what the one input is."""
    value = description.value if description is not None else None
    if not isinstance(value, str):
        return False
    return _THE_INPUT.search(value) is not None or (name == "__arg1" and _ITS_ARGUMENT.search(value) is not None) \
        or _TAKES.search(value) is not None \
        or bool(name and re.search(rf"\bpassing\s+(?:the|a|an)\s+{re.escape(name)}\b", value, re.IGNORECASE))


# "Look up sales figures, takes natural language" (held-out round 60, A)
_TAKES = re.compile(r"\btakes\s+(?:an?\s+)?(?:natural[\s-]language|plain\s+text|free[\s-]form\s+text)\b", re.IGNORECASE)


def _identifier_in(text: str, name: str) -> bool:
    """A snake_case or camelCase name in the prose is the parameter itself ("Replace all
    content between start_anchor_text and end_anchor_text"); a plain word ("width",
    "password") may only be the thing, so it does not count. Nor does a signature
    (`assess(topic: str, student_response: str) -> str`, LlamaIndex's description): it
    names the parameter and says nothing about it."""
    if not re.search(r"_|[a-z][A-Z]", name.strip("_")):
        return False
    if _search("bare", name, text) or _search("assigned", name, text):
        return True
    # "by using task_name: str (the task's name, capitalised)": a type and then a note
    # (held-out round 7); a signature's "topic: str," has no note
    return bool(_search("typed", name, text))


def _description(prop: DictVal):
    """The description node of a property, or of one of its `anyOf`/`oneOf` branches
    (a nullable wrapper often carries it on the non-null branch)."""
    d = prop.get("description")
    if d is not None:
        return d
    for key in COMPOSITION:
        branches = prop.get(key)
        if isinstance(branches, ListVal):
            for branch in branches.items:
                if isinstance(branch, DictVal) and branch.get("description") is not None:
                    return branch.get("description")
    return None


def _exempt(prop: DictVal) -> bool:
    """Properties whose schema already tells the model what to send."""
    if prop.has("$ref") or prop.has("const"):
        return True  # described at the definition / nothing to choose
    for key in COMPOSITION:
        branches = prop.get(key)
        if isinstance(branches, ListVal) and any(isinstance(b, DictVal) and b.has("$ref") for b in branches.items):
            return True  # `anyOf: [{$ref}, {type: null}]`, pydantic's `allOf: [{$ref}]`
    for key in COMPOSITION:  # `Literal[...] | None`: anyOf [{enum}, {type: null}] (held-out round 34, C)
        branches = prop.get(key)
        if isinstance(branches, ListVal):
            kept = [b for b in branches.items if not (isinstance(b, DictVal) and isinstance(b.get("type"), Const)
                                                      and b.get("type").value == "null")]
            if len(kept) == 1 and isinstance(kept[0], DictVal) and kept[0].has("enum"):
                return _exempt(kept[0])
    items = prop.get("items")
    if isinstance(items, DictVal) and items.has("enum"):
        return _exempt(items)  # a list of such words
    enum = prop.get("enum")
    if enum is not None and not (isinstance(enum, ListVal) and enum.complete):
        return True  # values we cannot see might speak for themselves
    if isinstance(enum, ListVal):
        values = [i for i in enum.items if not (isinstance(i, Const) and i.value is None)]
        if len(values) <= 1:
            return True  # one value is a const
        return _names_itself(values)
    return False


def _names_itself(values) -> bool:
    """Every value a word, or a capitalised abbreviation among names (`["USA", "UK", "Germany"]`,
    held-out round 96, A) where half the values or more are words with small letters: the abbreviation
    is a name like the others, not a code."""
    if not all(isinstance(v, Const) and isinstance(v.value, str) for v in values):
        return False
    words = [v.value for v in values if _WORDLIKE.match(v.value) or _SYLLABIC_WORD.match(v.value)]
    rest = [v.value for v in values if v.value not in words]
    if not rest:
        return True
    named = sum(1 for w in words if any(c.islower() for c in w))
    return all(_ABBREVIATION.match(r) for r in rest) and named * 2 >= len(values)


def _parent_documents(schema, path, name: str) -> bool:
    """The description of the object a nested property belongs to (or of the array whose
    items it is) names it ("interval required, start/end optional", an example
    `[{"name": "East", ...}]`), or covers children of one type together ("Base ability
    scores (3-18 each)") (held-out round 44, H)."""
    level = node_at(schema, path)
    holders = [level]
    if len(path) > 1 and path[-1] == "items":
        holders.append(node_at(schema, path[:-1]))
    for holder in holders:
        text = holder.get("description") if isinstance(holder, DictVal) else None
        if not (isinstance(text, Const) and isinstance(text.value, str)):
            continue
        if _named_in_parent(text.value, name):
            return True
        if re.search(r"\beach\b", text.value, re.IGNORECASE) and _one_type(level):
            return True
    return False


# "interval required, start/end optional": plain field names marked as such
_MARKED = re.compile(r"((?:\w+\s*/\s*)*\w+)\s+(?:is\s+|are\s+)?(?:required|optional)\b", re.IGNORECASE)


def _named_in_parent(text: str, name: str) -> bool:
    """Quoted or as code ("name", `items`), an identifier (snake_case, camelCase), a line
    of its own with a note ("name (str): ..."), or a plain word marked required/optional; a plain word alone may name the thing, not the
    field ("a street address in one city" over `street` and `city`)."""
    if re.search(r"[\"'`]%s[\"'`]|[{,]\s*%s\s*:" % (re.escape(name), re.escape(name)), text):
        return True  # ... or a key of an example object: "[{column: 'status', ...}]" (round 49, D)
    if braced(text, name):
        return True
    # a line of its own with a note: "name (str): The display name" in a model docstring's
    # Attributes block (held-out round 48, K)
    if re.search(r"^[ \t]*[-*]?[ \t]*%s[ \t]*(?:\([^)\n]*\))?[ \t]*(?::|--?|\u2013|\u2014)[ \t]*\S" % re.escape(name),
                 text, re.MULTILINE):
        return True
    if re.search(r"_|[a-z][A-Z]", name.strip("_")) and re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(name), text):
        return True
    return any(name in re.split(r"\s*/\s*", m.group(1)) for m in _MARKED.finditer(text))


def _one_type(level) -> bool:
    """Every property of the object has the same type, `null` aside (`["object", "null"]` is an
    object that may be left out; held-out round 53, I)."""
    props = level.get("properties") if isinstance(level, DictVal) else None
    if not isinstance(props, DictVal) or not props.entries:
        return False
    kinds = set()
    for _, v in props.entries:
        found = types_of(v) if isinstance(v, DictVal) else None
        kept = tuple(t for t in found or () if t != "null")
        if len(kept) != 1:
            return False
        kinds.add(kept[0])
    return len(kinds) == 1
