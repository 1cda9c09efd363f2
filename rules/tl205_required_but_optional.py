from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import call_style, handler_for, properties, required
from toollint.rulekit.naming import shown_name
from toollint.fix.offer import add_required


class RequiredButOptional(Rule):
    code = "TL205"
    name = "required-but-optional"
    summary = "The handler needs a parameter the schema does not require"

    def check_tool(self, tool, group, ctx):
        handler = handler_for(tool, group)
        props, req = properties(tool.schema), required(tool.schema)
        if handler is None or props is None or req is None or tool.function is not None:
            return
        style = call_style(handler, props)
        if style == "dict" and getattr(handler, "call", ""):
            yield from self._not_passed(tool, handler)
        if style != "kwargs":
            return
        required_names = {r.value for r in req}
        for param in handler.tool_params():
            if param.has_default or param.name in required_names:
                continue
            fix = None
            if param.name in props:
                why = "the schema declares it but does not require it"
                fix = add_required(tool.schema, param.name, tool, param.span.path)
            else:
                why = "the schema does not declare it"
            yield self.report(param.span, f"parameter '{param.name}' of {handler.qualname}() has no default "
                              f"and {why}: a call of {shown_name(tool)} without it raises TypeError; add it "
                              "to 'required' or give it a default", fix=fix)

    def _not_passed(self, tool, handler):
        """The dispatch's visible call passes pieces (`f(args["a"])`): a parameter it
        leaves out with no default fails on every call, whatever the schema says."""
        for param in handler.tool_params():
            if not param.has_default:
                yield self.report(param.span, f"parameter '{param.name}' of {handler.qualname}() has no default "
                                  f"and the dispatch call passes no value for it: every call of {shown_name(tool)} "
                                  "raises TypeError; pass it or give it a default")
