from toollint.rulekit.rule import Rule
from toollint.rulekit.turn import offered_beyond, offered_with
from toollint.rulekit.text import has_exclusion, reads_like_signature
from toollint.rulekit.naming import shown_name
from toollint.rulekit.siblings import (in_text, name_words, own_name_as_this, plain_names, sibling_exclusions,
                                       sibling_word_exclusions, words_in_text)

from toollint.rules.tl102_description_reads_like_signature import judged_description


class MissingExclusionClause(Rule):
    code = "TL104"
    name = "missing-exclusion-clause"
    summary = "Among several tools, the description never says when not to call it"

    def check_tool(self, tool, group, ctx):
        offered = offered_with(tool, group)
        # a name known only by its text (Semantic Kernel's `{plugin}-search`) is a tool of its own too
        if offered is None or len({t.name.value or t.name_expr for t in offered if t.shape != "server"}) + \
                offered_beyond(tool, group) < 2:
            return  # with one tool, or a turn not seen, there is nothing to confuse it with
        text = judged_description(tool, group, any_language=bool(ctx.settings.exclusion_phrases))
        if text is None or reads_like_signature(text, tool.name.value or ""):
            return
        phrases = (tuple(ctx.settings.exclusion_phrases) + sibling_exclusions(in_text(plain_names(offered, tool), text))
                   + sibling_word_exclusions(words_in_text(name_words(offered, tool), text)))
        if not has_exclusion(own_name_as_this(text, tool.name.value), phrases):
            yield self.report(tool.description.span, f"description of {shown_name(tool)} never says when "
                              "not to call it: add an exclusion such as \"Do not call this for ...; use X instead\"")
