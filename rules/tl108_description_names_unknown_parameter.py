"""TL108: a description or docstring that names a parameter the tool does not have.

What counts as naming a parameter, most certain first (see the rule page):

- an entry of a parameter section: Google `Args:` / `Parameters:` / `Keyword Args:`,
  NumPy `Parameters` underlined, Sphinx `:param x:` / `:type x:` / `@param x`;
- a backticked identifier next to a parameter noun: "the `limit` parameter",
  "argument `max_rows`", "`dry_run=true`" (a keyword with its value);
- a bare backticked snake_case identifier (`` `max_rows` ``) in a sentence that talks
  about supplying input ("if", "set", "pass", "omit", "default", ...), when it is no
  tool, property, function or schema value of the project, and the sentence does not
  describe output ("returns", "results", "each", "response", ...).

Plain words are never read as parameter names. The tool must be fully known: its
properties all literal and none an opaque object (a model class, a free-form dict),
whose fields could be what the text names.
"""
import difflib
import re
from typing import List, Optional, Set, Tuple

from toollint.model import Const, DictVal, ListVal, Span, Str
from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import properties
from toollint.rulekit.text import mentioned_tools
from toollint.rulekit.naming import shown_name

_TYPE_KEYS = ("type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref")

_PARAM_HEADER = re.compile(
    r"^(?P<indent>[ \t]*)(?:Args|Arguments|Parameters|Params|Keyword\s+Args|Keyword\s+Arguments|Kwargs"
    r"|Other\s+Parameters|Other\s+Args)[ \t]*:[ \t]*$",
    re.IGNORECASE,
)
_NUMPY_PARAM_HEADER = re.compile(r"^(?P<indent>[ \t]*)(?:Parameters|Other\s+Parameters|Keyword\s+Arguments)[ \t]*$",
                                 re.IGNORECASE)
_OTHER_HEADER = re.compile(
    r"^[ \t]*(?:Returns?|Yields?|Raises|Raise|Exceptions?|Examples?|Notes?|See\s+Also|Attributes|Warnings?"
    r"|References|Todo|Output|Response)[ \t]*:?[ \t]*$",
    re.IGNORECASE,
)
# Words a docstring puts where an entry would be ("Note: ..."): not parameter names.
_NOT_ENTRIES = frozenset(
    "note notes example examples return returns raises default defaults warning warnings see todo "
    "tip important caution usage output response eg ie".split()
)
_UNDERLINE = re.compile(r"^[ \t]*-{3,}[ \t]*$")
_ENTRY = re.compile(r"(?:[-*\u2022][ \t]+)?(?P<name>\*{0,2}[A-Za-z_]\w*)[ \t]*(?:\([^)\n]*\))?[ \t]*:(?=\s|$)")
_NUMPY_ENTRY = re.compile(r"(?P<names>\*{0,2}[A-Za-z_]\w*(?:[ \t]*,[ \t]*\*{0,2}[A-Za-z_]\w*)*)[ \t]*(?::.*)?$")
_SPHINX = re.compile(r"^[ \t]*[:@](?:param|parameter|arg|argument|key|keyword|type)\b(?P<body>[^:\n]*):",
                     re.MULTILINE | re.IGNORECASE)
_FENCE = re.compile(r"```.*?(?:```|\Z)|^[ \t]*>>>.*$", re.DOTALL | re.MULTILINE)

_BACKTICKED = re.compile(r"(?<!`)(`{1,2})(?P<body>[^`\n]{1,80}?)\1(?!`)")
_IDENT = re.compile(r"[A-Za-z_]\w*")
_KEYWORD_VALUE = re.compile(r"(?P<name>[A-Za-z_]\w*)[ \t]*=(?!=)")
_SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
_NOUN = r"(?:parameters?|params?|arguments?|args?|fields?|propert(?:y|ies))"
_NOUN_BEFORE = re.compile(r"\b(?P<noun>" + _NOUN + r")[ \t]+$", re.IGNORECASE)
_NOUN_AFTER = re.compile(r"^[ \t]+(?P<noun>" + _NOUN + r")\b", re.IGNORECASE)
# Nouns that name input for certain; "field" and "property" also name output fields.
_INPUT_NOUN = re.compile(r"^(?:parameters?|params?|arguments?|args?)$", re.IGNORECASE)

