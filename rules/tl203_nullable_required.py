from toollint.rulekit.rule import Rule
from toollint.rulekit.turn import seen_in_turn
from toollint.rulekit.schema import call_style, handler_for, is_nullable, is_strict, properties, required
from toollint.rulekit.naming import schema_owner
from toollint.fix.offer import drop_required


class NullableRequired(Rule):
    code = "TL203"
    name = "nullable-required"
    summary = "A required property is also nullable, outside strict mode"

    def check_tool(self, tool, group, ctx):
        if is_strict(tool) or tool.name.value in ctx.project.forced_tools or not seen_in_turn(tool, group):
            return  # strict mode spells optional as nullable-and-required; forced or lone tools may mean it
        if tool.shape == "decorated":
            return  # derived from `x: T | None` without a default: TL209 names the parameter
        props, req = properties(tool.schema), required(tool.schema)
        if not props or not req:
            return
        defaults = _defaults(tool, group, props)
        for entry in req:
            prop = props.get(entry.value)
            if prop is not None and is_nullable(prop[1]):
                fix = None
                if entry.value in defaults:
                    fix = drop_required(tool.schema, entry.value, tool, entry.span.path, "unsafe")
                yield self.report(entry.span, f"'{entry.value}' of {schema_owner(tool)} is required and "
                                  "nullable: the model will send null rather than omit it; drop it from "
                                  "'required' or make it non-nullable", fix=fix)


def _defaults(tool, group, props):
    """Names the handler can do without (a parameter default): only those may leave
    'required', else the call without them raises TypeError (and TL205 would add them back)."""
    handler = handler_for(tool, group)
    if handler is None or call_style(handler, props) != "kwargs":
        return set()
    return {p.name for p in handler.tool_params() if p.has_default}
