from toollint.rulekit.rule import Rule
from toollint.rulekit.text import english_among, reads_like_signature
from toollint.rulekit.naming import shown_name


def judged_description(tool, group, any_language=False):
    """The description text when phrase rules may judge it, else None.

    English phrase lists say nothing about text in another language, so only English is
    judged (a text too short to tell in the language of its group's), unless the caller
    has phrases from the config (`any_language`): a team that writes its descriptions in
    Spanish supplies Spanish phrases, and then wants them judged.
    """
    d = tool.description
    if tool.shape == "server" or d is None or d.value is None or not d.value.strip():
        return None
    return d.value if any_language or english_among(d.value, lambda: group_texts(group)) else None


_texts: list = [None, ()]  # the group last asked about, and its descriptions


def group_texts(group):
    """The descriptions of the group's tools, the neighbours whose language a short one shares
    (read once a group: every tool of it may ask)."""
    if _texts[0] is not group:
        _texts[:] = [group, tuple(t.description.value for t in group.tools
                                  if t.description is not None and isinstance(t.description.value, str))]
    return _texts[1]


class DescriptionReadsLikeSignature(Rule):
    code = "TL102"
    name = "description-reads-like-signature"
    summary = "A description that is a label or a signature gives the model no selection rule"

    def check_tool(self, tool, group, ctx):
        text = judged_description(tool, group)
        if text is None:
            return
        reason = reads_like_signature(text, tool.name.value or "")
        if reason:
            yield self.report(tool.description.span, f"description of {shown_name(tool)} reads like a "
                              f"signature ({reason}): say what it does and when to call it")
