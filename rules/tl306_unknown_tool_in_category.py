import difflib

from toollint.rulekit.rule import Rule


class UnknownToolInCategory(Rule):
    code = "TL306"
    name = "unknown-tool-in-category"
    summary = "A category or the always-offered set lists a name no tool has"

    def check_group(self, group, ctx):
        if not (group.categories or group.always) or not group.definitions_complete:
            return
        if not (group.definitions or group.decorated):
            return
        defined = ctx.project.all_names
        for registry in group.categories:
            for category in registry.categories:
                for member in category.members:
                    if member.value is not None and member.value not in defined:
                        yield self._report(member, f"category '{category.name.value}' of {registry.name}", defined)
        for registry in group.always:
            for member in registry.members:
                if member.value is not None and member.value not in defined:
                    yield self._report(member, registry.name, defined)

    def _report(self, member, where, defined):
        close = difflib.get_close_matches(member.value, sorted(defined), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        return self.report(member.span, f"{where} lists '{member.value}', which no tool definition has: "
                           f"it offers nothing{hint}")
