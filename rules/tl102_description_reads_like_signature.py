from toollint.rulekit.rule import Rule
from toollint.rulekit.text import looks_english, reads_like_signature
from toollint.rulekit.naming import shown_name


def judged_description(tool, any_language=False):
    """The description text when phrase rules may judge it, else None.

    English phrase lists say nothing about text in another language, so only English is
    judged, unless the caller has phrases from the config (`any_language`): a team that
    writes its descriptions in Spanish supplies Spanish phrases, and then wants them judged.
    """
    d = tool.description
    if tool.shape == "server" or d is None or d.value is None or not d.value.strip():
        return None
    return d.value if any_language or looks_english(d.value) else None


class DescriptionReadsLikeSignature(Rule):
    code = "TL102"
    name = "description-reads-like-signature"
    summary = "A description that is a label or a signature gives the model no selection rule"

    def check_tool(self, tool, group, ctx):
        text = judged_description(tool)
        if text is None:
            return
        reason = reads_like_signature(text, tool.name.value or "")
        if reason:
            yield self.report(tool.description.span, f"description of {shown_name(tool)} reads like a "
                              f"signature ({reason}): say what it does and when to call it")
