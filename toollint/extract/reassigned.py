"""`fn.description = ...` and `fn.name = ...` after a framework's decorator made a tool
object of `fn` (held-out round 92, C: a crewAI `@tool` inside a factory, its docstring
"Call a remote tool." judged although the assignment below replaces it).

The decorators of these frameworks return a tool object whose `name` and `description`
are plain attributes the request is built from when the agent runs, so the last
assignment in the def's block is what is sent. An MCP server's decorator registers the
function when it runs: assigning to the function afterwards changes nothing sent, and
those tools are left as derived. A value static evaluation cannot see makes the text
unknown (rules say nothing about it), never the docstring's."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.model import Const, Span, Str, Tool
from toollint.rulekit.naming import expression_text

OBJECT_FRAMEWORKS = frozenset({"langchain", "crewai", "smolagents", "openai-agents", "agno", "livekit-agents",
                               "anthropic", "claude-agent-sdk"})


def assignments(block: Sequence[cst.BaseStatement]) -> Dict[Tuple[str, str], cst.BaseExpression]:
    """(name, "name" or "description") -> the value last assigned to it in the block: one
    pass, read by every tool of the block."""
    out: Dict[Tuple[str, str], cst.BaseExpression] = {}
    for stmt in block:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign):
                for target in small.targets:
                    t = target.target
                    if isinstance(t, cst.Attribute) and t.attr.value in ("name", "description") \
                            and isinstance(t.value, cst.Name):
                        out[(t.value.value, t.attr.value)] = small.value
    return out


def reassigned(tool: Tool, assigned: Callable[[], Mapping[Tuple[str, str], cst.BaseExpression]], fn: str,
               evaluator, span_of: Callable[[cst.CSTNode], Span]) -> Tool:
    """The tool with the name and description the statements of its def's block give it;
    `assigned` gives that block's `assignments`, asked only for these frameworks' tools."""
    if tool.framework not in OBJECT_FRAMEWORKS:
        return tool
    found = assigned()
    for attr in ("name", "description"):
        expr = found.get((fn, attr))
        if expr is None:
            continue
        value = evaluator.eval(expr)
        text = value.value if isinstance(value, Const) and isinstance(value.value, str) else None
        if attr == "description":
            tool = replace(tool, description=Str(text, span_of(expr)))
        else:
            tool = replace(tool, name=Str(text, span_of(expr)),
                           name_expr=None if text is not None else expression_text(value) or _code(expr))
    return tool


def _code(expr: cst.BaseExpression) -> Optional[str]:
    try:
        return cst.Module([]).code_for_node(expr)
    except Exception:  # a node libcst cannot print alone: the message names the def instead
        return None
