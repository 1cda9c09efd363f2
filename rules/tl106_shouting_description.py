from toollint.model import DictVal, ListVal, str_value
from toollint.rulekit.rule import Rule
from toollint.rulekit.shouting import shouting
from toollint.rulekit.naming import shown_name

_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SUBSCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")
_SUBSCHEMA_ONE = ("items", "additionalProperties", "not", "if", "then", "else")
# Schemas nest without bound in generated code; past this the rest is not worth a walk.
_MAX_DEPTH = 32


def _descriptions(schema, path, depth=0):
    """(where, description value) for every subschema's description, outermost first."""
    if not isinstance(schema, DictVal) or depth > _MAX_DEPTH:
        return
    d = schema.get("description")
    if str_value(d) is not None and path:
        yield path, d
    for key in _SUBSCHEMA_MAPS:
        sub = schema.get(key)
        if isinstance(sub, DictVal):
            for k, v in sub.entries:
                name = str_value(k)
                if name is not None:
                    yield from _descriptions(v, f"{path}.{name}" if path else name, depth + 1)
    for key in _SUBSCHEMA_ONE:
        yield from _descriptions(schema.get(key), f"{path}[{key}]" if path else key, depth + 1)
    for key in _SUBSCHEMA_LISTS:
        sub = schema.get(key)
        if isinstance(sub, ListVal):
            for i, item in enumerate(sub.items):
                yield from _descriptions(item, f"{path}[{key}][{i}]" if path else f"{key}[{i}]", depth + 1)


def _within(inner, outer):
    return inner.path == outer.path and (outer.line, outer.col) <= (inner.line, inner.col) \
        and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


class ShoutingDescription(Rule):
    code = "TL106"
    name = "shouting-description"
    summary = "Emphatic capitals or '!!' in a description"

    def check_tool(self, tool, group, ctx):
        if tool.shape == "server":
            return
        d = tool.description
        if d is not None and d.value:
            fragment = shouting(d.value)
            if fragment:
                yield self.report(d.span, f"description of {shown_name(tool)} shouts ('{fragment}'): "
                                  "capitals and '!!' do not make an instruction win; state the condition "
                                  "plainly (\"Call this only when ...\")")
        for where, node in _descriptions(tool.schema, ""):
            if d is not None and d.value and _within(node.span, d.span) and node.value.strip() in d.value:
                continue  # an Args block sent inside the description too: judged there already
            fragment = shouting(node.value)
            if fragment:
                yield self.report(node.span, f"description of '{where}' in {shown_name(tool)} shouts "
                                  f"('{fragment}'): capitals and '!!' add no information; state the constraint "
                                  "plainly")
