from toollint.rulekit.rule import Rule
from toollint.rulekit.turn import offered_with


def _distinct(tools):
    """The tools by name; each one whose name is not known statically counted on its own
    (held-out round 81: 59 tools named from a run-time table went uncounted)."""
    return {t.name.value if t.name.value is not None else id(t) for t in tools}


def _decorated_subject(tools) -> str:
    """Who offers decorated tools: the one object they are registered on (a server's tools
    often sit in many modules), else the module, else the modules."""
    owners = {t.owner for t in tools}
    if len(owners) == 1 and next(iter(owners)):
        obj = next(iter(owners)).rsplit(":", 1)[-1]
        if obj:
            return f"'{obj}' offers {{n}} tools"
    paths = {t.span.path for t in tools}
    return "this module offers {n} decorated tools" if len(paths) == 1 else f"{len(paths)} modules offer {{n}} decorated tools"


def _largest_turn(group):
    """The decorated tools one visible turn offers together, the largest: each agent's
    list when the lists are read whole (held-out round 35: 30 tools on 16 agents of one
    module, none with more than 12), else the group's."""
    decorated = set(map(id, group.decorated))
    best = None
    for tool in group.decorated:
        near = offered_with(tool, group)
        if near is None:
            continue  # never handed over: in no turn
        mine = [t for t in near if id(t) in decorated]
        if best is None or len(_distinct(mine)) > len(_distinct(best)):
            best = mine
    return best or list(group.decorated)


class CrowdedTurn(Rule):
    code = "TL307"
    name = "crowded-turn"
    summary = "More tools than max-tools-per-turn can be offered in one turn"

    def check_group(self, group, ctx):
        limit = ctx.settings.max_tools_per_turn
        if group.categories:
            yield from self._routed(group, limit)
            return
        # Each list on its own: two lists in one group are usually the same tools for two
        # providers, never sent together. Counts are lower bounds when a list is incomplete,
        # so a count over the limit is a fact even then.
        lists = [(len(_distinct(r.tools)), r.span, f"{r.name} offers {{n}} tools") for r in group.definitions]
        if group.decorated:
            turn = _largest_turn(group)
            first = min(turn, key=lambda t: (t.name.span.line, t.name.span.col))
            lists.append((len(_distinct(turn)), first.name.span, _decorated_subject(turn)))
        if not lists:
            return
        count, span, where = max(lists, key=lambda item: (item[0], -item[1].line))
        if count > limit:
            yield self.report(span, f"{where.format(n=count)} in one turn, more than {limit} "
                              "(max-tools-per-turn): with many tools to choose from the model picks worse; "
                              "route them into categories and offer one category per turn")

    def _routed(self, group, limit):
        always = {m.value for r in group.always for m in r.members if m.value is not None}
        defined = group.defined_names if group.definitions_complete else None
        best = None
        for registry in group.categories:
            for category in registry.categories:
                offered = always | {m.value for m in category.members if m.value is not None}
                if defined is not None:
                    offered &= defined  # a name no tool has offers nothing (TL306)
                if best is None or len(offered) > best[0]:
                    best = (len(offered), category, registry)
        if best is None or best[0] <= limit:
            return
        count, category, registry = best
        also = " with " + ", ".join(r.name for r in group.always) if always else ""
        yield self.report(category.name.span, f"category '{category.name.value}' of {registry.name}{also} "
                          f"offers {count} tools in one turn, more than {limit} (max-tools-per-turn): with "
                          "many tools to choose from the model picks worse; split the category")
