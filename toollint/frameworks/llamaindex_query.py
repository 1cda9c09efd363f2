"""LlamaIndex's `QueryEngineTool` and `RetrieverTool`: tools with no function, whose input
is one string.

From llama-index-core 0.12.42 (llama_index/core/tools/query_engine.py, types.py; the
same in 0.14.25 but for the name, which 0.14 sanitises to `[a-zA-Z0-9_-]`), recorded in
tests/data/frameworks/llama_index_query.json:

- `QueryEngineTool(query_engine, metadata=ToolMetadata(description, name, fn_schema))`
  sends the metadata's name and description as given;
- `QueryEngineTool.from_defaults(query_engine, name, description)` sends
  `name or "query_engine_tool"` and `description or DEFAULT_DESCRIPTION`;
- the schema is `ToolMetadata.get_parameters_dict()`: `DefaultToolFnSchema`'s
  (`input: str`, titled "Input") unless `fn_schema=` says otherwise; `fn_schema=None`
  is a fixed `input` titled "input query string".

`RetrieverTool(retriever, metadata, node_postprocessors)` and
`RetrieverTool.from_defaults(retriever, node_postprocessors, name, description)`
(llama_index/core/tools/retriever_tool.py, the same in 0.12.42 and 0.14.25; recorded in
the same file) are alike, with `retriever_tool` and their own default description.

A metadata this module does not write out (a parameter, another module's) makes no tool:
its name is not known.
"""
from __future__ import annotations

from typing import Optional

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.frameworks.args import qualified, str_arg
from toollint.frameworks.base import Context, Factory, Use
from toollint.frameworks.render import object_of
from toollint.model import CallVal, Const, ListVal, Span, Str, Tool, Unresolved, Value

# class -> (default name, default description) of its from_defaults
_DEFAULTS = {
    "QueryEngineTool": ("query_engine_tool", "Useful for running a natural language query\n"
                        "against a knowledge base and get back a natural language response.\n"),
    "RetrieverTool": ("retriever_tool", "Useful for running a natural language query\n"
                      "against a knowledge base and retrieving a set of relevant documents.\n"),
}
_METADATA = {f"llama_index.core.{m}ToolMetadata" for m in ("", "tools.", "tools.types.")}
_METADATA_PARAMS = ("description", "name", "fn_schema", "return_direct")
_PATHS = {"QueryEngineTool": ("tools.", "tools.query_engine."), "RetrieverTool": ("tools.", "tools.retriever_tool.")}
_PARAMS = {  # (the constructor's, from_defaults') parameters, in order
    "QueryEngineTool": (("query_engine", "metadata", "resolve_input_errors"),
                        ("query_engine", "name", "description", "return_direct")),
    "RetrieverTool": (("retriever", "metadata", "node_postprocessors"),
                      ("retriever", "node_postprocessors", "name", "description")),
}

FACTORIES = {
    f"llama_index.core.{m}{cls}{suffix}": Factory(params, (), method=f"{cls}{suffix}")
    for cls, paths in _PATHS.items() for m in paths
    for suffix, params in zip(("", ".from_defaults"), _PARAMS[cls])
}


def query_engine_tool(use: Use, ctx: Context, framework: str) -> Optional[Tool]:
    where = ctx.span_of(use.call)
    cls, _, how = use.method.partition(".")
    if how == "from_defaults":
        default_name, default_description = _DEFAULTS[cls]
        name = _or_default(str_arg(use.kwarg("name"), ctx.evaluator), default_name, where)
        description = _or_default(str_arg(use.kwarg("description"), ctx.evaluator), default_description, where)
        return _tool(name, description, _input_schema("Input", where), framework, where)
    metadata = _metadata(use, ctx)
    if metadata is None:
        return None
    name = str_arg(metadata.kwarg("name"), ctx.evaluator)
    description = str_arg(metadata.kwarg("description"), ctx.evaluator) or Str(None, where)
    if name is None:
        return None  # ToolMetadata's name defaults to None: the agent fails on it, no tool is sent
    return _tool(name, description, _schema(metadata.kwarg("fn_schema"), ctx, framework, where), framework, where)


def _metadata(use: Use, ctx: Context) -> Optional[Use]:
    expr = use.kwarg("metadata")
    if isinstance(expr, cst.Name) and isinstance(ctx.names.get(expr.value), cst.Call):
        expr = ctx.names[expr.value]  # `metadata = ToolMetadata(...)` at module level
    if not isinstance(expr, cst.Call) or qualified(expr.func, ctx.imports) not in _METADATA:
        return None
    return Use(use.framework, expr, "ToolMetadata", _METADATA_PARAMS)


def _or_default(given: Optional[Str], default: str, where: Span) -> Str:
    """`name or DEFAULT_NAME`: an empty or absent value gives the default."""
    if given is None or given.value == "":
        return Str(default, given.span if given is not None else where)
    return given


def _schema(expr: Optional[cst.BaseExpression], ctx: Context, framework: str, where: Span) -> Value:
    if expr is None:
        return _input_schema("Input", where)  # DefaultToolFnSchema
    model = dotted(expr)
    if model == "None":
        return _input_schema("input query string", where)
    span = ctx.span_of(expr)
    if model is None:
        return Unresolved("fn_schema is not a class name", span)
    # a model's schema, read once the project's classes are known (frameworks/model_params.py)
    return CallVal(f"{model}.model_json_schema", (), (("toollint_transform", Const(framework, span)),), span)


def _input_schema(title: str, where: Span) -> Value:
    prop = object_of([("title", where, Const(title, where)), ("type", where, Const("string", where))], where)
    return object_of([("properties", where, object_of([("input", where, prop)], where)),
                      ("required", where, ListVal((Const("input", where),), where)),
                      ("type", where, Const("object", where))], where)


def _tool(name: Str, description: Str, schema: Value, framework: str, where: Span) -> Tool:
    return Tool(name=name, span=where, shape="decorated", description=description, schema=schema,
                framework=framework, function=None)
