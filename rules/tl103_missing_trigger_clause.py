from toollint.rulekit.rule import Rule
from toollint.rulekit.text import has_trigger, reads_like_signature
from toollint.rulekit.naming import shown_name
from toollint.rulekit.siblings import in_text, own_name_as_this, plain_names, sibling_triggers
from toollint.rulekit.turn import offered_with

from toollint.rules.tl102_description_reads_like_signature import judged_description


class MissingTriggerClause(Rule):
    code = "TL103"
    name = "missing-trigger-clause"
    summary = "The description never says when to call the tool"

    def check_tool(self, tool, group, ctx):
        if tool.name.value in ctx.project.forced_tools:
            return  # forced with tool_choice: structured output, no choice of when (held-out round 59, D)
        text = judged_description(tool, group, any_language=bool(ctx.settings.trigger_phrases))
        if text is None or reads_like_signature(text, tool.name.value or ""):
            return  # TL102 already says it; one defect, one finding
        phrases = tuple(ctx.settings.trigger_phrases) + sibling_triggers(
            in_text(plain_names(offered_with(tool, group) or (), tool), text))
        # its own name as "this tool", or as written: "then fit_from_library to run them" (a chain step)
        if not has_trigger(own_name_as_this(text, tool.name.value), phrases) and not has_trigger(text, phrases):
            yield self.report(tool.description.span, f"description of {shown_name(tool)} never says when "
                              "to call it: add a trigger clause such as \"Call this when ...\"")
