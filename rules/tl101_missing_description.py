from toollint.rulekit.rule import Rule
from toollint.rulekit.naming import shown_name


class MissingDescription(Rule):
    code = "TL101"
    name = "missing-description"
    summary = "A tool has no description, or an empty one"

    def check_tool(self, tool, group, ctx):
        if tool.shape == "server" or (tool.name.value is None and not tool.name_expr):
            return  # a name known by its text (`{plugin}-get_order`, `f"{ns}-read"`) is still a tool's
        d = tool.description
        if d is None:
            yield self.report(tool.name.span, f"tool {shown_name(tool)} has no description: the model "
                              "chooses tools by their descriptions; say what it does and when to call it")
        elif d.value is not None and not d.value.strip():
            yield self.report(d.span, f"tool {shown_name(tool)} has an empty description: say what it "
                              "does and when to call it")