_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n[ \t]*\n")
# A sentence about what comes back, or about anything but the call's input.
_OUTPUT_WORDS = re.compile(
    r"\b(?:returns?|returned|returning|results?|responses?|outputs?|yields?|contains?|containing|includes?"
    r"|including|each|per|rows?|records?|items?|entry|entries|objects?|payload|json|sorted|ordered|columns?"
    r"|headers?|env|environment|variables?|config|configuration|settings?|files?|previous|earlier|from)\b",
    re.IGNORECASE,
)
# A sentence about supplying input: the evidence a bare identifier is a parameter.
_INPUT_WORDS = re.compile(
    r"\b(?:set|sets|setting|pass|passes|passing|passed|provide|provided|providing|specify|specified"
    r"|specifying|supply|supplied|omit|omitted|omitting|leave|given|required|optional|optionally|default"
    r"|defaults|true|false|null|none|if|when|unless|whether|must|ignored|overrides?)\b",
    re.IGNORECASE,
)
# Right before a value, not a parameter: "one of `in_progress`", "status is `on_hold`".
_VALUE_BEFORE = re.compile(
    r"(?:\bone\s+of|\beither|\be\.g\.?|\bsuch\s+as|\blike|\bvalues?|\bto|\bequals?|\bis|\bare|\bor|\band|\bnot"
    r"|[=,/|(:])[ \t]*$",
    re.IGNORECASE,
)
_LIST_AFTER = re.compile(r"^[ \t]*(?:,|/|\||\bor\b|\band\b)", re.IGNORECASE)
# Right after a value or a setting of something else: "the `api_token` value", "the `x` env var".
_VALUE_AFTER = re.compile(r"^[ \t]+(?:values?|strings?|constants?|keys?|tokens?|variables?|vars?|env|column|table"
                          r"|files?|mode|status|state|setting|flag|tool|function|method|endpoint|command)\b",
                          re.IGNORECASE)


def _blank(m: "re.Match[str]") -> str:
    return re.sub(r"[^\n]", " ", m.group())


class _Mention:
    __slots__ = ("name", "offset", "kind")

    def __init__(self, name: str, offset: int, kind: str) -> None:
        self.name = name
        self.offset = offset
        # "entry" (of a parameter section), "noun" ("the `x` parameter"), "field" ("the `x`
        # field"), "assign" (`x=true`), "bare" (a snake_case name alone)
        self.kind = kind

    def __repr__(self) -> str:
        return f"{self.kind}:{self.name}@{self.offset}"


def mentions(text: str) -> List[_Mention]:
    """The parameter names a description or docstring refers to, with their offsets."""
    text = _FENCE.sub(_blank, text)  # examples in code blocks call other things
    out: List[_Mention] = []
    lines: List[Tuple[int, str]] = []
    offset = 0
    for line in text.split("\n"):
        lines.append((offset, line))
        offset += len(line) + 1

    prose = [True] * len(lines)  # whether backticked names on the line may be read
    i = 0
    while i < len(lines):
        start, line = lines[i]
        google = _PARAM_HEADER.match(line)
        numpy = (_NUMPY_PARAM_HEADER.match(line) if i + 1 < len(lines) and _UNDERLINE.match(lines[i + 1][1])
                 else None)
        if google or numpy:
            header = google or numpy
            end = _section(lines, i + (2 if numpy else 1), len(header.group("indent").expandtabs()),
                           bool(numpy), out)
            for j in range(i, end):
                prose[j] = False  # _section read the backticks of its lines
            i = end
            continue
        if i + 1 < len(lines) and line.strip() and _UNDERLINE.match(lines[i + 1][1]):
            # a NumPy Returns/Raises/Examples section: up to the next underlined header
            i += 2
            while i < len(lines) and not (i + 1 < len(lines) and lines[i][1].strip()
                                          and _UNDERLINE.match(lines[i + 1][1])):
                prose[i] = False
                i += 1
            continue
        if _OTHER_HEADER.match(line):
            # Returns/Raises/Examples: the names there are output fields and exceptions
            indent = _indent(line)
            i += 1
            while i < len(lines) and (not lines[i][1].strip() or _indent(lines[i][1]) > indent):
                prose[i] = False
                i += 1
            continue
        i += 1

    for m in _SPHINX.finditer(text):
        words = m.group("body").split()
        if words:
            name = words[-1].lstrip("*")
            if _IDENT.fullmatch(name):
                out.append(_Mention(name, m.start("body") + m.group("body").rindex(words[-1]), "entry"))

    for (start, line), readable in zip(lines, prose):
        if readable:
            out.extend(_backticked_in(line, start))
    out.sort(key=lambda m: m.offset)
    return out


def _indent(line: str) -> int:
    return len(line.expandtabs()) - len(line.expandtabs().lstrip())


