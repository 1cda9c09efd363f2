"""fastmcp: `@mcp.tool`, `@tool`, `Tool.from_function(fn)`, `mcp.add_tool(fn)`,
`mcp.tool(fn, name=...)` called, and a FastMCP subclass's `self.tool(self.method)`.

From 3.2.4 it reads the docstring as Google, NumPy, then Sphinx (the first that finds a
section); before, it sends the docstring whole. From 3.0 it closes the schema. It honours
`exclude_args=`. Which version a project installs: config/pins.py. On a method it raises (its own `@tool`
there only marks the function for a later `mcp.add_tool(obj.method)`, with its options).
"""
from __future__ import annotations

from typing import Optional, Tuple

from toollint.config.pins import below
from toollint.frameworks.args import str_list
from toollint.frameworks.base import Factory, Framework
from toollint.frameworks.docstrings import ParamDocs, first_structured, summary
from toollint.frameworks.servers import FASTMCP_CLASSES
from toollint.model import CallVal

_FROM_FUNCTION = Factory(("fn",), ("fn",))
# fastmcp 3.2.4 began to parse docstrings (fastmcp/tools/function_parsing.py: `parse_docstring`);
# 2.x to 3.2.3 send `inspect.getdoc(fn)` whole and take no parameter docs from it (recorded
# with 2.13.0.1 in fastmcp_2.json; the project's version: config/pins.py)
_PARSES_DOCSTRINGS = (3, 2, 4)
# Dependencies fastmcp fills in itself (fastmcp.dependencies): a parameter whose default is
# one of these is not in the schema. Checked with fastmcp 4.2.3: `progress: Progress =
# Progress()` and `db=Depends(get_db)` beside `items: int` send only `items`.
_DEPENDENCIES = frozenset({"Depends", "Progress", "CurrentContext", "CurrentFastMCP", "CurrentDocket",
                           "CurrentWorker", "CurrentRequest", "CurrentHeaders", "CurrentAccessToken"})


class FastMCP(Framework):
    name = "fastmcp"
    functions = ("fastmcp.tools.tool", "fastmcp.tools.function_tool.tool")
    classes = FASTMCP_CLASSES
    toolkits = classes  # a subclass registering in __init__: `self.tool(self.search, name=...)`
    methods = frozenset({"tool"})
    # `class AppFastMCP(FastMCP)` overriding nothing of `tool`: its instances declare tools alike
    # (recorded, *_subclass.json; held-out round 46, M2)
    subclassed = True
    bare = True
    adders = {"add_tool": ("tool",)}
    # `FastMCP("tracker", tools=[get_labels, add_label])` registers each as `@mcp.tool` would
    # (fastmcp 2.x to 4.2.3; held-out round 30, M2)
    tool_list = "tools"
    factories = {q: _FROM_FUNCTION for q in (
        "fastmcp.tools.Tool.from_function", "fastmcp.tools.FunctionTool.from_function",
        "fastmcp.tools.base.Tool.from_function", "fastmcp.tools.function_tool.FunctionTool.from_function")}
    in_class = False
    marks = True
    closed = True
    positional_name = True
    opaque_named = True
    # `Annotated[str, "The calendar id"]` describes the parameter (fastmcp >= 2.11; recorded
    # with 4.2.3 in fastmcp_annotated.json; held-out round 42: 122 TL207); the mcp SDK's drops it
    string_descriptions = True

    def closes(self, evaluator) -> bool:
        # 2.x's compress_schema prunes pydantic's `additionalProperties: false`; 3.0 keeps it
        return not below(evaluator.bounds, "fastmcp", (3, 0, 0))

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        if below(evaluator.bounds, "fastmcp", _PARSES_DOCSTRINGS):
            return clean, {}  # `inspect.getdoc(fn)`, the Args block and what follows it included
        parsed = first_structured(clean)
        return summary(parsed, clean), parsed.params

    def excluded(self, param, method, first, skip) -> bool:
        default = param.default
        if isinstance(default, CallVal) and default.func.rpartition(".")[2] in _DEPENDENCIES:
            return True
        return super().excluded(param, method, first, skip)

    def skipped(self, use, evaluator) -> Tuple[str, ...]:
        return str_list(use.kwarg("exclude_args"), evaluator)
