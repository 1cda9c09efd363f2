import difflib

from toollint.fix import written_in
from toollint.fix.offer import rename
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
                        yield self._report(member, f"category '{category.name.value}' of {registry.name}", defined,
                                           _direct(member, registry, ctx))
        for registry in group.always:
            for member in registry.members:
                if member.value is not None and member.value not in defined:
                    yield self._report(member, registry.name, defined, _direct(member, registry, ctx))

    def _report(self, member, where, defined, direct):
        close = difflib.get_close_matches(member.value, sorted(defined), n=2)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        fix = rename(member.span, member.value, close[0]) if direct and len(close) == 1 else None
        return self.report(member.span, f"{where} lists '{member.value}', which no tool definition has: "
                           f"it offers nothing{hint}", fix=fix)


def _direct(member, registry, ctx) -> bool:
    """The string is written in the registry's own value, not in a constant it names (which
    other code may read too)."""
    facts = ctx.project.modules.get(member.span.path)
    if facts is None or registry.span.path != member.span.path:
        return False
    holders = {name for name, value in facts.constants if written_in(member.span, value.span)}
    return holders == {registry.name}
