import difflib

from toollint.model import Const
from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import call_style, handler_for, reader, properties
from toollint.rulekit.naming import shown_name

# Keywords through which a schema admits properties that `properties` does not list.
_OPEN_KEYWORDS = ("patternProperties", "allOf", "anyOf", "oneOf", "$ref", "if", "dependentSchemas",
                  "unevaluatedProperties")


def _closed(schema):
    """Whether `properties` is every key a schema-following model may send."""
    if any(schema.get(k) is not None for k in _OPEN_KEYWORDS):
        return False
    extra = schema.get("additionalProperties")
    return extra is None or (isinstance(extra, Const) and extra.value is False)


class HandlerReadsUndeclaredArgument(Rule):
    code = "TL211"
    name = "handler-reads-undeclared-argument"
    summary = "A handler taking the arguments dict reads a key the schema never declares"

    def check_tool(self, tool, group, ctx):
        handler = handler_for(tool, group)
        props = properties(tool.schema)
        if handler is None or props is None or not handler.arg_reads or not _closed(tool.schema):
            return
        if call_style(handler, props) != "dict":
            return
        seen = set()
        for read in handler.arg_reads:
            if read.key in props or read.key in seen:
                continue
            seen.add(read.key)
            close = difflib.get_close_matches(read.key, sorted(props), n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"declare '{read.key}' in 'properties' or stop reading it"
            yield self.report(read.span, f"{reader(handler)} reads '{read.key}' but the schema of "
                              f"{shown_name(tool)} does not declare it: a model that follows the schema "
                              f"never sends it, so this path never runs; {hint}")
