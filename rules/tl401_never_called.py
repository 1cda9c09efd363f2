from toollint.rulekit.rule import Rule


class NeverCalled(Rule):
    """Reported by `toollint usage` (toollint/usage/) from logged payloads, not by `check`:
    the class gives the catalogue, selection and noqa the code, and holds what usage says.
    The rule's name is the state usage's table gives the tool; a finding reads
    "tool '<name>' <claim>; <repair>", the claim's fields filled from the sample."""

    code = "TL401"
    name = "never-called"
    summary = "In logged traffic the model never called the tool in the turns that offered it"
    claim = "was never called in {offered_turns} of the sample ({size} characters of definition sent each time)"
    repair = ("remove it from the tool list, or send it only on the turns that need it (a router category); "
              "if the model should call it, say when in its description")
    fails = True  # `usage` exits 1
