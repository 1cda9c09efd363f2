from toollint.rulekit.rule import Rule


class RarelyCalled(Rule):
    """Reported by `toollint usage` (toollint/usage.py) from logged payloads, not by
    `check`: the class exists so the catalogue, selection and noqa know the code."""

    code = "TL403"
    name = "rarely-called"
    summary = "Logged traffic shows the tool called in under 1% (--rare) of the turns that offer it"
