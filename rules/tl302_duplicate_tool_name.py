from toollint.rulekit.rule import Rule


class DuplicateToolName(Rule):
    code = "TL302"
    name = "duplicate-tool-name"
    summary = "Two definitions in one tool list share a name"

    def check_group(self, group, ctx):
        # Within one list: the same tool in an OpenAI list and an Anthropic list is a variant.
        lists = [r.tools for r in group.definitions] + [tuple(group.decorated)]
        for tools in lists:
            first = {}
            for tool in tools:
                name = tool.name.value
                if name is None:
                    continue
                if name in first and first[name].name.span == tool.name.span:
                    continue  # one definition reached twice: two agents hand off to the same agent
                if name in first:
                    where = first[name].name.span
                    yield self.report(tool.name.span, f"tool name '{name}' is already defined at line "
                                      f"{where.line}" + ("" if where.path == tool.name.span.path else f" of {where.path}")
                                      + ": the API rejects duplicate names; rename or remove one")
                else:
                    first[name] = tool
