from toollint.rulekit.rule import Rule


class UnusedNoqa(Rule):
    """Reported by the suppression step (toollint/suppress.py), which alone knows which
    directives matched a finding. The class gives the catalogue its entry."""

    code = "TL003"
    name = "unused-noqa"
    summary = "A `# noqa: TLxxx` code suppresses nothing"
    default_enabled = False
