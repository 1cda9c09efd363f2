import re

from toollint.rulekit.rule import Rule

PATTERNS = {
    "openai": re.compile(r"^[a-zA-Z0-9_-]{1,64}$"),
    "anthropic": re.compile(r"^[a-zA-Z0-9_-]{1,64}$"),
    "mcp": re.compile(r"^[A-Za-z0-9._-]{1,128}$"),
}
SHAPE_TARGET = {"mcp": "mcp", "anthropic": "anthropic", "openai-chat": "openai", "openai-responses": "openai"}
# A decorated tool has no wire shape of its own: its framework decides where it goes. An
# MCP server's tools go to MCP clients; claude-agent-sdk serves its tools to Claude.
FRAMEWORK_TARGET = {"mcp": "mcp", "fastmcp": "mcp", "anthropic": "anthropic", "claude-agent-sdk": "anthropic"}


def target_for(tool, settings):
    """The configured target, else the provider the definition's shape (or a decorated
    tool's framework) is sent to; the strictest pattern when neither tells."""
    if settings.target:
        return settings.target
    if tool.shape == "decorated":
        return FRAMEWORK_TARGET.get(tool.framework or "", "openai")
    return SHAPE_TARGET.get(tool.shape, "openai")


def _hands_tools_to_crewai(project) -> bool:
    """crewAI converts the LangChain tools its agents are given (`Tool.from_langchain` in
    BaseAgent.validate_tools, crewai 1.15) and sends `sanitize_tool_name(name)`: 'Search the
    web' goes out as 'search_the_web'. Which agent a LangChain tool reaches is not followed,
    so in a project that uses crewAI its LangChain tools' names are not judged."""
    return any(module == "crewai" or module.startswith("crewai.")
               for facts in project.modules.values() for _, module, _ in facts.imports)


class InvalidToolName(Rule):
    code = "TL301"
    name = "invalid-tool-name"
    summary = "The tool name fails the provider's name pattern"

    _seen = (None, False)  # (project, uses crewAI): asked once a run, not once a tool

    def _crewai(self, project) -> bool:
        if self._seen[0] is not project:
            self._seen = (project, _hands_tools_to_crewai(project))
        return self._seen[1]

    def check_tool(self, tool, group, ctx):
        name = tool.name.value
        if name is None or tool.shape == "server":
            return
        if tool.framework == "langchain" and not ctx.settings.target and self._crewai(ctx.project):
            return
        target = target_for(tool, ctx.settings)
        pattern = PATTERNS[target]
        if not pattern.match(name):
            yield self.report(tool.name.span, f"tool name {name!r} does not match {pattern.pattern} "
                              f"({target}): the API rejects the request; use letters, digits, '_' and '-'")
