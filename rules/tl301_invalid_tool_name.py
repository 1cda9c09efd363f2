import re

from toollint.rule import Rule

PATTERNS = {
    "openai": re.compile(r"^[a-zA-Z0-9_-]{1,64}$"),
    "anthropic": re.compile(r"^[a-zA-Z0-9_-]{1,64}$"),
    "mcp": re.compile(r"^[A-Za-z0-9._-]{1,128}$"),
}
SHAPE_TARGET = {"mcp": "mcp", "anthropic": "anthropic", "openai-chat": "openai", "openai-responses": "openai"}


def target_for(tool, settings):
    """The configured target, else the provider the definition's shape is sent to; the
    strictest pattern when the shape does not tell."""
    if settings.target:
        return settings.target
    return SHAPE_TARGET.get(tool.shape, "openai")


class InvalidToolName(Rule):
    code = "TL301"
    name = "invalid-tool-name"
    summary = "The tool name fails the provider's name pattern"

    def check_tool(self, tool, group, ctx):
        name = tool.name.value
        if name is None or tool.shape == "server":
            return
        target = target_for(tool, ctx.settings)
        pattern = PATTERNS[target]
        if not pattern.match(name):
            yield self.report(tool.name.span, f"tool name {name!r} does not match {pattern.pattern} "
                              f"({target}): the API rejects the request; use letters, digits, '_' and '-'")
