from toollint.rulekit.rule import Rule


class OrphanCall(Rule):
    """Reported by `toollint usage` (toollint/usage/) from logged payloads, not by `check`,
    at the payload line of the first turn that called the name: there is no definition."""

    code = "TL404"
    name = "orphan-call"
    summary = "Logged responses call a tool that no sampled request declares"
    message = ("tool '{name}' was called {calls} in {turns} but no sampled request declares it: the sample "
               "mixes configurations (or requests were logged without their tools); sample one "
               "configuration at a time")
    fails = False  # a warning
