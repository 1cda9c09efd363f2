from toollint.rulekit.rule import Rule


class UnresolvedDefinition(Rule):
    """Opt-in: what static evaluation could not see. Rules that need the whole registry
    (TL303-TL306) stay quiet when it is incomplete; this says why."""

    code = "TL002"
    name = "unresolved-definition"
    summary = "A registry entry could not be evaluated statically"
    default_enabled = False

    def check_group(self, group, ctx):
        for registry in group.definitions:
            for item in registry.unresolved:
                yield self.report(item.span, f"an entry of {registry.name} could not be evaluated statically "
                                  f"({item.reason}): rules that need the whole list stay quiet about it")
