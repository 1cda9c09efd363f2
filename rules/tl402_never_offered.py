from toollint.rulekit.rule import Rule


class NeverOffered(Rule):
    """Reported by `toollint usage` (toollint/usage.py) from logged payloads, not by
    `check`: the class exists so the catalogue, selection and noqa know the code."""

    code = "TL402"
    name = "never-offered"
    summary = "Logged requests send the tool but tool_choice never lets the model pick it"
