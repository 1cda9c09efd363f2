from toollint.rulekit.rule import Rule


class OrphanCall(Rule):
    """Reported by `toollint usage` (toollint/usage.py) from logged payloads, not by
    `check`: the class exists so the catalogue, selection and noqa know the code.
    A warning: it does not make `usage` exit 1."""

    code = "TL404"
    name = "orphan-call"
    summary = "Logged responses call a tool that no sampled request declares"
