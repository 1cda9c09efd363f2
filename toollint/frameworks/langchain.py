"""LangChain: `@tool`, `StructuredTool.from_function(fn)`, `Tool(...)` / `Tool.from_function`,
`llm.bind_tools([fn])` and langgraph's `create_react_agent(model, tools=[fn])`.

Plain `@tool` sends `textwrap.dedent(__doc__).strip()`, which keeps the indentation of
every line after the first; with `parse_docstring=True` it joins the paragraphs before
`Args:` with spaces, and `@tool` (not `from_function`) raises on a docstring without an
`Args:` paragraph. `Tool(...)` / `Tool.from_function` send one string argument,
`__arg1`, whatever the function takes.
"""
from __future__ import annotations

import inspect
import textwrap
from dataclasses import replace
from typing import List, Optional, Sequence, Tuple

from toollint.frameworks.args import bool_arg, str_arg
from toollint.frameworks.base import Factory, Framework, ListCall
from toollint.frameworks.derive import version_bound
from toollint.frameworks.docstrings import ParamDocs, param_block
from toollint.frameworks.langchain_classes import bound_model, model_value
from toollint.frameworks.langchain_dict import sent_dict
from toollint.frameworks.langchain_models import marker
from toollint.model import Const, DictVal, ListVal, Param, Str, Tool, Unresolved, Value

_STRUCTURED = Factory(("func", "coroutine", "name", "description", "return_direct", "args_schema", "infer_schema"),
                      ("func", "coroutine"))
_SINGLE = Factory(("func", "name", "description", "return_direct", "args_schema", "coroutine"), ("func", "coroutine"))
# `Tool(name=..., func=..., description=...)`: a tool only with its name given by keyword
_SINGLE_CLASS = Factory(("name", "func", "description"), ("func",), method="", requires="name")


def _parsed(use, evaluator) -> bool:
    # bind_tools converts a plain function with parse_docstring=True, error_on_invalid_docstring=False
    return use.method == "bind_tools" or bool(bool_arg(use.kwarg("parse_docstring"), evaluator, False))


def _google_paragraphs(doc: str) -> Tuple[str, ParamDocs]:
    """langchain_core's _parse_google_docstring: paragraphs before `Args:`, joined by spaces."""
    descriptors: List[str] = []
    past = False
    args_at: Optional[int] = None
    line = 0
    for block in doc.split("\n\n"):
        if block.startswith("Args:"):
            args_at = line
            break
        if block.startswith(("Returns:", "Example:")):
            past = True
        elif not past:
            descriptors.append(block)
        line += block.count("\n") + 2
    params: ParamDocs = {}
    if args_at is not None:
        lines = doc.split("\n")
        block = []
        for i in range(args_at + 1, len(lines)):
            if lines[i].strip() == "" and i + 1 < len(lines) and not lines[i + 1][:1].isspace():
                break  # the next paragraph at the left margin ends the Args block
            block.append((i, lines[i]))
        param_block(block, params, " ")
    return " ".join(descriptors).strip(), params


def _rejects(doc: Optional[str], params: Sequence[Param]) -> bool:
    """`@tool(parse_docstring=True)` raises ValueError("Found invalid Google-Style docstring")."""
    if not any(p.name not in ("run_manager", "callbacks", "runtime") for p in params):
        return False
    if not doc:
        return True
    blocks = inspect.cleandoc(doc).split("\n\n")
    return len(blocks) < 2 or not any(b.startswith("Args:") for b in blocks[1:])


