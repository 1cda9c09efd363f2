from toollint.rulekit.rule import Rule


class NeverCalled(Rule):
    """Reported by `toollint usage` (toollint/usage.py) from logged payloads, not by
    `check`: the class exists so the catalogue, selection and noqa know the code."""

    code = "TL401"
    name = "never-called"
    summary = "In logged traffic the model never called the tool in the turns that offered it"
