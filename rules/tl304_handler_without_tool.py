from toollint.rulekit.rule import Rule


class HandlerWithoutTool(Rule):
    code = "TL304"
    name = "handler-without-tool"
    summary = "A handler is registered for a name no tool definition has"

    def check_group(self, group, ctx):
        if not group.handlers or not group.definitions_complete or not group.definitions:
            return
        defined = ctx.project.all_names
        for registry in group.handlers:
            # names that share one handler (`if name == "agent_chat" or name == "chat":`) are
            # aliases: an old name beside a defined one is kept for compatibility, not an orphan
            served = {e.span for e in registry.handlers if e.key.value in defined}
            for entry in registry.handlers:
                if entry.key.value is not None and entry.key.value not in defined and entry.span not in served:
                    yield self.report(entry.key.span, f"handler '{entry.key.value}' in {registry.name} "
                                      "matches no tool definition: the model can never call it; define "
                                      "the tool or remove the handler")
