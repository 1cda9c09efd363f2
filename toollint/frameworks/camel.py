"""camel: `FunctionTool(fn)` / `FunctionTool(self.method)`, typically in a toolkit's
`get_tools()`.

camel-ai 0.2 (camel/toolkits/function_tool.py, get_openai_tool_schema and
sanitize_and_enforce_required): a pydantic model of the signature without titles,
the docstring read by docstring_parser, then made strict: every parameter required, a
parameter with a default loses it and becomes nullable, the schema closed.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional, Tuple

from toollint.frameworks.base import Factory, Framework
from toollint.frameworks.derive import function_tool
from toollint.frameworks.docparser import parsed
from toollint.frameworks.docstrings import ParamDocs
from toollint.frameworks.reshape import map_properties, put, require_all, without
from toollint.model import Const, DictVal, ListVal, Tool, Unresolved

_FUNCTION_TOOL = Factory(("func", "openai_tool_schema"), ("func",), method="FunctionTool")


def _nullable(prop: DictVal) -> DictVal:
    """sanitize_and_enforce_required on a parameter that had a default."""
    prop = without(prop, "default")
    kind, options = prop.get("type"), prop.get("anyOf")
    null = Const("null", prop.span)
    if isinstance(options, ListVal):
        if not any(isinstance(o, DictVal) and isinstance(o.get("type"), Const) and o.get("type").value == "null"
                   for o in options.items):
            options = ListVal(options.items + (DictVal(((Const("type", prop.span), null),), prop.span),),
                              options.span)
        return without(put(prop, "anyOf", options), "type")
    if isinstance(kind, Const):
        return put(prop, "type", ListVal((kind, null), kind.span))
    return prop


class Camel(Framework):
    name = "camel"
    factories = {q: _FUNCTION_TOOL for q in ("camel.toolkits.FunctionTool", "camel.toolkits.function_tool.FunctionTool")}
    toolkits = ("camel.toolkits.BaseToolkit", "camel.toolkits.base.BaseToolkit")
    closed = True

    def strict(self, use, evaluator) -> Optional[bool]:
        return True

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None or not isinstance(tool.schema, DictVal):
            return tool
        defaults = {p.name for p in sig.params if p.has_default}
        schema = map_properties(tool.schema, lambda name, prop: _nullable(prop) if name in defaults else prop)
        return replace(tool, schema=require_all(schema))

    def given_schema(self, use, evaluator):
        expr = use.kwarg("openai_tool_schema")
        if expr is not None:
            return Unresolved("the schema comes from openai_tool_schema=, which is not read statically",
                              evaluator.eval(expr).span)
        return None

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        text, docs, _ = parsed(clean)
        return text, docs
