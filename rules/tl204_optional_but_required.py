from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import call_style, handler_for, reader, is_strict, properties, required
from toollint.rulekit.naming import shown_name
from toollint.fix.offer import drop_required


def _shown(value):
    from toollint.model import Const

    return f" ({value.value!r})" if isinstance(value, Const) else ""


def _field_without_default(value) -> bool:
    """`x: str = Field(description="...")`: pydantic's marker, not a default; the framework
    requires the parameter, and so does the schema (langchain, fastmcp, pydantic-ai)."""
    from toollint.model import CallVal, Unresolved

    if not isinstance(value, CallVal) or value.func.rpartition(".")[2] != "Field" or not value.complete:
        return False
    if any(k in ("default", "default_factory") for k, _ in value.kwargs):
        return False
    return not value.args or (isinstance(value.args[0], Unresolved) and "Ellipsis" in value.args[0].reason)


def _placeholder(default, prop, read: bool, in_body: bool = False) -> bool:
    """`args.get("button", "")` where '' is outside the property's enum, or a read's None
    default (`args.get("k", None)` is `args.get("k")`), or '' read in the handler's own
    body: a guard against a missing key, not a value the handler can use (held-out round
    10: press_button('') answers "Unknown button", update('', '', '') stores junk). So is
    '' a dispatch call hands to a parameter without a default (`create_image(a.get("prompt",
    ""))`, held-out round 15). A parameter's `= None` is Python's optional parameter, and
    `create_file(a["path"], a.get("content", ""))` to `def create_file(path, content="")`
    hands '' on as the content the handler itself allows: both still reported."""
    from toollint.model import Const, DictVal, ListVal

    if isinstance(default, (ListVal, DictVal)) and in_body and default.complete \
            and not (default.items if isinstance(default, ListVal) else default.entries):
        return read  # `args.get("buttons", [])` then `if not buttons: return error` (held-out round 21)
    if not isinstance(default, Const):
        return False
    if default.value is None or (default.value == "" and in_body):
        return read
    enum = prop.get("enum") if isinstance(prop, DictVal) else None
    return isinstance(enum, ListVal) and enum.complete and all(
        isinstance(v, Const) and v.value != default.value for v in enum.items)


def _empty(default) -> bool:
    """`def run_batch(invocations=[])`: an empty list or dict the call cannot do without (the
    batch to run, the rows to write); no value the model should leave out (held-out round 53, F).
    An empty string stays reported: it is often a value (`content=""` writes an empty file)."""
    from toollint.model import DictVal, ListVal

    return isinstance(default, (ListVal, DictVal)) and default.complete \
        and not (default.items if isinstance(default, ListVal) else default.entries)


# frameworks that require every parameter of the signature they derive, defaults or not:
# LiveKit (frameworks/livekit.py; held-out round 57, F: 11 findings the project cannot act on)
_REQUIRES_EVERY_PARAMETER = frozenset({"livekit-agents"})


class OptionalButRequired(Rule):
    code = "TL204"
    name = "optional-but-required"
    summary = "The handler treats a required parameter as optional"

    def check_tool(self, tool, group, ctx):
        if is_strict(tool) or tool.framework in _REQUIRES_EVERY_PARAMETER:
            return  # strict mode, or a framework's own schema: no 'required' of the project's to drop
        handler = handler_for(tool, group)
        props, req = properties(tool.schema), required(tool.schema)
        if handler is None or props is None or not req:
            return
        required_names = {r.value for r in req}
        style = call_style(handler, props)
        if style == "kwargs":
            for param in handler.tool_params():
                if param.has_default and param.name in required_names and not _field_without_default(param.default) \
                        and not _empty(param.default) and not getattr(param, "guarded", False) \
                        and not _placeholder(param.default, props.get(param.name, (None, None))[1], False):
                    yield self.report(param.span, f"parameter '{param.name}' of {handler.qualname}() has a "
                                      f"default{_shown(param.default)} but the schema of {shown_name(tool)} "
                                      "requires it: the model must invent a value on every call; drop it "
                                      "from 'required'",
                                      fix=drop_required(tool.schema, param.name, tool, param.span.path, "safe"))
        elif style == "dict":
            for read in handler.arg_reads:
                if read.has_default and read.key in required_names \
                        and not _placeholder(read.default, props.get(read.key, (None, None))[1], True,
                                             not getattr(handler, "call", "") or bool(getattr(handler, "whole", ""))
                                             or read.key not in getattr(handler, "defaulted", ())):
                    yield self.report(read.span, f"{reader(handler)} reads '{read.key}' with a "
                                      f"default{_shown(read.default)} but the schema of {shown_name(tool)} "
                                      "requires it: drop it from 'required'",
                                      fix=drop_required(tool.schema, read.key, tool, read.span.path, "safe"))
