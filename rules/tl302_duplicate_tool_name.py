from toollint.rulekit.rule import Rule
from toollint.rulekit.turn import listed, offered_together


class DuplicateToolName(Rule):
    code = "TL302"
    name = "duplicate-tool-name"
    summary = "Two definitions in one tool list share a name"

    def check_group(self, group, ctx):
        # Within one list: the same tool in an OpenAI list and an Anthropic list is a variant.
        for tools in [r.tools for r in group.definitions]:
            yield from self._duplicates(tools, lambda a, b: True)
        yield from self._duplicates(group.decorated, lambda a, b: _sent_together(a, b, group))

    def _duplicates(self, tools, together):
        first = {}
        for tool in tools:
            name = tool.name.value
            if name is None:
                continue
            earlier = [t for t in first.get(name, ()) if together(t, tool)]
            if any(t.name.span == tool.name.span for t in earlier):
                continue  # one definition reached twice: two agents hand off to the same agent
            if earlier:
                where = earlier[0].name.span
                yield self.report(tool.name.span, f"tool name '{name}' is already defined at line "
                                  f"{where.line}" + ("" if where.path == tool.name.span.path else f" of {where.path}")
                                  + ": the API rejects duplicate names; rename or remove one")
            first.setdefault(name, []).append(tool)


def _sent_together(a, b, group) -> bool:
    """Framework-made tools are one request's when a list the project shows holds both, or
    when both sit on one server or agent (or, free-standing, are made in one scope):
    `Tool(name="wait", ...)` a method builds around the module's `@tool wait` is not."""
    if not offered_together(a, b, group):
        return False
    ca, cb = _method_class(a), _method_class(b)
    if ca and cb and ca != cb:
        return False  # methods of two classes (LiveKit agents): each object sends its own (round 54, B)
    if listed(a, group) and listed(b, group):
        return True
    return a.owner is None or b.owner is None or a.owner == b.owner


def _method_class(tool) -> str:
    """The class whose own method the tool is (`FrontDesk.to_billing`), "" for anything else
    (a function, or a def nested in a method: `register_tools.<locals>.f`)."""
    qualname = tool.function.qualname if tool.function is not None else ""
    cls, dot, _ = qualname.partition(".")
    return cls if dot and "." not in qualname[len(cls) + 1:] and "<" not in qualname else ""