def _section(lines: List[Tuple[int, str]], i: int, header_indent: int, numpy: bool, out: List[_Mention]) -> int:
    """Read the entries of a parameter section from line i; returns the line after it."""
    base: Optional[int] = None
    while i < len(lines):
        start, line = lines[i]
        if not line.strip():
            if base is not None and base <= header_indent and not numpy:
                return i  # unindented entries end at the first blank line
            i += 1
            continue
        indent = _indent(line)
        if base is None:
            if indent < header_indent or (indent == header_indent and not numpy and not _ENTRY.match(line.strip())):
                return i
            base = indent
        elif indent < base or (indent == base and base <= header_indent and not numpy
                               and not _ENTRY.match(line.strip())):
            return i
        if indent == base:
            body = line.lstrip()
            at = start + len(line) - len(body)
            underlined = i + 1 < len(lines) and _UNDERLINE.match(lines[i + 1][1])
            if _OTHER_HEADER.match(line) or _PARAM_HEADER.match(line) or underlined:
                return i
            if numpy:
                m = _NUMPY_ENTRY.match(body)
                if m:
                    for part in re.finditer(r"\*{0,2}([A-Za-z_]\w*)", m.group("names")):
                        if part.group(1).lower() not in _NOT_ENTRIES:
                            out.append(_Mention(part.group(1), at + part.start(1), "entry"))
            else:
                m = _ENTRY.match(body)
                if m and m.group("name").lower() not in _NOT_ENTRIES:
                    name = m.group("name")
                    out.append(_Mention(name.lstrip("*"), at + m.start("name") + len(name) - len(name.lstrip("*")),
                                        "entry"))
                    # the entry's own text may refer to another parameter
                    out.extend(_backticked_in(body[m.end():], at + m.end()))
                    i += 1
                    continue
        out.extend(_backticked_in(line, start))
        i += 1
    return i


def _backticked_in(line: str, start: int) -> List[_Mention]:
    out: List[_Mention] = []
    for m in _BACKTICKED.finditer(line):
        body = m.group("body").strip()
        keyword = _KEYWORD_VALUE.match(body)
        if keyword and keyword.end() < len(body):
            out.append(_Mention(keyword.group("name"), start + m.start("body"), "assign"))
            continue
        if not _IDENT.fullmatch(body):
            continue
        before, after = line[:m.start()], line[m.end():]
        noun = _NOUN_BEFORE.search(before) or _NOUN_AFTER.match(after)
        if noun:
            kind = "noun" if _INPUT_NOUN.match(noun.group("noun")) else "field"
            out.append(_Mention(body, start + m.start("body"), kind))
        elif (_SNAKE.fullmatch(body) and not _VALUE_BEFORE.search(before) and not _LIST_AFTER.match(after)
              and not _VALUE_AFTER.match(after)):
            out.append(_Mention(body, start + m.start("body"), "bare"))
    return out


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


def _texts(tool) -> List[Tuple[str, Str]]:
    """(what it is, the text) to read: a decorated tool's docstring, then any description
    that is not that docstring."""
    out: List[Tuple[str, Str]] = []
    doc = tool.function.docstring if tool.shape == "decorated" and tool.function is not None else None
    if doc is not None and doc.value:
        out.append(("docstring", doc))
    d = tool.description
    if d is not None and d.value and (doc is None or d.span != doc.span):
        out.append(("description", d))
    return out


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

    def __init__(self) -> None:
        self._project = None
        self._project_words: Set[str] = set()

    def _known_in_project(self, project) -> Set[str]:
        """Tool names, property names and function names anywhere in the project: a bare
        backticked name that is one of these is not a parameter this tool lost."""
        if self._project is not project:
            words: Set[str] = set()
            for tool in project.all_tools():
                if tool.name.value:
                    words.add(tool.name.value)
                props = properties(tool.schema)
                if props:
                    words.update(props)
            for facts in project.modules.values():
                for qualname, _ in facts.functions:
                    words.add(qualname.rpartition(".")[2])
            self._project, self._project_words = project, words
        return self._project_words

    def check_tool(self, tool, group, ctx):
        if tool.shape == "server":
            return
        props = properties(tool.schema)
        if props is None:
            return  # properties we cannot see may be the ones the text names
        texts = _texts(tool)
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

        read = [(what, s, mentions(s.value)) for what, s in texts]
        reported: Set[str] = set()
        found: List[Tuple[str, Str, _Mention]] = []
        for what, s, found_here in read:
            text = s.value
            pointers: Optional[Set[str]] = None
            for m in found_here:
                if m.name in known or m.name in reported:
                    continue
                if m.kind != "entry" and (opaque or m.name in keys):
                    continue  # a field of a nested or free-form object
                if m.kind in ("field", "bare", "assign"):
                    sentence = _BACKTICKED.sub(" ", _sentence(text, m.offset))
                    if _OUTPUT_WORDS.search(sentence):
                        continue  # a field of what the tool returns
                    if m.kind != "field":
                        if not _INPUT_WORDS.search(sentence):
                            continue  # nothing says it is something the caller supplies
                        if pointers is None:
                            pointers = {n for n, _ in mentioned_tools(text)}  # TL105's to report
                        if (m.name in strings or m.name in pointers or m.name == tool.name.value
                                or m.name in self._known_in_project(ctx.project)):
                            continue
                reported.add(m.name)
                found.append((what, s, m))
        if not found:
            return

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
