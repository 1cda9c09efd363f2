"""LangChain's `create_retriever_tool(retriever, name, description)`: a tool with no
function of the project's, whose input is one `query` string.

From langchain-core 1.8.3 (langchain_core/tools/retriever.py), recorded in
tests/data/frameworks/langchain_retriever.json: a StructuredTool with the name and the
description as given (convert_to_openai_tool sends the description unstripped) and
`args_schema=RetrieverInput`, a model with one field, `query: str = Field(description=
"query to look up in retriever")`, unchanged since langchain-core 0.1. langchain
re-exports it as `langchain.tools.retriever.create_retriever_tool` and
`langchain.agents.agent_toolkits.create_retriever_tool` (0.1 to 0.3), langchain-classic
as `langchain_classic.tools.retriever...`.

A name or description that is not a literal stays unresolved.
"""
from __future__ import annotations

from typing import Optional

from toollint.frameworks.args import str_arg
from toollint.frameworks.base import Factory, Framework
from toollint.frameworks.render import object_of
from toollint.model import Const, ListVal, Str, Tool

_PARAMS = ("retriever", "name", "description", "document_prompt", "document_separator", "response_format")
_PATHS = ("langchain_core.tools", "langchain_core.tools.retriever", "langchain.tools.retriever",
          "langchain.agents.agent_toolkits", "langchain.agents.agent_toolkits.conversational_retrieval.tool",
          "langchain_classic.tools.retriever", "langchain_classic.agents.agent_toolkits")
_QUERY_DESCRIPTION = "query to look up in retriever"


class LangChainRetriever(Framework):
    name = "langchain"
    factories = {f"{m}.create_retriever_tool": Factory(_PARAMS, (), method="create_retriever_tool") for m in _PATHS}

    def call_tool(self, use, ctx) -> Optional[Tool]:
        assert use.call is not None
        where = ctx.span_of(use.call)
        name = str_arg(use.kwarg("name"), ctx.evaluator) or Str(None, where)
        description = str_arg(use.kwarg("description"), ctx.evaluator) or Str(None, where)
        query = object_of([("description", where, Const(_QUERY_DESCRIPTION, where)),
                           ("type", where, Const("string", where))], where)
        schema = object_of([("properties", where, object_of([("query", where, query)], where)),
                            ("required", where, ListVal((Const("query", where),), where)),
                            ("type", where, Const("object", where))], where)
        return Tool(name=name, span=where, shape="decorated", description=description, schema=schema,
                    framework=self.name, function=None)
