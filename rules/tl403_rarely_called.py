from toollint.rulekit.rule import Rule


class RarelyCalled(Rule):
    """Reported by `toollint usage` (toollint/usage/) from logged payloads, not by `check`;
    its fields as in tl401_never_called.py."""

    code = "TL403"
    name = "rarely-called"
    summary = "Logged traffic shows the tool called in under 1% (--rare) of the turns that offer it"
    claim = "was called in {called_turns} of {offered_turns} of the sample ({share}, under {rare})"
    repair = "send it only on the turns that need it (a router category), or fold it into a related tool"
    fails = False  # a warning
