from toollint.rulekit.rule import Rule


class NeverOffered(Rule):
    """Reported by `toollint usage` (toollint/usage/) from logged payloads, not by `check`;
    its fields as in tl401_never_called.py."""

    code = "TL402"
    name = "never-offered"
    summary = "Logged requests send the tool but tool_choice never lets the model pick it"
    claim = ("was declared in {declared_turns} and offered in none: tool_choice was none or named another "
             "tool each time")
    # Calls counted in the turns that declared it: the model called it against tool_choice.
    yet_called = ", yet it was called {calls}"
    repair = ("stop sending it on the turns whose tool_choice rules it out, or fix the tool_choice logic if "
              "the model should be able to pick it")
    fails = True
