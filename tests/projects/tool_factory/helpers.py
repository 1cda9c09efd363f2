"""Library helpers that build tools from what their callers pass."""
from mcp.types import Tool
from langchain.agents import Tool as AgentTool


def make_tool(name, func, description, schema):
    return Tool(name=name, description=description, inputSchema=schema)


def as_openai(tool):
    return {"type": "function", "function": {"name": tool.name, "description": tool.description,
                                             "parameters": tool.inputSchema}}


class Wrapped:
    def __init__(self, name, description):
        self.name = name
        self.description = description

    def to_anthropic(self, schema):
        return {"name": self.name, "description": self.description, "input_schema": schema}


def make_langchain_tool(name, func, description):
    from langchain_core.tools import Tool as LCTool

    return LCTool(name=name, func=func, description=description)


def make_structured(func, name, description, schema):
    from langchain_core.tools import StructuredTool

    return StructuredTool.from_function(func=func, name=name, description=description, args_schema=schema)


def make_module_tool(name, func, description):
    return AgentTool(name=name, func=func, description=description)


def format_tool(tool):
    return {
        "name": tool.name,
        "description": tool.description,
        "parameters": {"properties": {"__arg1": {"title": "__arg1", "type": "string"}}, "required": ["__arg1"],
                       "type": "object"},
    }


class Collection:
    def __init__(self, agents):
        self._agents = agents

    def tools(self):
        tools = []
        for metadata, schema in self._agents.values():
            tools.append({"name": metadata.name, "description": metadata.description, "input_schema": schema})
        return tools

    def openai_tools(self):
        return [{"type": "function", "function": {"name": spec.name, "parameters": {"type": "object"}}}
                for spec in self._agents]


def to_openai(tools):
    # a loop that converts every tool it is given (held-out round 30): no tool of its own
    out = []
    for tool in tools:
        out.append({
            "type": "function",
            "function": {
                "name": tool["name"],
                "description": tool["description"],
                "parameters": tool.get("input_schema", {"type": "object", "properties": {}}),
            },
        })
    return out


class Registry:
    # a registry whose decorator names each tool `name or func.__name__` (held-out round 34)
    def __init__(self):
        self._schemas = {}

    def register(self, name=None, description=None):
        def deco(func):
            tool_name = name or func.__name__
            self._schemas[tool_name] = {"type": "function", "function": {
                "name": tool_name, "description": description or func.__doc__,
                "parameters": {"type": "object", "properties": {}}}}
            return func
        return deco
