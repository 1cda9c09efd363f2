from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import call_style, handler_for, properties
from toollint.rulekit.naming import schema_owner


class UndeclaredHandlerParameter(Rule):
    code = "TL206"
    name = "undeclared-handler-parameter"
    summary = "The schema declares a property the handler does not accept"

    def check_tool(self, tool, group, ctx):
        handler = handler_for(tool, group)
        props = properties(tool.schema)
        if handler is None or not props or tool.function is not None:
            return
        if handler.accepts_any_keyword or call_style(handler, props) != "kwargs":
            return
        accepted = {p.name for p in handler.tool_params()}
        for name, (key, _) in props.items():
            if name not in accepted:
                yield self.report(key.span, f"{schema_owner(tool)} declares '{name}' but {handler.qualname}() "
                                  f"has no parameter '{name}': a call that sends it raises TypeError; add "
                                  "the parameter or remove the property")
