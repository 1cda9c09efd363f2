"""pydantic-ai: `@agent.tool` / `@agent.tool_plain`, `Tool(fn)`, `Agent(tools=[fn])`,
`FunctionToolset([fn])`, `toolset.add_function(fn)`.

`@agent.tool` passes a RunContext first, whatever its annotation; where the call leaves
it open (`Tool(fn)`, `tools=[fn]`), `takes_ctx=` says. It guesses the docstring style
from the raw `__doc__` and wraps the description in <summary>/<returns> tags when the
docstring has a Returns section (with a <type> when the section names one).
"""
from __future__ import annotations

import re
from typing import Optional, Sequence, Tuple

from toollint.frameworks.args import bool_arg, str_arg
from toollint.frameworks.base import Factory, Framework
from toollint.frameworks.docstrings import ParamDocs, parse, summary
from toollint.model import Param, Str, Tool, Unresolved

_STYLES = (
    (r"\n[ \t]*:{0}([ \t]+\w+)*:([ \t]+.+)?\n",
     ("param", "parameter", "arg", "argument", "key", "keyword", "type", "var", "ivar", "cvar", "vartype",
      "returns", "return", "rtype", "raises", "raise", "except", "exception"), "sphinx"),
    (r"\n[ \t]*{0}:([ \t]+.+)?\n[ \t]+.+",
     ("args", "arguments", "params", "parameters", "keyword args", "keyword arguments", "other args",
      "other arguments", "other params", "other parameters", "raises", "exceptions", "returns", "yields",
      "receives", "examples", "attributes", "functions", "methods", "classes", "modules", "warns", "warnings"),
     "google"),
    (r"\n[ \t]*{0}\n[ \t]*---+\n",
     ("deprecated", "parameters", "other parameters", "returns", "yields", "receives", "raises", "warns",
      "attributes", "functions", "methods", "classes", "modules"), "numpy"),
)


def docstring_style(raw: str) -> str:
    """pydantic-ai's _infer_docstring_style, on the raw `__doc__`."""
    for pattern, words, style in _STYLES:
        if any(re.search(pattern.format(w), raw, re.I | re.M) for w in words):
            return style
    return "google"


_TOOL = Factory(("function",), ("function",), method="auto")
# `Tool.from_schema(function, name, description, json_schema)`: the schema is given, sent as
# written with the name and description (pydantic_ai/tools.py; recorded, pydantic_ai_schema.json)
_FROM_SCHEMA = Factory(("function", "name", "description", "json_schema"), ("function",), method="from_schema")


class PydanticAI(Framework):
    name = "pydantic-ai"
    classes = ("pydantic_ai.Agent", "pydantic_ai.agent.Agent", "pydantic_ai.toolsets.FunctionToolset",
               "pydantic_ai.toolsets.function.FunctionToolset", "pydantic_ai.FunctionToolset")
    methods = frozenset({"tool", "tool_plain"})
    subclassed = True  # `class FileAgent(Agent[Deps, str])`: recorded, pydantic_ai_subclass.json
    bare = True
    adders = {"add_function": ("func", "takes_ctx", "name", "description")}
    # `class NotesToolset(FunctionToolset)` adding its own methods in __init__:
    # `self.add_function(self.add_note, name="add_note")` (held-out round 57, M1)
    toolkits = ("pydantic_ai.toolsets.FunctionToolset", "pydantic_ai.toolsets.function.FunctionToolset",
                "pydantic_ai.FunctionToolset")
    factories = {"pydantic_ai.Tool": _TOOL, "pydantic_ai.tools.Tool": _TOOL,
                 "pydantic_ai.Tool.from_schema": _FROM_SCHEMA, "pydantic_ai.tools.Tool.from_schema": _FROM_SCHEMA}
    tool_list = "tools"
    listing = frozenset({"FunctionToolset"})
    list_method = "auto"
    closed = True
    field_is_default = True  # _function_schema: `required = p.default is Parameter.empty`

    def call_tool(self, use, ctx) -> Optional[Tool]:
        if use.method != "from_schema":
            return None
        where = ctx.span_of(use.call)
        given = use.kwarg("json_schema")
        schema = ctx.evaluator.eval(given) if given is not None else Unresolved("no json_schema given", where)
        # the function takes what the schema says (`**kwargs` as a rule): no signature to compare
        return Tool(name=str_arg(use.kwarg("name"), ctx.evaluator) or Str(None, where), span=where, shape="decorated",
                    description=str_arg(use.kwarg("description"), ctx.evaluator), schema=schema, framework=self.name,
                    function=None)

    def tool_method(self, use, evaluator) -> str:
        if use.method not in ("auto", "add_function"):
            return use.method
        takes_ctx = bool_arg(use.kwarg("takes_ctx"), evaluator, None)
        return "tool" if takes_ctx is True else "tool_plain" if takes_ctx is False else "auto"

    def excluded(self, param: Param, method: str, first: bool, skip: Sequence[str]) -> bool:
        if first and method == "tool":
            return True  # the RunContext
        return super().excluded(param, method, first, skip)

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        parsed = parse(docstring_style(raw), clean)
        text = summary(parsed, clean)
        if parsed.returns is not None:
            kind = f"<type>{parsed.returns_type}</type>\n" if parsed.returns_type else ""
            returns = f"<returns>\n{kind}<description>{parsed.returns}</description>\n</returns>"
            text = f"<summary>{text}</summary>\n{returns}" if text else returns
        return text, parsed.params
