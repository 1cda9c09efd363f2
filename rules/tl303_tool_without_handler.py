from toollint.rulekit.rule import Rule
from toollint.rulekit.naming import shown_name


class ToolWithoutHandler(Rule):
    code = "TL303"
    name = "tool-without-handler"
    summary = "The group dispatches through a handler registry and this tool is not in it"

    def check_group(self, group, ctx):
        if not group.handlers or not all(r.complete for r in group.handlers):
            return
        handled = {e.key.value for r in group.handlers for e in r.handlers}
        names = ", ".join(r.name for r in group.handlers)
        for registry in group.definitions:
            for tool in registry.tools:
                if tool.shape == "server" or tool.name.value is None:
                    continue
                if tool.name.value in ctx.project.forced_tools:
                    continue  # forced by tool_choice: structured output the caller reads, no dispatch (round 47, F)
                if tool.name.value not in handled:
                    yield self.report(tool.name.span, f"tool {shown_name(tool)} has no handler in {names}: "
                                      "a call of it cannot be dispatched; add a handler or remove the tool")
