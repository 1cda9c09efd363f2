# Recorded with llama-index-core; see ../record.py. Query engine tools: no function, a fixed input.
from llama_index.core.tools import QueryEngineTool, ToolMetadata
from llama_index.core.tools.query_engine import QueryEngineTool as EngineTool
from llama_index.core.tools.types import ToolMetadata as Metadata


class _Engine:
    """Stands for a query engine: the tool only keeps it."""


_engine = _Engine()

population = QueryEngineTool(
    query_engine=_engine,
    metadata=ToolMetadata(name="population_data", description="Population figures per city, from the 2020 census."),
)
uber = EngineTool(_engine, Metadata("Uber's 2021 annual report. Use this for questions about Uber.", "uber_10k"))
lyft = QueryEngineTool.from_defaults(_engine, name="lyft_10k", description="Lyft's 2021 annual report.")
defaults = QueryEngineTool.from_defaults(query_engine=_engine)
emptied = QueryEngineTool.from_defaults(_engine, "emptied", "")
untyped = QueryEngineTool(
    query_engine=_engine,
    metadata=ToolMetadata(name="untyped", description="Questions about the handbook.", fn_schema=None),
)


# RetrieverTool: the same metadata and fixed input, its own defaults (held-out round 11)
from llama_index.core.tools import RetrieverTool  # noqa: E402
from llama_index.core.tools.retriever_tool import RetrieverTool as Retrieving  # noqa: E402


class _Retriever:
    """Stands for a retriever: the tool only keeps it."""


_retriever = _Retriever()

handbook = RetrieverTool(
    retriever=_retriever,
    metadata=ToolMetadata(name="handbook_search", description="Passages of the staff handbook. Use this for HR policy."),
)
manuals = Retrieving(_retriever, Metadata("Product manuals, by model number.", "manuals"))
faq = RetrieverTool.from_defaults(_retriever, name="faq_search", description="Answers from the support FAQ.")
plain = RetrieverTool.from_defaults(retriever=_retriever)
positional = RetrieverTool.from_defaults(_retriever, None, "positional", "")
