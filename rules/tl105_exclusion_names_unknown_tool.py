import difflib
from functools import lru_cache

from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import properties
from toollint.rulekit.text import mentioned_tools
from toollint.rulekit.naming import shown_name
from toollint.rulekit.pointers import CAMEL

from toollint.rules.tl102_description_reads_like_signature import judged_description


class ExclusionNamesUnknownTool(Rule):
    code = "TL105"
    name = "exclusion-names-unknown-tool"
    summary = "The description points to a tool that no registry defines"

    def check_tool(self, tool, group, ctx):
        text = judged_description(tool, group)
        if text is None or not group.definitions_complete:
            return  # a tool we could not see may be the one it points to
        defined = ctx.project.all_names
        props = properties(tool.schema) or {}
        for name, _ in mentioned_tools(text):
            # mentioned_tools cannot tell "use order_id instead" (a parameter) from a tool
            if name in defined or name in props:
                continue
            if CAMEL.fullmatch(name) and not _any_camel(defined):
                continue  # "use totalTokens instead" where no tool is named so: a value (round 49, E)
            close = _closest(name, tuple(sorted(defined)))
            hint = f"; did you mean '{close[0]}'?" if close else "; name a tool that exists or drop the pointer"
            yield self.report(tool.description.span, f"description of {shown_name(tool)} points to "
                              f"'{name}', which no tool in the project defines: the model will look for "
                              f"a tool it does not have{hint}")


@lru_cache(maxsize=8)
def _any_camel(defined) -> bool:
    """Asked of the project's names (a frozenset) once, not once a tool (a quarter of the rule's time)."""
    return any(CAMEL.fullmatch(n) for n in defined)


@lru_cache(maxsize=4096)
def _closest(name, names):
    """difflib's one close match, for a name met again and again across a project's tools."""
    return difflib.get_close_matches(name, names, n=1, cutoff=0.8)
