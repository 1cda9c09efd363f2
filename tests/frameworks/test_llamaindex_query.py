"""LlamaIndex's QueryEngineTool (issue 18, M3): toollint.frameworks.llamaindex_query.
What llama-index-core sends is compared in test_llamaindex.py (llama_index_query.json);
here, what the rules make of it."""
from __future__ import annotations

from frameworkcase import extract

_AGENT = '''
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.tools import QueryEngineTool, ToolMetadata

engine = object()
tools = [
    QueryEngineTool(
        query_engine=engine,
        metadata=ToolMetadata(name="population_data", description="{population}"),
    ),
    QueryEngineTool.from_defaults(engine, name="lyft_10k", description="{lyft}"),
]
agent = FunctionAgent(tools=tools, llm=None)
'''

_GOOD = ("Population figures per city from the 2020 census. Use this when the user asks how many "
         "people live somewhere; for company figures use lyft_10k instead.")
_GOOD_LYFT = ("Lyft's 2021 annual report. Use this for questions about Lyft's revenue and risks; "
              "for city figures use population_data instead.")


def test_both_forms_are_tools_with_the_fixed_input(lint):
    tools = extract(_AGENT.format(population=_GOOD, lyft=_GOOD_LYFT))
    assert [t.name.value for t in tools] == ["population_data", "lyft_10k"]
    assert all(t.function is None and t.framework == "llama-index" for t in tools)
    assert lint({"agent.py": _AGENT.format(population=_GOOD, lyft=_GOOD_LYFT)}) == []


def test_a_label_description_is_judged(lint):
    found = lint({"agent.py": _AGENT.format(population="Population data", lyft=_GOOD_LYFT)}, select=["TL1", "TL2"])
    assert found == [("agent.py", 8, "TL102")]  # not TL207: `input` is the framework's, not the caller's


def test_the_input_of_a_function_tool_is_still_the_callers(lint):
    src = '''
from llama_index.core.tools import FunctionTool


def lookup(input: str) -> str:
    """Look a term up in the glossary. Use this when the user asks what a term means."""
    return input


glossary = FunctionTool.from_defaults(fn=lookup)
'''
    assert lint({"agent.py": src}, select=["TL207"]) == [("agent.py", 4, "TL207")]


def test_a_metadata_model_is_judged_as_the_callers(lint):
    src = '''
from pydantic import BaseModel
from llama_index.core.tools import QueryEngineTool, ToolMetadata


class Question(BaseModel):
    text: str


docs = QueryEngineTool(object(), ToolMetadata("Questions about the handbook. Use this for HR policy.", "handbook",
                                              fn_schema=Question))
'''
    assert lint({"agent.py": src}, select=["TL207"]) == [("agent.py", 6, "TL207")]
    # a model of one's own with the one field `input` is the caller's too (review)
    assert lint({"agent.py": src.replace("text: str", "input: str")}, select=["TL207"]) == [("agent.py", 6, "TL207")]


def test_no_tool_where_the_name_is_not_known():
    src = '''
from llama_index.core.tools import QueryEngineTool, ToolMetadata


def make(engine, metadata):
    return QueryEngineTool(query_engine=engine, metadata=metadata)


nameless = QueryEngineTool(query_engine=object(), metadata=ToolMetadata(description="Questions about the handbook."))
'''
    assert extract(src) == []


def test_from_defaults_without_a_name_or_description_sends_the_defaults():
    tools = extract('''
from llama_index.core.tools import QueryEngineTool

default = QueryEngineTool.from_defaults(object(), description="")
''')
    assert [(t.name.value, t.description.value.split("\n")[0]) for t in tools] == [
        ("query_engine_tool", "Useful for running a natural language query")]
