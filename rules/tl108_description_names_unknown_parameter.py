"""TL108: a description or docstring that names a parameter the tool does not have.

The names a text refers to are found by linking (toollint/link/mentions.py: parameter
sections, backticked names next to a parameter noun, `x=value`, bare backticked
snake_case names). A bare name, or one next to "field"/"property" (a result has fields
too), is reported only in a sentence that talks about supplying
input ("if", "set", "pass", "omit", "default", ...), when it is no tool, property,
function or schema value of the project, the sentence does not describe output
("returns", "results", "each", "response", ...), and the text does not say the tool
returns it ("returns only id + display_name").

The tool must be fully known: its properties all literal and none an opaque object (a
model class, a free-form dict), whose fields could be what the text names.
"""
import difflib
import re
from typing import List, Optional, Set, Tuple

from toollint.link.mentions import BACKTICKED
from toollint.link.mentions import texts as link_texts
from toollint.model import Const, DictVal, ListVal, Mention, Span, Str
from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import properties
from toollint.rulekit.text import mentioned_tools
from toollint.rulekit.naming import shown_name

_TYPE_KEYS = ("type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref")

_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n[ \t]*\n")
# A sentence about what comes back, or about anything but the call's input.
_OUTPUT_WORDS = re.compile(
    r"\b(?:returns?|returned|returning|results?|responses?|outputs?|yields?|contains?|containing|includes?"
    r"|including|each|per|rows?|records?|items?|entry|entries|objects?|payload|json|sorted|ordered|columns?"
    r"|headers?|env|environment|variables?|config|configuration|settings?|files?|previous|earlier|from"
    r"|populated|populates|filled"
    r"|reports?|reported)\b",  # "`repo_url` is only populated on the detail path", '"read" reports `ok_flag`': a result field
    re.IGNORECASE,
)
# A sentence about supplying input: the evidence a bare identifier is a parameter.
_INPUT_WORDS = re.compile(
    r"\b(?:set|sets|setting|pass|passes|passing|passed|provide|provided|providing|specify|specified"
    r"|specifying|supply|supplied|omit|omitted|omitting|leave|given|required|optional|optionally|default"
    r"|defaults|true|false|null|none|if|when|unless|whether|must|ignored|overrides?)\b",
    re.IGNORECASE,
)


# Right before a name: a parameter the text denies ("has no `MAX_LEN` parameter", "not via a
# `top_k` parameter") or gives to another owner ("the library's `limit_chars` parameter").
_NOT_OURS = re.compile(r"(?:\b(?:no|not|without|never)(?:\s+(?:via|through|using|with|by|a|an|the|any|such))*"
                       r"|\w['\u2019]s)\s*$", re.IGNORECASE)


_HEADING = re.compile(r"^[ \t]*#{1,4}[ \t]*(\S[^\n]*)$", re.MULTILINE)
_RESULT_HEADING = re.compile(r"(?:returns?|return\s+(?:value|structure|format)|outputs?|response|results?)\b",
                             re.IGNORECASE)


def _under_result_heading(text: str, offset: int) -> bool:
    """Whether the nearest markdown heading above `offset` names what the tool returns."""
    last = None
    for m in _HEADING.finditer(text, 0, offset):
        last = m
    return last is not None and _RESULT_HEADING.match(last.group(1)) is not None


# What the tool says it returns, up to a condition or the clause's end: "returns only id +
# display_name — much cheaper ..." (held-out round 90, C); not "Returns an error unless x is set"
_RETURNED = re.compile(r"\breturns?\s+(?:only\s+|just\s+)?([^.;\n\u2014]{1,80}?)"
                       r"(?=\s+(?:if|when|unless|for|by|with|from|as|where|whose|that|which|after|before)\b|"
                       r"\s*[.;\n\u2014,]|$)", re.IGNORECASE)


def _returned_names(text: str) -> Set[str]:
    return {w for m in _RETURNED.finditer(text) for w in re.findall(r"[A-Za-z_]\w*", m.group(1))}


def _sentence(text: str, offset: int) -> str:
    begin = 0
    for m in _SENTENCE_END.finditer(text):
        if m.end() > offset:
            return text[begin:m.start()]
        begin = m.end()
    return text[begin:]


# --- what the tool and the project know -------------------------------------------------


def _opaque(prop) -> bool:
    """A property whose fields are unknown: a model class we cannot read, a free-form object."""
    if not isinstance(prop, DictVal) or not prop.complete:
        return True
    if not any(prop.has(k) for k in _TYPE_KEYS):
        return True
    kind = prop.get("type")
    kinds = {kind.value} if isinstance(kind, Const) else {i.value for i in kind.items if isinstance(i, Const)} \
        if isinstance(kind, ListVal) else set()
    if "object" in kinds and not isinstance(prop.get("properties"), DictVal):
        return True
    ref = prop.get("$ref")
    if ref is not None and not (isinstance(ref, Const) and isinstance(ref.value, str) and ref.value.startswith("#")):
        return True
    for key in ("anyOf", "oneOf", "allOf"):
        options = prop.get(key)
        if isinstance(options, ListVal):
            for option in options.items:
                if isinstance(option, DictVal) and option.get("type") is not None \
                        and isinstance(option.get("type"), Const) and option.get("type").value == "null":
                    continue
                if _opaque(option):
                    return True
    items = prop.get("items")
    if isinstance(items, DictVal) and _opaque(items):
        return True
    return False