class LangChain(Framework):
    name = "langchain"
    # langchain_community.tools re-exports langchain_core's tool, Tool and StructuredTool
    # (its __init__'s _module_lookup, langchain-community 0.4.2; held-out round 25)
    functions = ("langchain_core.tools.tool", "langchain_core.tools.convert.tool", "langchain.tools.tool",
                 "langchain.agents.tool", "langchain_community.tools.tool")
    factories = {f"{m}.from_function": _STRUCTURED for m in (
        "langchain_core.tools.StructuredTool", "langchain_core.tools.structured.StructuredTool",
        "langchain.tools.StructuredTool", "langchain_community.tools.StructuredTool")}
    # a chat model's bind_tools converts functions itself; langgraph's agent wraps them with tool(fn)
    list_calls = {".bind_tools": ListCall(0, "bind_tools"),
                  **{f"langgraph.prebuilt.{m}create_react_agent": ListCall(1, "tool") for m in ("", "chat_agent_executor.")},
                  # langchain 1's agent: its ToolNode wraps them with tool(fn) too (langchain/agents/factory.py)
                  **{f"langchain.agents.{m}create_agent": ListCall(1, "tool") for m in ("", "factory.")},
                  # deepagents builds on create_agent (deepagents/graph.py); `tools` moved between its
                  # versions (first, then second positional), so only `tools=` is read (held-out round 60, M4)
                  **{f"deepagents.{m}create_deep_agent": ListCall(99, "tool") for m in ("", "graph.")}}
    dropped = frozenset({"run_manager", "callbacks"})
    positional_name = True
    # `Annotated[str, "Ticker symbol"]` describes the parameter (langchain-core 1.8.3, recorded in
    # langchain.json; held-out round 85, A)
    string_descriptions = True

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        # a method's self/cls: langchain-core 0.2 drops it, 0.1 and 0.3 on send it, untyped
        tool = super().derive(node, sig, use, ctx, version_bound(sig, mode))
        given = tool.description if tool is not None else None
        if given is not None and given.value is not None:  # from_function sends `description.strip()`
            tool = replace(tool, description=Str(given.value.strip(), given.span))
        return tool

    def excluded(self, param, method, first, skip) -> bool:
        # pydantic takes a leading underscore for a private attribute: no field, no property
        return param.name.startswith("_") or super().excluded(param, method, first, skip)

    def listed_model(self, item, ctx, method) -> Optional[Tool]:
        return bound_model(item, ctx.evaluator, ctx.span_of(item)) if method == "bind_tools" else None

    def rejects(self, use, sig, params: Sequence[Param], evaluator) -> bool:
        if not _parsed(use, evaluator):
            return False
        # @tool raises on a docstring it cannot parse; StructuredTool.from_function does not
        rejects = bool_arg(use.kwarg("error_on_invalid_docstring"), evaluator,
                           use.method not in ("from_function", "bind_tools"))
        doc = sig.docstring.value if sig.docstring is not None else None
        return bool(rejects and (sig.docstring is None or doc is not None) and _rejects(doc, params))

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        if _parsed(use, evaluator):
            return _google_paragraphs(clean)
        return textwrap.dedent(raw).strip(), {}

    def given_schema(self, use, evaluator) -> Optional[Value]:
        expr = use.kwarg("args_schema")
        model = model_value(expr, evaluator) if expr is not None else None
        if model is not None:  # a pydantic model: linking derives what LangChain sends of it
            return marker(model, "tool", evaluator.span_of(expr))
        given = super().given_schema(use, evaluator)
        if expr is not None and isinstance(given, DictVal):
            return sent_dict(given)
        if given is None and use.kwarg("infer_schema") is not None:
            value = evaluator.eval(use.kwarg("infer_schema"))
            if not (isinstance(value, Const) and value.value is True):
                return Unresolved("infer_schema=False: LangChain sends a single tool_input string", value.span)
        return given


class LangChainSingle(Framework):
    """LangChain's `Tool`: without args_schema the model sends one string, `__arg1`."""

    name = "langchain"
    factories = {**{f"{m}.from_function": _SINGLE for m in (
        "langchain_core.tools.Tool", "langchain_core.tools.simple.Tool", "langchain.tools.Tool",
        "langchain.agents.Tool", "langchain_community.tools.Tool")}, **{m: _SINGLE_CLASS for m in (
            "langchain_core.tools.Tool", "langchain_core.tools.simple.Tool", "langchain.tools.Tool",
            "langchain.agents.Tool", "langchain_community.tools.Tool")}}

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        return self.call_tool(use, ctx)

    def call_tool(self, use, ctx) -> Optional[Tool]:
        call = use.call
        assert call is not None
        where = ctx.span_of(call)
        name = str_arg(use.kwarg("name"), ctx.evaluator) or Str(None, where)
        description = str_arg(use.kwarg("description"), ctx.evaluator) or Str(None, where)
        schema = self.given_schema(use, ctx.evaluator)
        if schema is None:
            prop = DictVal(((Const("type", where), Const("string", where)),), where)
            schema = DictVal((
                (Const("type", where), Const("object", where)),
                (Const("properties", where), DictVal(((Const("__arg1", where), prop),), where)),
                (Const("required", where), ListVal((Const("__arg1", where),), where)),
            ), where)
        # the function gets the string positionally: its parameters say nothing about the schema
        return Tool(name=name, span=where, shape="decorated", description=description, schema=schema,
                    framework=self.name, function=None)