def _schema_words(value, keys: Set[str], strings: Set[str], depth: int = 0) -> None:
    """Every property name (at any depth, $defs included) and every string value of a schema."""
    if depth > 30:
        return
    if isinstance(value, DictVal):
        props = value.get("properties")
        if isinstance(props, DictVal):
            keys.update(props.str_keys())
        for _, v in value.entries:
            _schema_words(v, keys, strings, depth + 1)
    elif isinstance(value, ListVal):
        for item in value.items:
            _schema_words(item, keys, strings, depth + 1)
    elif isinstance(value, Const) and isinstance(value.value, str):
        strings.add(value.value)


def _span_at(s: Str, offset: int, length: int) -> Span:
    """The mention's own line inside a plain multi-line literal; the whole string otherwise."""
    span = s.span
    value = s.value or ""
    line_index = value.count("\n", 0, offset)
    if line_index == 0 or span.end_line - span.line != value.count("\n"):
        return span  # the first line's column depends on the quotes; escapes hide the lines
    line_start = value.rindex("\n", 0, offset) + 1
    col = offset - line_start + 1
    return Span(span.path, span.line + line_index, col, span.line + line_index, col + length)


def _listing(params: List[str]) -> str:
    if not params:
        return "it takes no parameters"
    shown = ", ".join(params[:8]) + (f", ... ({len(params)} in all)" if len(params) > 8 else "")
    return f"its parameters: {shown}"


class DescriptionNamesUnknownParameter(Rule):
    code = "TL108"
    name = "description-names-unknown-parameter"
    summary = "The description or docstring refers to a parameter the tool does not have"

    def check_tool(self, tool, group, ctx):
        if tool.shape == "server":
            return
        props = properties(tool.schema)
        if props is None:
            return  # properties we cannot see may be the ones the text names
        if list(props) == ["__arg1"]:
            return  # LangChain's single-input Tool: whatever the text calls its one input, it gets it
        texts = link_texts(tool)
        if not texts:
            return
        function_params: Set[str] = set()
        if tool.function is not None:
            if tool.function.accepts_any_keyword:
                return  # **kwargs: the text may document the keys it takes
            function_params = {p.name for p in tool.function.params}
        if tool.shape == "decorated" and any(
                not isinstance(v, DictVal) or not any(v.has(k) for k in _TYPE_KEYS) for _, v in props.values()):
            return  # an annotation we cannot read (a model class): its fields may be what is named
        opaque = any(_opaque(v) for _, v in props.values())
        keys: Set[str] = set()
        strings: Set[str] = set()
        _schema_words(tool.schema, keys, strings)
        params = list(props)
        known = set(params) | function_params | {"self", "cls"}

        read = [(what, s, ctx.project.mentions.get(s, ())) for what, s in texts]
        reported: Set[str] = set()
        found: List[Tuple[str, Str, Mention]] = []
        for what, s, found_here in read:
            text = s.value
            pointers: Optional[Set[str]] = None
            returned: Optional[Set[str]] = None
            for m in found_here:
                if m.name in known or m.name in reported:
                    continue
                if m.kind != "entry" and _NOT_OURS.search(text[max(0, m.offset - 48):m.offset].rstrip("`'\" ")):
                    continue  # "not via a `top_k` parameter", "the library's `limit` parameter" (round 76, D)
                if _under_result_heading(text, m.offset):
                    continue  # a field listed under "## Return Structure" is the result's (round 89, B)
                if m.kind != "entry" and (opaque or m.name in keys):
                    continue  # a field of a nested or free-form object
                if m.kind in ("field", "bare", "assign"):
                    sentence = BACKTICKED.sub(" ", _sentence(text, m.offset))
                    if _OUTPUT_WORDS.search(sentence):
                        continue  # a field of what the tool returns
                    if returned is None:
                        returned = _returned_names(text)
                    if m.name in returned:
                        continue  # a field the text says the tool returns, named again elsewhere
                    if not _INPUT_WORDS.search(sentence):
                        # "field" names result fields too ("The `red_flags` field surfaces ...")
                        continue  # nothing says it is something the caller supplies
                    if m.kind != "field":
                        if pointers is None:
                            pointers = {n for n, _ in mentioned_tools(text)}  # TL105's to report
                        if (m.name in strings or m.name in pointers or m.name == tool.name.value
                                or m.name in ctx.project.vocabulary):
                            continue
                reported.add(m.name)
                found.append((what, s, m))
        if found:
            yield from self._reports(tool, found, read, params, strings)

    def _reports(self, tool, found, read, params: List[str], strings: Set[str]):
        documented = {m.name for _, _, ms in read for m in ms if m.kind == "entry"}
        undocumented = [p for p in params if p not in documented]
        unknown_entries = [m for _, _, m in found if m.kind == "entry"]
        for what, s, m in found:
            close = difflib.get_close_matches(m.name, params, n=1, cutoff=0.7)
            if not close and m.kind == "entry" and len(unknown_entries) == 1 and len(undocumented) == 1:
                close = undocumented  # the one entry and the one parameter nothing documents: a rename
            fix = f"did you mean '{close[0]}'?" if close else "rename it to a parameter the tool has, or remove it"
            verb = "documents a parameter" if m.kind == "entry" else "refers to a parameter"
            sent = [tool.description.value if tool.description is not None else None, *strings]
            if any(t and m.name in t for t in sent):
                why = "the model reads about an argument it cannot send"
            else:  # a framework that parses the docstring keeps only the entries it can place
                why = "the framework drops it, so it documents nothing"
            yield self.report(
                _span_at(s, m.offset, len(m.name)),
                f"{what} of {shown_name(tool)} {verb} '{m.name}' that the tool does not have "
                f"({_listing(params)}): {why}; {fix}",
                noqa_line=s.span.end_line,
            )
